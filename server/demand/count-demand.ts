import "server-only";
import type { Nearby } from "@/lib/catalog/types";
import type { SessionMember } from "@/server/auth/session";
import { afterResponse } from "@/server/base/follow-ups";
import { readCookie } from "@/server/base/cookie-header";
import type { Db } from "@/server/db/client";
import { getViewerLocation } from "@/server/location/get-viewer-location";
import { readLocationCookies } from "@/server/location/location-cookies";
import { readClientAddress } from "@/server/security";
import { recordDemand } from "./record-demand";

/** A search "found little" near the searcher when it found fewer products than this. */
export const LITTLE_RESULTS = 3;

/**
 * Who is searching or saving, only for recordDemand to count them once a week (it keeps nothing
 * but a keyed hash): a member by id; a visitor by address and browser, as web analytics that
 * store no cookie do. Visitors we cannot tell apart count as one, which only ever undercounts.
 */
export function demandPersonOf(member: SessionMember | null, headers: Headers): string {
  if (member) return `member:${member.id}`;
  return `visitor:${readClientAddress(headers) ?? ""}:${headers.get("user-agent") ?? ""}`;
}

/**
 * Counts a search that found nothing or little near the searcher (first pages only: loading more
 * is the same search), once the answer has gone out, so the search waits for nothing. Searches
 * without a My Local point are near nobody and are not counted.
 */
export async function countSearchAfterResponse(
  db: Db,
  input: {
    keyword: string;
    total: number;
    near: Nearby | null;
    member: SessionMember | null;
    headers: Headers;
  },
): Promise<void> {
  const { keyword, total, near } = input;
  if (!near || !keyword.trim() || total >= LITTLE_RESULTS) return;
  if (input.member && input.member.memberType !== "customer") return;
  const person = demandPersonOf(input.member, input.headers);
  await afterResponse("count an unmet search", () =>
    recordDemand(db, {
      kind: "unmet_search",
      text: keyword,
      latitude: near.latitude,
      longitude: near.longitude,
      person,
    }),
  );
}

/**
 * Counts a product saved in a Dream Tracker where the person is (their My Local point), once the
 * answer has gone out. Farms and admins have no My Local and are not counted.
 */
export async function countSavedAfterResponse(
  db: Db,
  input: { productName: string; member: SessionMember | null; req: Request },
): Promise<void> {
  const { member, req, productName } = input;
  if (member && member.memberType !== "customer") return;
  const person = demandPersonOf(member, req.headers);
  const cookieHeader = req.headers.get("cookie");
  const visitorLocation = member
    ? null
    : readLocationCookies({
        get: (name) => {
          const value = readCookie(cookieHeader, name);
          return value === undefined ? undefined : { value };
        },
      });
  await afterResponse("count a saved product", async () => {
    const location = member ? await getViewerLocation(db, member) : visitorLocation;
    if (!location) return;
    await recordDemand(db, {
      kind: "saved",
      text: productName,
      latitude: location.latitude,
      longitude: location.longitude,
      person,
    });
  });
}
