import type { Metadata } from "next";
import { notFound } from "next/navigation";
import {
  FarmersListPage,
  farmersListMetadata,
  type FarmersSearch,
} from "@/components/catalog/farmers-list";
import {
  SHARED_BUILD_PLACEHOLDER,
  farmerSortTypeOfSegment,
  fromSegment,
} from "@/lib/catalog/shared-pages";
import { sanitizeKeyword } from "@/lib/validation/search";
import { VIEWER_CITY_FALLBACK } from "@/server/location/get-viewer-city";

type Params = { city: string; sortType: string; keyword: string };
type Props = { params: Promise<Params> };

export function generateStaticParams(): Params[] {
  return [{ city: SHARED_BUILD_PLACEHOLDER, sortType: "all", keyword: SHARED_BUILD_PLACEHOLDER }];
}

async function readSearch(
  params: Props["params"],
): Promise<{ search: FarmersSearch; city: string } | null> {
  const segments = await params;
  const city = fromSegment(segments.city);
  const keyword = fromSegment(segments.keyword);
  if (city === null || keyword === null) return null;
  // The query's values as next.config.ts's rules captured them: read as the page reads a query.
  const search = {
    keyword: sanitizeKeyword(keyword),
    sortType: farmerSortTypeOfSegment(segments.sortType),
  };
  return { search, city: city || VIEWER_CITY_FALLBACK };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const read = await readSearch(params);
  return read ? farmersListMetadata(read.search.keyword, read.city) : { title: "Page not found" };
}

// The farmers list as everyone without My Local sees it (next.config.ts rewrites /merchants/list here:
// lib/catalog/shared-pages.ts). Read outside <Suspense>: rendered on its first visit, then cached.
export default async function SharedFarmersListPage({ params }: Props) {
  const read = await readSearch(params);
  if (!read) notFound();
  return <FarmersListPage search={Promise.resolve(read.search)} lists="shared" />;
}
