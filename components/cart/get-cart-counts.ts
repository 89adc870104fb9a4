import "server-only";
import { cookies } from "next/headers";
import { cache } from "react";
import type { CartCounts } from "@/lib/cart/types";
import { getSessionMember } from "@/server/auth/session";
import { countCartItems, VisitorCookies } from "@/server/cart";
import { getDb } from "@/server/db/client";

/**
 * The header badges' numbers: one count query for a member, the cookies for a visitor. Reads the
 * session and cookies, so callers render under <Suspense>. Cached per request.
 */
export const getCartCounts = cache(async (): Promise<CartCounts> => {
  const member = await getSessionMember();
  if (member) return countCartItems(await getDb(), { memberId: member.id });
  const visitor = VisitorCookies.fromEntries((await cookies()).getAll());
  return countCartItems(await getDb(), { visitor });
});
