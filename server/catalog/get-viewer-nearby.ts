import "server-only";
import type { Nearby } from "@/lib/catalog/types";
import type { SessionMember } from "@/server/auth/session";
import type { Db } from "@/server/db/client";
import { getViewerLocation } from "@/server/location/get-viewer-location";

/**
 * The viewer's My Local point and radius as the catalog lists take it, or null (no location saved,
 * or a merchant or admin, who have no My Local). Reads the location cookies for visitors, so pages
 * call it under <Suspense>.
 */
export async function getViewerNearby(
  db: Db,
  member: SessionMember | null,
): Promise<Nearby | null> {
  const location = await getViewerLocation(db, member);
  if (!location) return null;
  return {
    latitude: location.latitude,
    longitude: location.longitude,
    radiusKm: location.radiusKm,
  };
}
