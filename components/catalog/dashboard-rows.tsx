import { ArrowRight } from "lucide-react";
import Link from "next/link";
import { Suspense } from "react";
import { HomeSection } from "@/components/static/home-section";
import { toMerchantCardView, toProductCardView } from "@/lib/catalog/card-view";
import { DASHBOARD_ITEM_COUNT } from "@/lib/constants";
import { MyLocalBanner, NothingNearby } from "@/components/location/my-local-banner";
import {
  getMerchantListFor,
  getProductListFor,
  getViewerNarrowing,
  type CatalogLists,
} from "@/server/pages";
import { MerchantCardGrid, ProductCardGrid } from "./card-grids";
import { SearchBox } from "./search-box";
import { MerchantGridSkeleton, ProductGridSkeleton } from "./skeletons";

/** The dashboard's search box: a plain GET form to /products/filtered, no JavaScript. */
export function DashboardSearch({ lists }: { lists: CatalogLists }) {
  return (
    <section
      aria-labelledby="dashboard-search-title"
      className="border-b border-stone-200 bg-white py-10 sm:py-12"
    >
      <div className="container-page">
        <h2 id="dashboard-search-title" className="text-xl font-bold sm:text-2xl">
          What are you looking for?
        </h2>
        <SearchBox
          action="/products/filtered"
          label="Search products"
          placeholder="Tomatoes, eggs, honey..."
          size="lg"
          className="mt-4 max-w-3xl"
        />
        {/* The rows, the map and the farmers below all follow My Local: say so once, up here. */}
        {lists === "viewer" ? (
          <Suspense fallback={null}>
            <DashboardNarrowing />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}

async function DashboardNarrowing() {
  const narrowing = await getViewerNarrowing();
  return narrowing ? (
    <MyLocalBanner narrowing={narrowing} what="farms and products" className="mt-5 max-w-3xl" />
  ) : null;
}

function SeeMore({ href, what }: { href: string; what: string }) {
  return (
    <Link
      href={href}
      className="text-leaf-800 inline-flex items-center gap-1.5 rounded font-semibold underline-offset-4 hover:underline"
    >
      See more<span className="sr-only"> {what}</span> <ArrowRight aria-hidden className="size-4" />
    </Link>
  );
}

const PRODUCT_ROWS = {
  popular: {
    title: "Popular products",
    description: "What customers around you buy most these days.",
    // Every product, not the visitor's last search (an empty keyword clears it).
    href: "/products/filtered?sortType=popular&keyword=",
  },
  latest: {
    title: "Latest products",
    description: "Freshly listed by the farms.",
    href: "/products/filtered?sortType=latest&keyword=",
  },
} as const;

/**
 * Popular or latest products, 4 at a time (spec part 1 section 2). The viewer's row reads their My
 * Local setting, so it streams in under its own <Suspense>; the skeleton has the cards' size.
 */
export function DashboardProductRow({
  sortType,
  lists,
}: {
  sortType: keyof typeof PRODUCT_ROWS;
  lists: CatalogLists;
}) {
  const row = PRODUCT_ROWS[sortType];
  return (
    <HomeSection
      id={`${sortType}-products`}
      tone={sortType === "latest" ? "tinted" : "plain"}
      title={row.title}
      description={row.description}
      action={<SeeMore href={row.href} what={row.title.toLowerCase()} />}
    >
      {lists === "shared" ? (
        // Rendered once and cached whole: no skeleton to send ahead of the cards.
        <ProductRowCards sortType={sortType} lists={lists} />
      ) : (
        <Suspense
          fallback={
            <ProductGridSkeleton
              count={DASHBOARD_ITEM_COUNT}
              label={`Loading ${row.title.toLowerCase()}`}
            />
          }
        >
          <ProductRowCards sortType={sortType} lists={lists} />
        </Suspense>
      )}
    </HomeSection>
  );
}

async function ProductRowCards({
  sortType,
  lists,
}: {
  sortType: keyof typeof PRODUCT_ROWS;
  lists: CatalogLists;
}) {
  const { list, narrowing } = await getProductListFor(lists, "", sortType, DASHBOARD_ITEM_COUNT);
  if (list.items.length === 0)
    return narrowing ? (
      <NothingNearby narrowing={narrowing} noun="products" />
    ) : (
      <p className="text-stone-700">No products yet. Check back soon.</p>
    );
  return <ProductCardGrid products={list.items.map(toProductCardView)} />;
}

/** The newest farmers, 4 at a time (nearest first with My Local). */
export function DashboardFarmersRow({ lists }: { lists: CatalogLists }) {
  return (
    <HomeSection
      id="latest-farmers"
      title="Latest farmers"
      description="Farms and gardens that joined recently."
      action={<SeeMore href="/merchants/list" what="farmers" />}
    >
      {lists === "shared" ? (
        <FarmerRowCards lists={lists} />
      ) : (
        <Suspense
          fallback={
            <MerchantGridSkeleton count={DASHBOARD_ITEM_COUNT} label="Loading latest farmers" />
          }
        >
          <FarmerRowCards lists={lists} />
        </Suspense>
      )}
    </HomeSection>
  );
}

async function FarmerRowCards({ lists }: { lists: CatalogLists }) {
  const { list, narrowing } = await getMerchantListFor(lists, "", DASHBOARD_ITEM_COUNT);
  if (list.items.length === 0)
    return narrowing ? (
      <NothingNearby narrowing={narrowing} noun="farmers" />
    ) : (
      <p className="text-stone-700">No farmers yet.</p>
    );
  return <MerchantCardGrid merchants={list.items.map(toMerchantCardView)} />;
}
