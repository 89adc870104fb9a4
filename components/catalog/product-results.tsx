"use client";

import { useEffect, useRef, type ReactNode } from "react";
import { AskTheFarmer } from "@/components/messaging/ask-the-farmer";
import { buttonClasses } from "@/components/ui/button";
import type { ProductCard as ProductCardData } from "@/lib/catalog/types";
import type { SortType } from "@/lib/constants";
import { isFeatureOn } from "@/lib/features";
import { LoadMoreButton } from "./load-more-button";
import { ProductCard } from "./product-card";
import { PRODUCT_GRID_CLASSES } from "./skeletons";
import { useLoadMore, type LoadMorePage } from "./use-load-more";

export const NO_PRODUCTS_TEXT = "No products found. Try another keyword or sort.";

/**
 * The product grid of /products/filtered: the server's first page, then Load More. Each card asks
 * its farm about the product (Ask The Farmer), as the dashboard's farmer cards and stores do.
 */
export function ProductResults({
  keyword,
  sortType,
  initial,
  empty,
}: {
  keyword: string;
  sortType: SortType;
  /** Shown instead of the default text for an empty list (My Local's "nothing nearby"). */
  empty?: ReactNode;
  initial: LoadMorePage<ProductCardData>;
}) {
  const list = useLoadMore({
    endpoint: "/api/products/filtered",
    itemsKey: "products",
    query: { keyword, sortType },
    initial,
    noun: "products",
  });
  const grid = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (list.firstNewId === null) return;
    grid.current
      ?.querySelector<HTMLAnchorElement>(`[data-product-id="${list.firstNewId}"] a`)
      ?.focus();
  }, [list.firstNewId]);

  if (list.items.length === 0)
    return empty ?? <p className="py-12 text-center text-lg text-stone-700">{NO_PRODUCTS_TEXT}</p>;
  return (
    <>
      <p className="mb-5 text-stone-700">
        Showing {list.items.length} of {list.total} {list.total === 1 ? "product" : "products"}
      </p>
      <ul ref={grid} className={PRODUCT_GRID_CLASSES}>
        {list.items.map((product, index) => (
          <li key={product.id} data-product-id={product.id}>
            <ProductCard
              product={product}
              priority={index < 4}
              action={
                isFeatureOn("messaging") ? (
                  <AskTheFarmer
                    farmerName={product.merchantUsername}
                    prodId={product.id}
                    triggerLabel={`Ask The Farmer about ${product.title}`}
                    triggerClassName={buttonClasses({ variant: "secondary", size: "sm" })}
                  />
                ) : null
              }
            />
          </li>
        ))}
      </ul>
      <LoadMoreButton {...list} onLoadMore={list.loadMore} />
    </>
  );
}
