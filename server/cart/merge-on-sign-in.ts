import "server-only";
import type { Db } from "@/server/db/client";
import { log } from "@/server/log";
import { mergeVisitorItems } from "./merge-visitor-items";
import type { CookieSink, VisitorCookies } from "./visitor-cookies";

/**
 * The sign-in hook: merges the request's `cart_*` and `dreamtracker_*` cookies into the member's
 * saved items and expires them on `sink` (next/headers `cookies()` in next-auth's signIn event, a
 * response's cookies in POST /api/users/login). A failure here is logged and never stops
 * the sign-in: the cookies then stay and the visitor's items are not lost.
 */
export async function mergeCartCookiesOnSignIn(
  db: Db,
  memberId: number,
  visitor: VisitorCookies,
  sink: CookieSink,
): Promise<void> {
  if (!visitor.hasChanges && visitor.size("cart") === 0 && visitor.size("dreamtracker") === 0)
    return;
  try {
    const merged = await mergeVisitorItems(db, { memberId, visitor });
    visitor.writeTo(sink);
    log.debug({ memberId, merged }, "visitor cart merged on sign-in");
  } catch (error) {
    log.error({ memberId, err: error }, "could not merge the visitor cart on sign-in");
  }
}
