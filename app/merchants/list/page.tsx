import type { Metadata } from "next";
import { Suspense } from "react";
import { getViewerMerchantList } from "@/components/catalog/catalog-data";
import { merchantSearchMetadata } from "@/components/catalog/catalog-metadata";
import { MerchantResults } from "@/components/catalog/merchant-results";
import type { PageSearchParams } from "@/components/catalog/product-search-params";
import { MERCHANT_SEARCH_PLACEHOLDER, SearchBox } from "@/components/catalog/search-box";
import { MerchantGridSkeleton } from "@/components/catalog/skeletons";
import { MyLocalBanner, NothingNearby } from "@/components/location/my-local-banner";
import { PageIntro } from "@/components/static/page-intro";
import { PAGE_SIZES } from "@/lib/constants";
import { sanitizeKeyword } from "@/lib/validation/search";
import { getViewerCity } from "@/server/location/get-viewer-city";
import { pageMetadata } from "@/server/seo";

type Props = { searchParams: Promise<PageSearchParams> };

async function keywordOf(searchParams: Props["searchParams"]): Promise<string> {
  const { keyword } = await searchParams;
  return sanitizeKeyword(Array.isArray(keyword) ? keyword[0] : keyword);
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const keyword = await keywordOf(searchParams);
  const { title, description } = merchantSearchMetadata(keyword, await getViewerCity());
  return {
    ...pageMetadata({ title, description, path: "/merchants/list" }),
    robots: keyword ? { index: false, follow: true } : undefined,
  };
}

// merchantList: /merchants/list: a search box, farmer cards and Load More (10 a page)
export default function MerchantListPage({ searchParams }: Props) {
  return (
    <>
      <PageIntro
        eyebrow="Meet the growers"
        title="Farmers"
        lead="The farmers and gardeners selling on the marketplace. Visit a store to see what they have picked."
      />
      <div className="container-page py-10 sm:py-12">
        <Suspense fallback={<ListFallback />}>
          <MerchantList searchParams={searchParams} />
        </Suspense>
      </div>
    </>
  );
}

async function MerchantList({ searchParams }: Props) {
  const keyword = await keywordOf(searchParams);
  const { list, place, narrowing } = await getViewerMerchantList(keyword, PAGE_SIZES.merchants);
  return (
    <>
      <SearchBox
        action="/merchants/list"
        label="Search farmers"
        placeholder={MERCHANT_SEARCH_PLACEHOLDER}
        defaultValue={keyword}
        className="max-w-2xl"
      />
      {narrowing ? (
        <MyLocalBanner narrowing={narrowing} what="farmers" className="mt-6 max-w-4xl" />
      ) : null}
      <h2 className="mt-8 mb-2 text-xl font-bold">
        {keyword ? <>Farmers matching &ldquo;{keyword}&rdquo;</> : "All farmers"}
      </h2>
      {/* A new search or My Local place starts the list over (saving My Local refreshes). */}
      <MerchantResults
        key={`${keyword}\u0000${place}`}
        keyword={keyword}
        initial={list}
        empty={narrowing ? <NothingNearby narrowing={narrowing} noun="farmers" /> : undefined}
      />
    </>
  );
}

function ListFallback() {
  return (
    <>
      <div className="h-12 max-w-2xl rounded-full border border-stone-200 bg-white" />
      <div className="mt-8 mb-2 h-7" />
      <div className="mb-5 h-6" />
      <MerchantGridSkeleton count={PAGE_SIZES.merchants} />
    </>
  );
}
