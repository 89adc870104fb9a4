import "server-only";
import { eq } from "drizzle-orm";
import type { SessionMember } from "@/server/auth/session";
import type { Db } from "@/server/db/client";
import { localLocations } from "@/server/db/schema";
import { clearLocationCookies, type CookieWriter } from "./location-cookies";

export const LOCATION_CLEARED_MESSAGE = "Your location has been cleared.";

/**
 * Forgets the viewer's My Local setting: a member's row goes, and the visitor cookies are expired
 * in any case (a customer may still hold them from before signing in). Clearing nothing is fine.
 */
export async function clearViewerLocation(
  db: Db,
  { member, cookies }: { member: SessionMember | null; cookies: CookieWriter },
): Promise<void> {
  if (member) await db.delete(localLocations).where(eq(localLocations.memberId, member.id));
  clearLocationCookies(cookies);
}
