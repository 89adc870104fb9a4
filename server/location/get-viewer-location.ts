import "server-only";
import { eq } from "drizzle-orm";
import { cookies } from "next/headers";
import { cache } from "react";
import type { SessionMember } from "@/server/auth/session";
import type { Db } from "@/server/db/client";
import { localLocations } from "@/server/db/schema";
import { readLocationCookies } from "./location-cookies";
import type { ViewerLocation } from "./types";

export type { ViewerLocation } from "./types";

/**
 * The viewer's My Local setting, or null when there is none. Customers keep it in
 * `local_locations` (one primary-key query); visitors in the `loc_address`/`loc_radius` cookies
 * (a decrypt, no query). Merchants and admins have no My Local (spec part 1 section 6): null, no
 * query. Reads cookies for visitors, so a server component calling it renders under <Suspense>.
 * Cached per request: the dialog, the map and the listings share one read.
 */
export async function getViewerLocation(
  db: Db,
  member: SessionMember | null,
): Promise<ViewerLocation | null> {
  if (!member) return readVisitorLocation();
  if (member.memberType !== "customer") return null;
  return loadMemberLocation(db, member.id);
}

// cache() keys on argument identity: the member id, not the member object, so callers holding
// different copies of the session still share one query.
const loadMemberLocation = cache(
  async (db: Db, memberId: number): Promise<ViewerLocation | null> => {
    const [row] = await db
      .select({
        latitude: localLocations.latitude,
        longitude: localLocations.longitude,
        radiusKm: localLocations.radiusKm,
        address: localLocations.address,
        city: localLocations.city,
        provinceState: localLocations.provinceState,
        postalCode: localLocations.postalCode,
        country: localLocations.country,
      })
      .from(localLocations)
      .where(eq(localLocations.memberId, memberId))
      .limit(1);
    // A row without a point cannot order anything by distance; saving always geocodes, so this is
    // only ever an old or hand-made row.
    if (!row || row.latitude === null || row.longitude === null) return null;
    return { ...row, latitude: row.latitude, longitude: row.longitude };
  },
);

const readVisitorLocation = cache(async (): Promise<ViewerLocation | null> =>
  readLocationCookies(await cookies()),
);
