"use client";

import { clsx as cx } from "clsx";
import { CheckCircle2, Pencil, RotateCcw, Trash2, TriangleAlert, XCircle } from "lucide-react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { Suspense, use, useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { send } from "@/components/account/send";
import { ProductCard } from "@/components/catalog/product-card";
import { LoadMoreButton } from "@/components/catalog/load-more-button";
import { Button, buttonClasses } from "@/components/ui/button";
import type { ListPage, ProductCard as ProductCardData } from "@/lib/catalog/types";

export const EMPTY_STORE_TEXT = "There are no items available for sale at the moment.";
export const EMPTY_DELETED_TEXT = "Whoa! You have no deleted items.";
const LOAD_FAILED_TEXT = "The next items could not be loaded. Please try again.";
const ACTION_FAILED_TEXT = "Oopsy, something went wrong. Please try again.";

// The confirmation dialog (Radix) loads when an owner first asks to remove a product, not with
// every visitor's store page.
const RemoveProductDialog = dynamic(
  () => import("./remove-product-dialog").then((m) => m.RemoveProductDialog),
  { ssr: false },
);

type Action = "delete" | "activate" | "remove";
type Status = { kind: "success" | "error"; text: string };
type StoreProductsAnswer = {
  products: ProductCardData[];
  total: number;
  page: number;
  perPage: number;
  hasMore: boolean;
};

export type StoreProductsProps = {
  username: string;
  /** public: the active products; deleted: the owner's deleted ones. */
  viewMode: "public" | "deleted";
  /**
   * Whether the viewer owns the store, which turns on the edit mode's controls (Edit and Delete, or
   * Activate and Permanently Remove in the deleted view). A promise lets the cards render at once
   * while the session is read; each card's controls wait for it on their own.
   */
  owner: Promise<boolean> | boolean;
  initial: ListPage<ProductCardData>;
  /**
   * The store owner's first page, read fresh; null for anyone else. The cached first page can come
   * from a render that began before the owner's last write (Next hands a render in flight to every
   * request for the same page), and a farmer who has just added a product must see it.
   */
  ownersPage?: Promise<ListPage<ProductCardData> | null>;
};

/**
 * A store's product cards with Load More (12 a page, from GET /api/stores/{username}/products) and,
 * in edit mode, the owner's controls. An action takes the card out of the list at once and says
 * what happened in a live region; the page's remaining items move up, so the last loaded page is
 * read again to fill the gap and nothing is skipped on the next Load More.
 */
export function StoreProducts({
  username,
  viewMode,
  owner,
  initial,
  ownersPage,
}: StoreProductsProps) {
  const [list, setList] = useState(() => listFrom(initial));
  const [loading, setLoading] = useState(false);
  const loadingRef = useRef(false);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const [confirming, setConfirming] = useState<ProductCardData | null>(null);
  // Next keeps a visited page alive (React Activity) and hands it the server's fresh first page
  // when the page is opened again: start over from that, not from what was on screen before.
  if (list.source !== initial) {
    setList(listFrom(initial));
    setStatus(null);
  }
  const takeOwnersPage = useCallback(
    (page: ListPage<ProductCardData>) => setList(listFrom(page, initial)),
    [initial],
  );
  const { items, total, pagesLoaded, hasMore } = list;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  const headingId = `store-${viewMode}-heading`;
  const heading = viewMode === "deleted" ? "Deleted items" : "Items for sale";

  async function fetchPage(page: number): Promise<StoreProductsAnswer | null> {
    const query = new URLSearchParams({ viewMode, page: String(page) });
    try {
      const response = await fetch(
        `/api/stores/${encodeURIComponent(username)}/products?${query}`,
        { credentials: "same-origin" },
      );
      return response.ok ? ((await response.json()) as StoreProductsAnswer) : null;
    } catch {
      return null;
    }
  }

  /** Adds the cards of `answer` not shown yet, and takes its total and whether more remain. */
  function merge(answer: StoreProductsAnswer, page: number) {
    setList((current) => {
      const shown = new Set(current.items.map((p) => p.id));
      const items = [...current.items, ...answer.products.filter((p) => !shown.has(p.id))];
      return { ...current, items, total: answer.total, hasMore: answer.hasMore, pagesLoaded: page };
    });
  }

  async function loadMore() {
    if (loadingRef.current) return;
    loadingRef.current = true;
    setLoading(true);
    const next = pagesLoaded + 1;
    const answer = await fetchPage(next);
    loadingRef.current = false;
    setLoading(false);
    if (answer) merge(answer, next);
    else setStatus({ kind: "error", text: LOAD_FAILED_TEXT });
  }

  async function act(product: ProductCardData, action: Action) {
    setBusyId(product.id);
    setStatus(null);
    const result = await send<{ message: string }>(`/api/products/${product.id}/${action}`, {});
    setBusyId(null);
    if (!result.ok) {
      // An activate error shows the server's message (spec part 1 section 8): the plan limit, say.
      setStatus({ kind: "error", text: result.message || ACTION_FAILED_TEXT });
      return;
    }
    setList((current) => ({
      ...current,
      items: current.items.filter((p) => p.id !== product.id),
      total: Math.max(0, current.total - 1),
    }));
    setStatus({ kind: "success", text: result.data.message });
    // The button that had focus is gone: keep keyboard users in the list.
    headingRef.current?.focus();
    if (hasMore) {
      const refill = await fetchPage(pagesLoaded);
      if (refill) merge(refill, pagesLoaded);
    }
  }

  return (
    <section aria-labelledby={headingId} className="container-page py-10 sm:py-12">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold text-stone-900 focus:outline-none"
        >
          {heading}
        </h2>
        {total > 0 ? (
          <p className="text-sm text-stone-600">{total === 1 ? "1 item" : `${total} items`}</p>
        ) : null}
      </div>

      <StatusLine status={status} />
      {ownersPage ? (
        <Suspense fallback={null}>
          <OwnersPage ownersPage={ownersPage} onPage={takeOwnersPage} />
        </Suspense>
      ) : null}

      {items.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-stone-300 bg-white px-5 py-10 text-center text-lg text-stone-700">
          {viewMode === "deleted" ? EMPTY_DELETED_TEXT : EMPTY_STORE_TEXT}
        </p>
      ) : (
        <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {items.map((product, index) => (
            <li key={product.id} className="flex flex-col gap-2">
              <div className="flex-1">
                <ProductCard product={product} priority={index < 4} showStock />
              </div>
              <Suspense fallback={null}>
                <OwnerOnly owner={owner}>
                  <ProductControls
                    product={product}
                    viewMode={viewMode}
                    busy={busyId === product.id}
                    disabled={busyId !== null}
                    onAction={(action) => {
                      if (action !== "remove") return void act(product, action);
                      returnFocus.current =
                        document.activeElement instanceof HTMLElement
                          ? document.activeElement
                          : null;
                      setConfirming(product);
                    }}
                  />
                </OwnerOnly>
              </Suspense>
            </li>
          ))}
        </ul>
      )}

      <LoadMoreButton
        hasMore={hasMore}
        loading={loading}
        onLoadMore={() => void loadMore()}
        describedBy={headingId}
        className="mt-8 items-center"
      />

      {confirming ? (
        <RemoveProductDialog
          product={confirming}
          returnFocusRef={returnFocus}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            const product = confirming;
            returnFocus.current = null;
            setConfirming(null);
            void act(product, "remove");
          }}
        />
      ) : null}
    </section>
  );
}

/** The list shown, from `page`; `source` is the server's first page it started from. */
function listFrom(page: ListPage<ProductCardData>, source = page) {
  return {
    source,
    items: page.items,
    total: page.total,
    pagesLoaded: page.page,
    hasMore: page.hasMore,
  };
}

/** Hands the owner's fresh first page to the list once it is in (nothing for anyone else). */
function OwnersPage({
  ownersPage,
  onPage,
}: {
  ownersPage: Promise<ListPage<ProductCardData> | null>;
  onPage: (page: ListPage<ProductCardData>) => void;
}) {
  const page = use(ownersPage);
  useEffect(() => {
    if (page) onPage(page);
  }, [page, onPage]);
  return null;
}

function OwnerOnly({
  owner,
  children,
}: {
  owner: Promise<boolean> | boolean;
  children: ReactNode;
}) {
  const isOwner = typeof owner === "boolean" ? owner : use(owner);
  return isOwner ? children : null;
}

function StatusLine({ status }: { status: Status | null }) {
  const Icon = status?.kind === "error" ? TriangleAlert : CheckCircle2;
  return (
    // Always in the page, so screen readers hear each new message.
    <div role="status" aria-live="polite" className="mt-3 min-h-6">
      {status ? (
        <p
          className={cx(
            "inline-flex items-center gap-2 rounded-xl px-3 py-2 text-[0.9375rem] font-medium",
            status.kind === "error" ? "bg-red-50 text-red-800" : "bg-leaf-50 text-leaf-900",
          )}
        >
          <Icon aria-hidden className="size-5 shrink-0" />
          {status.text}
        </p>
      ) : null}
    </div>
  );
}

function ProductControls({
  product,
  viewMode,
  busy,
  disabled,
  onAction,
}: {
  product: ProductCardData;
  viewMode: "public" | "deleted";
  busy: boolean;
  disabled: boolean;
  onAction: (action: Action) => void;
}) {
  // Each control names its product, so a list of "Delete" buttons still reads apart.
  const name = <span className="sr-only"> {product.title}</span>;
  return (
    <div className="flex flex-wrap gap-2" aria-busy={busy || undefined}>
      {viewMode === "deleted" ? (
        <>
          <Button size="sm" onClick={() => onAction("activate")} disabled={disabled}>
            <RotateCcw aria-hidden />
            Activate{name}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            className="text-red-800 hover:border-red-600 hover:text-red-900"
            onClick={() => onAction("remove")}
            disabled={disabled}
          >
            <XCircle aria-hidden />
            Permanently Remove{name}
          </Button>
        </>
      ) : (
        <>
          <Link
            href={`/products/${product.id}/edit`}
            className={buttonClasses({ size: "sm", variant: "secondary" })}
          >
            <Pencil aria-hidden />
            Edit{name}
          </Link>
          <Button
            size="sm"
            variant="secondary"
            className="text-red-800 hover:border-red-600 hover:text-red-900"
            onClick={() => onAction("delete")}
            disabled={disabled}
          >
            <Trash2 aria-hidden />
            Delete{name}
          </Button>
        </>
      )}
    </div>
  );
}
