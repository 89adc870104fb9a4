import type { Metadata } from "next";
import { ProductSearchPage, productSearchMetadata } from "@/components/catalog/product-search";
import {
  canonicalProductsPath,
  resolveProductSearch,
  type PageSearchParams,
} from "@/components/catalog/product-search-params";
import { getViewerCity } from "@/server/location/get-viewer-city";

type Props = { searchParams: Promise<PageSearchParams> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const params = await searchParams;
  return productSearchMetadata(
    await resolveProductSearch(params),
    await getViewerCity(),
    canonicalProductsPath(params),
  );
}

// filteredProducts as this viewer sees it: their My Local and remembered search, per request.
// Searches with nothing of the viewer's in them get the shared copy (next.config.ts, app/shared-pages/products).
export default function FilteredProductsPage({ searchParams }: Props) {
  return (
    <ProductSearchPage
      search={searchParams.then((params) => resolveProductSearch(params))}
      lists="viewer"
    />
  );
}
