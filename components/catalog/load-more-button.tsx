"use client";

import { useHydrated } from "@/components/layout/use-hydrated";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";

/**
 * The Load More button of every list (products, farmers, a store, reviews), with an error line and,
 * when the list has no live count of its own, a live region for `announcement` (always rendered,
 * so screen readers pick up its first announcement). While loading, the button stays focusable
 * (aria-disabled, not disabled) so keyboard focus is not lost: `onLoadMore` must ignore a click
 * while it loads. Before the page hydrates it is disabled: a tap then would load nothing.
 */
export function LoadMoreButton({
  hasMore,
  loading,
  error = null,
  announcement,
  onLoadMore,
  describedBy,
  size = "lg",
  className = "mt-10 items-center",
}: {
  hasMore: boolean;
  loading: boolean;
  error?: string | null;
  /** What the last load added, for screen readers; leave out when the list announces its count. */
  announcement?: string;
  onLoadMore: () => void;
  describedBy?: string;
  size?: "md" | "lg";
  /** Placement of the button and its lines (margins, alignment). */
  className?: string;
}) {
  const hydrated = useHydrated();
  return (
    <div className={cn("flex flex-col gap-3", className)}>
      {announcement === undefined ? null : (
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
      )}
      {error ? (
        <p role="alert" className="text-tomato-600 font-medium">
          {error}
        </p>
      ) : null}
      {hasMore ? (
        <Button
          variant="secondary"
          size={size}
          onClick={onLoadMore}
          disabled={!hydrated}
          aria-disabled={loading}
          aria-busy={loading}
          aria-describedby={describedBy}
        >
          {loading ? "Loading…" : "Load More"}
        </Button>
      ) : null}
    </div>
  );
}
