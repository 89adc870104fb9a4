import "server-only";
import type { Metadata } from "next";
import { Suspense } from "react";
import { MyLocalBanner, NothingNearby } from "@/components/location/my-local-banner";
import { PageIntro } from "@/components/static/page-intro";
import { FARMER_SORT_TYPES, PAGE_SIZES, type FarmerSortType } from "@/lib/constants";
import type { MerchantSearch } from "@/lib/validation/search";
import { getMerchantListFor, pageMetadata, type CatalogLists } from "@/server/pages";
import { merchantSearchMetadata } from "./catalog-metadata";
import { MerchantResults } from "./merchant-results";
import { MERCHANT_SEARCH_PLACEHOLDER, SearchBox } from "./search-box";
import { SortLinks } from "./sort-tabs";
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
/** The farmers list's search: its keyword and sort (All, or Top rated). */
export type FarmersSearch = Pick<MerchantSearch, "keyword" | "sortType">;

const FARMER_SORT_LABELS: Record<FarmerSortType, string> = { all: "All", rating: "Top rated" };

/** `/merchants/list` for a keyword and sort (All left out, so the list of every farmer is one URL). */
export function farmersListHref(keyword: string, sortType: FarmerSortType): string {
  const query = new URLSearchParams();
  if (keyword) query.set("keyword", keyword);
  if (sortType !== "all") query.set("sortType", sortType);
  const search = query.toString();
  return search ? `/merchants/list?${search}` : "/merchants/list";
}

/**
 * merchantList: /merchants/list: a search box, All / Top rated, farmer cards and Load More (10 a
 * page). `lists` says whose farmers: the viewer's (My Local, per request) or everyone's (the
 * shared copy).
 */
export function FarmersListPage({
  search,
  lists,
}: {
  search: Promise<FarmersSearch>;
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
          <MerchantList search={search} lists={lists} />
        </Suspense>
      </div>
    </>
  );
}

async function MerchantList({
  search,
  lists,
}: {
  search: Promise<FarmersSearch>;
  lists: CatalogLists;
}) {
  const { keyword, sortType } = await search;
  const { list, place, narrowing } = await getMerchantListFor(
    lists,
    keyword,
    PAGE_SIZES.merchants,
    sortType,
  );
  return (
    <>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <SearchBox
          action="/merchants/list"
          label="Search farmers"
          placeholder={MERCHANT_SEARCH_PLACEHOLDER}
          defaultValue={keyword}
          hidden={sortType === "all" ? {} : { sortType }}
          className="max-w-2xl lg:flex-1"
        />
        <SortLinks
          label="Sort farmers"
          sorts={FARMER_SORT_TYPES}
          labels={FARMER_SORT_LABELS}
          current={sortType}
          hrefOf={(sort) => farmersListHref(keyword, sort)}
        />
      </div>
      {narrowing ? (
        <MyLocalBanner narrowing={narrowing} what="farmers" className="mt-6 max-w-4xl" />
      ) : null}
      <h2 className="mt-8 mb-2 text-xl font-bold">
        {keyword ? <>Farmers matching &ldquo;{keyword}&rdquo;</> : "All farmers"}
      </h2>
      {/* A new search or My Local place starts the list over (saving My Local refreshes). */}
      <MerchantResults
        key={`${keyword}\u0000${sortType}\u0000${place}`}
        keyword={keyword}
        sortType={sortType}
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
