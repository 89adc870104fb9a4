import type { Metadata } from "next";
import { FarmersListPage, farmersListMetadata } from "@/components/catalog/farmers-list";
import type { PageSearchParams } from "@/components/catalog/product-search-params";
import { sanitizeKeyword } from "@/lib/validation/search";
import { getViewerCity } from "@/server/location/get-viewer-city";

type Props = { searchParams: Promise<PageSearchParams> };

async function keywordOf(searchParams: Props["searchParams"]): Promise<string> {
  const { keyword } = await searchParams;
  return sanitizeKeyword(Array.isArray(keyword) ? keyword[0] : keyword);
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return farmersListMetadata(await keywordOf(searchParams), await getViewerCity());
}

// merchantList as this viewer sees it (My Local, per request). Visitors with nothing of their own
// in it get the shared copy (next.config.ts, app/shared-pages/farmers).
export default function MerchantListPage({ searchParams }: Props) {
  return <FarmersListPage keyword={keywordOf(searchParams)} lists="viewer" />;
}
