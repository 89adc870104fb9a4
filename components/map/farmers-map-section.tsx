import { Suspense } from "react";
import { HomeSection } from "@/components/static/home-section";
import { loadViewerMapPoint, type CatalogLists } from "@/server/pages";
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
  return <FarmersMap viewerPoint={await loadViewerMapPoint()} />;
}
