"use client";

import { useEffect, useRef, type ReactNode } from "react";
import type { MerchantCard as MerchantCardData } from "@/lib/catalog/types";
import type { FarmerSortType } from "@/lib/constants";
import { LoadMoreButton } from "./load-more-button";
import { MerchantCard } from "./merchant-card";
import { MERCHANT_GRID_CLASSES } from "./skeletons";
import { useLoadMore, type LoadMorePage } from "./use-load-more";

export const NO_MERCHANTS_TEXT = "No farmers found. Try another name or place.";

/** The farmer cards of /merchants/list: the server's first page, then Load More. */
export function MerchantResults({
  keyword,
  sortType,
  initial,
  empty,
}: {
  keyword: string;
  sortType: FarmerSortType;
  /** Shown instead of the default text for an empty list (My Local's "nothing nearby"). */
  empty?: ReactNode;
  initial: LoadMorePage<MerchantCardData>;
}) {
  const list = useLoadMore({
    endpoint: "/api/merchants/list",
    itemsKey: "merchants",
    query: { keyword, sortType },
    initial,
    noun: "farmers",
  });
  const grid = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (list.firstNewId === null) return;
    grid.current
      ?.querySelector<HTMLAnchorElement>(`[data-merchant-id="${list.firstNewId}"] a`)
      ?.focus();
  }, [list.firstNewId]);

  if (list.items.length === 0)
    return empty ?? <p className="py-12 text-center text-lg text-stone-700">{NO_MERCHANTS_TEXT}</p>;
  return (
    <>
      <p className="mb-5 text-stone-700">
        Showing {list.items.length} of {list.total} {list.total === 1 ? "farmer" : "farmers"}
      </p>
      <ul ref={grid} className={MERCHANT_GRID_CLASSES}>
        {list.items.map((merchant) => (
          <li key={merchant.id} data-merchant-id={merchant.id}>
            <MerchantCard merchant={merchant} />
          </li>
        ))}
      </ul>
      <LoadMoreButton {...list} onLoadMore={list.loadMore} />
    </>
  );
}
