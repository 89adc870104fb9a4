import "server-only";
import type { Metadata } from "next";
import { Suspense } from "react";
import { MyLocalBanner, NothingNearby } from "@/components/location/my-local-banner";
import { ShellDescription } from "@/components/seo/shell-description";
import { PageIntro } from "@/components/static/page-intro";
import { PAGE_SIZES, type SortType } from "@/lib/constants";
import { isFeatureOn } from "@/lib/features";
import { getProductListFor, pageMetadata, type CatalogLists } from "@/server/pages";
import { PRODUCT_SEARCH_DESCRIPTION, productSearchTitle } from "./catalog-metadata";
import { ProductResults } from "./product-results";
import { RememberSearch } from "./remember-search";
import { SearchBox } from "./search-box";
import { ProductGridSkeleton } from "./skeletons";
import { SortTabs } from "./sort-tabs";

export type ProductSearch = { keyword: string; sortType: SortType };

/** Title, canonical address and robots of /products/filtered for a search. */
export function productSearchMetadata(
  { keyword, sortType }: ProductSearch,
  city: string,
  canonicalPath: string,
): Metadata {
  return {
    ...pageMetadata({
      title: productSearchTitle(keyword, sortType, city),
      description: PRODUCT_SEARCH_DESCRIPTION,
      path: canonicalPath,
    }),
    // In the shell's <head> instead (ShellDescription): this metadata streams into <body>.
    description: null,
    // One page per sort is worth indexing; every keyword's results are not.
    robots: keyword ? { index: false, follow: true } : undefined,
  };
}

/**
 * filteredProducts: /products/filtered: sort All, Popular or Latest, a keyword box and Load More.
 * `lists` says whose results: the viewer's (My Local, per request) or everyone's (the shared copy).
 */
export function ProductSearchPage({
  search,
  lists,
}: {
  search: Promise<ProductSearch>;
  lists: CatalogLists;
}) {
  return (
    <>
      <ShellDescription content={PRODUCT_SEARCH_DESCRIPTION} />
      <PageIntro
        eyebrow="Shop local"
        title="Products"
        lead="Search what the farms and gardens near you have for sale, or see what is popular and new."
      />
      {/* At least a screen tall: the placeholder is a full page of cards, and a short answer
          ("No products found") would otherwise pull the footer up into view (a layout shift). */}
      <div className="container-page min-h-dvh py-10 sm:py-12">
        <Suspense fallback={<SearchFallback />}>
          <FilteredProducts search={search} lists={lists} />
        </Suspense>
      </div>
    </>
  );
}

async function FilteredProducts({
  search,
  lists,
}: {
  search: Promise<ProductSearch>;
  lists: CatalogLists;
}) {
  const { keyword, sortType } = await search;
  const { list, place, narrowing } = await getProductListFor(
    lists,
    keyword,
    sortType,
    PAGE_SIZES.products,
  );
  return (
    <>
      <RememberSearch keyword={keyword} sortType={sortType} />
      <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <SearchBox
          action="/products/filtered"
          label="Search products"
          placeholder="Search products"
          defaultValue={keyword}
          hidden={{ sortType }}
          className="lg:max-w-xl"
        />
        <SortTabs keyword={keyword} current={sortType} />
      </div>
      {narrowing ? <MyLocalBanner narrowing={narrowing} what="products" className="mt-6" /> : null}
      <h2 className="mt-8 mb-2 text-xl font-bold">
        {keyword ? <>Results for &ldquo;{keyword}&rdquo;</> : "All products"}
      </h2>
      <ProductResults
        // A new search, sort or My Local place starts the list over (saving My Local refreshes).
        key={`${keyword}\u0000${sortType}\u0000${place}`}
        keyword={keyword}
        sortType={sortType}
        initial={list}
        empty={narrowing ? <NothingNearby narrowing={narrowing} noun="products" /> : undefined}
      />
    </>
  );
}

/** Holds the controls' and the first page's place while the search resolves. */
function SearchFallback() {
  return (
    <>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <div className="h-12 w-full rounded-full border border-stone-200 bg-white lg:max-w-xl" />
        <div className="h-12 w-64 rounded-full border border-stone-200 bg-white" />
      </div>
      <div className="mt-8 mb-2 h-7" />
      <div className="mb-5 h-6" />
      <ProductGridSkeleton count={PAGE_SIZES.products} withAction={isFeatureOn("messaging")} />
    </>
  );
}
