import Link from "next/link";
import { SORT_TYPES, type SortType } from "@/lib/constants";
import { cn } from "@/lib/cn";

export const SORT_LABELS: Record<SortType, string> = {
  all: "All",
  popular: "Popular",
  latest: "Latest",
  rating: "Top rated",
};

/** `/products/filtered` for a keyword and sort (the defaults left out, so each list has one URL). */
export function filteredProductsHref(keyword: string, sortType: SortType): string {
  const query = new URLSearchParams();
  if (keyword) query.set("keyword", keyword);
  query.set("sortType", sortType);
  return `/products/filtered?${query.toString()}`;
}

/**
 * All / Popular / Latest / Top rated as links (each sort is its own page, crawlable and working without
 * JavaScript); the current one carries aria-current.
 */
export function SortTabs({ keyword, current }: { keyword: string; current: SortType }) {
  return (
    <SortLinks
      label="Sort products"
      sorts={SORT_TYPES}
      labels={SORT_LABELS}
      current={current}
      hrefOf={(sortType) => filteredProductsHref(keyword, sortType)}
    />
  );
}

/** A list's sorts as links, the current one with aria-current (products and farmers). */
export function SortLinks<S extends string>({
  label,
  sorts,
  labels,
  current,
  hrefOf,
}: {
  label: string;
  sorts: readonly S[];
  labels: Record<S, string>;
  current: S;
  hrefOf: (sort: S) => string;
}) {
  return (
    <nav aria-label={label}>
      <ul className="inline-flex rounded-full border border-stone-300 bg-white p-1 shadow-sm">
        {sorts.map((sort) => {
          const isCurrent = sort === current;
          return (
            <li key={sort}>
              <Link
                href={hrefOf(sort)}
                aria-current={isCurrent ? "page" : undefined}
                scroll={false}
                className={cn(
                  "focus-visible:outline-leaf-600 inline-flex h-10 min-w-16 items-center justify-center rounded-full px-3 text-[0.9375rem] font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 sm:min-w-20 sm:px-4",
                  isCurrent
                    ? "bg-leaf-700 text-white"
                    : "hover:bg-leaf-50 hover:text-leaf-800 text-stone-700",
                )}
              >
                {labels[sort]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
