import "server-only";
import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { Suspense } from "react";
import { STORE_VIEW_MODES, INTRODUCTION_PREVIEW_MAX_CHARS } from "@/lib/constants";
import { truncate } from "@/lib/format";
import {
  absoluteUrl,
  cardPaymentsConfigured,
  getCachedStorePage,
  getSessionMember,
  isPossibleUsername,
  loadStoreProducts,
  type StorePageData,
} from "@/server/pages";
import { OwnerToolbar } from "./owner-toolbar";
import { StorePickupPlaces } from "./store-pickup-places";
import { StoreProducts } from "./store-products";
import { StoreProfile, storePlace } from "./store-profile";

/** `{viewMode}` of /stores/{username}/{viewMode}: absent (the store), public or deleted. */
export type StoreViewParam = (typeof STORE_VIEW_MODES)[number] | null;

export type StoreRouteParams = Promise<{ username: string; viewMode?: string }>;

/**
 * The one username the store routes' `generateStaticParams` give the build. Cache Components needs
 * at least one param to prerender a route whose params are read outside <Suspense>, and the build
 * has no database to read: this name can never be a username, so it is a 404 without a query. Every
 * real store is prerendered on its first visit and then served from the cache.
 */
const STORE_PLACEHOLDER_USERNAME = "-";

/**
 * What a store route's page file exports, made once for the three of them: /stores/{username},
 * /stores/{username}/{viewMode} (`withViewMode`) and the shared copy of /stores/{username}
 * (`shared`). Next reads `generateStaticParams`, `generateMetadata` and the default export from the
 * page file itself, so each page file re-exports these.
 */
export function storeRoute({
  shared = false,
  withViewMode = false,
}: {
  /** The shared copy (everyone but a farm, next.config.ts): see StorePage. */
  shared?: boolean;
  /** The route has a `{viewMode}` segment (public or deleted). */
  withViewMode?: boolean;
} = {}) {
  return {
    /** A name no store can have: real stores are prerendered on their first visit, so an unknown one is a real 404. */
    generateStaticParams(): Array<{ username: string; viewMode?: string }> {
      if (!withViewMode) return [{ username: STORE_PLACEHOLDER_USERNAME }];
      return STORE_VIEW_MODES.map((viewMode) => ({
        username: STORE_PLACEHOLDER_USERNAME,
        viewMode,
      }));
    },
    generateMetadata({ params }: { params: StoreRouteParams }): Promise<Metadata> {
      return storeMetadata(params);
    },
    Page({ params }: { params: StoreRouteParams }) {
      return <StorePage params={params} shared={shared} />;
    },
  };
}

function parseViewMode(value: string | undefined): StoreViewParam | undefined {
  if (value === undefined) return null;
  return (STORE_VIEW_MODES as readonly string[]).includes(value)
    ? (value as StoreViewParam)
    : undefined;
}

async function readRoute(
  params: StoreRouteParams,
): Promise<{ username: string; viewMode: StoreViewParam } | null> {
  const { username, viewMode: rawViewMode } = await params;
  const viewMode = parseViewMode(rawViewMode);
  if (viewMode === undefined || !isPossibleUsername(username)) return null;
  return { username, viewMode };
}

/** True when the signed-in member is the merchant of this store. Reads the session: call under <Suspense>. */
async function isStoreOwner(storeId: number): Promise<boolean> {
  const member = await getSessionMember();
  return member !== null && member.memberType === "merchant" && member.id === storeId;
}

/** Title, description and canonical address of a store page; the owner-only views stay out of search engines. */
export async function storeMetadata(params: StoreRouteParams): Promise<Metadata> {
  const route = await readRoute(params);
  const store = route ? await getCachedStorePage(route.username) : null;
  if (!route || !store) return { title: "Store not found", robots: { index: false } };
  const { profile } = store;
  const url = absoluteUrl(`/stores/${encodeURIComponent(profile.username)}`);
  const title = `${profile.username}: fresh produce from ${profile.city ?? "a local farm"}`;
  const description = profile.introduction
    ? truncate(profile.introduction, INTRODUCTION_PREVIEW_MAX_CHARS)
    : `Fresh produce from ${profile.username} in ${storePlace(profile)}. Order online, pay in person or by card.`;
  return {
    title,
    description,
    alternates: { canonical: url },
    openGraph: {
      type: "profile",
      title,
      description,
      url,
      images: profile.avatarImage ? [profile.avatarImage] : undefined,
    },
    robots: route.viewMode === null ? undefined : { index: false },
  };
}

/**
 * The store page of /stores/{username} and /stores/{username}/{viewMode} (spec part 1 sections 2,
 * 4 and 6). Everyone gets the cached store (profile and first page, the same for all); the session
 * is read only in small islands under <Suspense>: the owner's bar, the controls on each card, and
 * the owner-only views (`public` and `deleted`; anyone else goes back to the store).
 *
 * The username and the cached store are read OUTSIDE <Suspense>, like the product page: with the
 * route's `generateStaticParams` (STORE_PLACEHOLDER_USERNAME) this part runs while Next prerenders the
 * page on its first visit, before anything streams, so an unknown store or a customer's username is
 * a real HTTP 404, and later visits get the prerendered store from the cache until its tags expire.
 * A non-owner's redirect from the owner-only views depends on the session, so it can only happen
 * after the shell has gone out (a `refresh` meta tag); `proxy.ts` sends visitors, customers and
 * admins back with a real 307 before rendering starts, leaving only other farmers to that fallback.
 */
export async function StorePage({
  params,
  shared = false,
}: {
  params: StoreRouteParams;
  /** The shared copy (everyone but a farm, next.config.ts): no owner's bar, no owner's controls. */
  shared?: boolean;
}) {
  const route = await readRoute(params);
  if (!route) notFound();
  const store = await getCachedStorePage(route.username);
  if (!store) notFound();
  const { username, viewMode } = route;
  const cardPaymentsEnabled = cardPaymentsConfigured();

  return (
    <>
      <StoreProfile profile={store.profile} cardPaymentsEnabled={cardPaymentsEnabled} />
      <StorePickupPlaces pickup={store.pickup} />
      {shared ? (
        <StoreProducts
          username={username}
          viewMode="public"
          initial={store.products}
          owner={false}
        />
      ) : viewMode === "deleted" ? (
        <Suspense fallback={<ListLoading />}>
          <DeletedItems username={username} storeId={store.profile.id} />
        </Suspense>
      ) : (
        <>
          <Suspense fallback={null}>
            <OwnerBar
              username={username}
              storeId={store.profile.id}
              current={viewMode === "public" ? "public" : "active"}
            />
          </Suspense>
          <ActiveProducts
            username={username}
            store={store}
            // The public view shows the owner what customers see: no controls.
            controls={viewMode !== "public"}
          />
        </>
      )}
    </>
  );
}

/**
 * The active products on the store's own route (farms see it; everyone else the shared copy): the
 * cached first page, and for the owner theirs read fresh with, but on the public view, the controls.
 */
function ActiveProducts({
  username,
  store,
  controls,
}: {
  username: string;
  store: StorePageData;
  controls: boolean;
}) {
  const ownersPage = ownersActivePage(username, store.profile.id);
  return (
    <StoreProducts
      username={username}
      viewMode="public"
      initial={store.products}
      ownersPage={ownersPage}
      owner={controls && ownersPage.then((page) => page !== null)}
    />
  );
}

/** The owner's first page of active products, read fresh; null for anyone else. */
async function ownersActivePage(username: string, storeId: number) {
  if (!(await isStoreOwner(storeId))) return null;
  return loadStoreProducts({
    username,
    viewMode: "public",
    page: 1,
    viewerId: storeId,
  });
}

/** The owner's bar; on the owner-only public view anyone else is sent back to the store. */
async function OwnerBar({
  username,
  storeId,
  current,
}: {
  username: string;
  storeId: number;
  current: "active" | "public";
}) {
  if (!(await isStoreOwner(storeId))) {
    if (current === "public") redirect(`/stores/${username}`);
    return null;
  }
  return <OwnerToolbar username={username} current={current} />;
}

/** The owner's deleted products, read fresh; anyone else is sent back to the store. */
async function DeletedItems({ username, storeId }: { username: string; storeId: number }) {
  const member = await getSessionMember();
  if (!member || member.memberType !== "merchant" || member.id !== storeId)
    redirect(`/stores/${username}`);
  const products = await loadStoreProducts({
    username,
    viewMode: "deleted",
    page: 1,
    viewerId: member.id,
  });
  return (
    <>
      <OwnerToolbar username={username} current="deleted" />
      <StoreProducts username={username} viewMode="deleted" initial={products} owner />
    </>
  );
}

function ListLoading() {
  return (
    <p aria-busy="true" className="container-page py-10 text-stone-600">
      Loading your deleted items…
    </p>
  );
}
