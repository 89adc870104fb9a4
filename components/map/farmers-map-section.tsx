import { Suspense } from "react";
import type { CatalogLists } from "@/components/catalog/catalog-data";
import { HomeSection } from "@/components/static/home-section";
import { getSessionMember } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { getViewerLocation } from "@/server/location/get-viewer-location";
import { FarmersMap, FarmersMapFrame } from "./farmers-map";

/**
 * The dashboard's farmers map (spec part 1 section 2). The section and a box of the map's height
 * are in the static shell; the map itself is a client island that loads its code and the farm
 * points only when the section comes near the viewport. The viewer's My Local point, read per
 * request, only decides where the map opens; the shared dashboard has none.
 */
export function FarmersMapSection({ lists }: { lists: CatalogLists }) {
  return (
    <HomeSection
      id="farmers-map"
      title="Farmers on the map"
      description="Find the farms and gardens around you. Select a pin to meet the farmer and visit their store."
    >
      {lists === "viewer" ? (
        <Suspense fallback={<FarmersMapFrame />}>
          <ViewerAwareFarmersMap />
        </Suspense>
      ) : (
        <FarmersMap viewerPoint={null} />
      )}
    </HomeSection>
  );
}

async function ViewerAwareFarmersMap() {
  const location = await getViewerLocation(await getDb(), await getSessionMember());
  const viewerPoint = location
    ? { latitude: location.latitude, longitude: location.longitude, radiusKm: location.radiusKm }
    : null;
  return <FarmersMap viewerPoint={viewerPoint} />;
}
