import { ChevronLeft, ChevronRight } from "lucide-react";
import Link from "next/link";
import { cn } from "@/lib/cn";

type PaginationProps = {
  page: number;
  pageCount: number;
  /** The address of a page (keeps the keyword). */
  hrefFor: (page: number) => string;
  /** The nav's accessible name, e.g. "Pages of received orders". */
  label: string;
};

const itemClass =
  "inline-flex h-11 min-w-11 items-center justify-center gap-1 rounded-full px-3 text-[0.9375rem] font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-leaf-600";

/**
 * Page numbers with Previous and Next, as links (works without JavaScript; the page number is in
 * the address, so the back button and a reload keep it). Shows the first, the last and two around
 * the current page, with gaps as an ellipsis; the current page is marked with aria-current.
 */
export function Pagination({ page, pageCount, hrefFor, label }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-6 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {page > 1 ? (
            <Link
              href={hrefFor(page - 1)}
              className={cn(itemClass, "text-leaf-800 hover:bg-leaf-50")}
              rel="prev"
            >
              <ChevronLeft aria-hidden className="size-4" />
              Previous
            </Link>
          ) : (
            <span aria-disabled="true" className={cn(itemClass, "text-stone-400")}>
              <ChevronLeft aria-hidden className="size-4" />
              Previous
            </span>
          )}
        </li>
        {pageNumbers(page, pageCount).map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} aria-hidden className="px-1 text-stone-500">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                href={hrefFor(n)}
                aria-label={`Page ${n}`}
                aria-current={n === page ? "page" : undefined}
                className={cn(
                  itemClass,
                  n === page ? "bg-leaf-700 text-white" : "hover:bg-leaf-50 text-stone-800",
                )}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link
              href={hrefFor(page + 1)}
              className={cn(itemClass, "text-leaf-800 hover:bg-leaf-50")}
              rel="next"
            >
              Next
              <ChevronRight aria-hidden className="size-4" />
            </Link>
          ) : (
            <span aria-disabled="true" className={cn(itemClass, "text-stone-400")}>
              Next
              <ChevronRight aria-hidden className="size-4" />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}

/** 1 … 4 5 [6] 7 8 … 20; null is a gap. */
export function pageNumbers(page: number, pageCount: number): (number | null)[] {
  const shown = new Set([1, pageCount]);
  for (let n = page - 2; n <= page + 2; n += 1) if (n >= 1 && n <= pageCount) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((n, i) => {
    const gap = i > 0 ? n - sorted[i - 1]! - 1 : 0;
    // An ellipsis standing for a single page would hide it for nothing: show that page instead.
    if (gap === 1) out.push(n - 1);
    else if (gap > 1) out.push(null);
    out.push(n);
  });
  return out;
}
