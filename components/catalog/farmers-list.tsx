import "server-only";
import type { Metadata } from "next";
import { Suspense } from "react";
import { MyLocalBanner, NothingNearby } from "@/components/location/my-local-banner";
import { PageIntro } from "@/components/static/page-intro";
import { PAGE_SIZES } from "@/lib/constants";
import { getMerchantListFor, pageMetadata, type CatalogLists } from "@/server/pages";
import { merchantSearchMetadata } from "./catalog-metadata";
import { MerchantResults } from "./merchant-results";
import { MERCHANT_SEARCH_PLACEHOLDER, SearchBox } from "./search-box";
import { MerchantGridSkeleton } from "./skeletons";

/** Title, description and robots of /merchants/list for a keyword. */
export function farmersListMetadata(keyword: string, city: string): Metadata {
  const { title, description } = merchantSearchMetadata(keyword, city);
  return {
    ...pageMetadata({ title, description, path: "/merchants/list" }),
    robots: keyword ? { index: false, follow: true } : undefined,
  };
}

/**
 * merchantList: /merchants/list: a search box, farmer cards and Load More (10 a page). `lists` says
 * whose farmers: the viewer's (My Local, per request) or everyone's (the shared copy).
 */
export function FarmersListPage({
  keyword,
  lists,
}: {
  keyword: Promise<string>;
  lists: CatalogLists;
}) {
  return (
    <>
      <PageIntro
        eyebrow="Meet the growers"
        title="Farmers"
        lead="The farmers and gardeners selling on the marketplace. Visit a store to see what they have picked."
      />
      <div className="container-page py-10 sm:py-12">
        <Suspense fallback={<ListFallback />}>
          <MerchantList keyword={keyword} lists={lists} />
        </Suspense>
      </div>
    </>
  );
}

async function MerchantList({
  keyword: search,
  lists,
}: {
  keyword: Promise<string>;
  lists: CatalogLists;
}) {
  const keyword = await search;
  const { list, place, narrowing } = await getMerchantListFor(lists, keyword, PAGE_SIZES.merchants);
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
