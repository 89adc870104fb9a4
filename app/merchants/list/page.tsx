import type { Metadata } from "next";
import {
  FarmersListPage,
  farmersListMetadata,
  type FarmersSearch,
} from "@/components/catalog/farmers-list";
import type { PageSearchParams } from "@/components/catalog/product-search-params";
import { merchantSearchSchema } from "@/lib/validation/search";
import { getViewerCity } from "@/server/location/get-viewer-city";

type Props = { searchParams: Promise<PageSearchParams> };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The query's keyword (sanitised) and sort (All unless Top rated), as the list API reads them. */
async function searchOf(searchParams: Props["searchParams"]): Promise<FarmersSearch> {
  const { keyword, sortType } = await searchParams;
  const shape = merchantSearchSchema.shape;
  return {
    keyword: shape.keyword.parse(first(keyword)),
    sortType: shape.sortType.parse(first(sortType)),
  };
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return farmersListMetadata((await searchOf(searchParams)).keyword, await getViewerCity());
}

// merchantList as this viewer sees it (My Local, per request). Visitors with nothing of their own
// in it get the shared copy (next.config.ts, app/shared-pages/farmers).
export default function MerchantListPage({ searchParams }: Props) {
  return <FarmersListPage search={searchOf(searchParams)} lists="viewer" />;
}
