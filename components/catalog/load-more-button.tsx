"use client";

import { useHydrated } from "@/components/layout/use-hydrated";
import { Button } from "@/components/ui/button";

/**
 * The Load More button with its live region (the count of what was added) and an error line.
 * The region is always rendered, so screen readers pick up its first announcement. While loading,
 * the button stays focusable (aria-disabled, not disabled) so keyboard focus is not lost. Before
 * the page hydrates it is disabled: a tap then would load nothing.
 */
export function LoadMoreButton({
  hasMore,
  loading,
  error,
  announcement,
  onLoadMore,
}: {
  hasMore: boolean;
  loading: boolean;
  error: string | null;
  announcement: string;
  onLoadMore: () => void;
}) {
  const hydrated = useHydrated();
  return (
    <div className="mt-10 flex flex-col items-center gap-3">
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {error ? (
        <p role="alert" className="text-tomato-600 font-medium">
          {error}
        </p>
      ) : null}
      {hasMore ? (
        <Button
          variant="secondary"
          size="lg"
          onClick={onLoadMore}
          disabled={!hydrated}
          aria-disabled={loading}
          aria-busy={loading}
        >
          {loading ? "Loading..." : "Load More"}
        </Button>
      ) : null}
    </div>
  );
}
