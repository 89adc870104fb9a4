import "server-only";
import { cookies } from "next/headers";
import type { CartKind, CartList } from "@/lib/cart/types";
import { getSessionMember } from "@/server/auth/session";
import { listCartItems, VisitorCookies } from "@/server/cart";
import { getDb } from "@/server/db/client";

/**
 * The cart or dream tracker for the page being rendered: the member's rows, else the visitor's
 * cookies. Reads the session and cookies, so callers render under <Suspense>.
 */
export async function loadCartList(kind: CartKind): Promise<{ list: CartList; signedIn: boolean }> {
  const member = await getSessionMember();
  const owner = member
    ? { memberId: member.id }
    : { visitor: VisitorCookies.fromEntries((await cookies()).getAll()) };
  return { list: await listCartItems(await getDb(), { kind, owner }), signedIn: member !== null };
}
