import "server-only";
import { cache } from "react";
import { getSessionMember } from "@/server/auth/session";
import type { Viewer } from "./nav-items";

/**
 * The person the menus are drawn for: null for a visitor. Reads the session cookie, so callers
 * must render under <Suspense>. Cached per request: the header and the footer share one read.
 */
export const getViewer = cache(async (): Promise<Viewer | null> => {
  const member = await getSessionMember();
  if (!member) return null;
  return { role: member.memberType, username: member.username, firstName: member.firstName };
});
