import { cn } from "@/lib/cn";
import { PRODUCT_CARD_BODY_MIN_HEIGHT } from "./product-card";

/** The grid every product list uses: one column at 375 px, up to four on wide screens. */
export const PRODUCT_GRID_CLASSES =
  "grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4";
/** The grid of farmer cards. */
export const MERCHANT_GRID_CLASSES = "grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-4";

function Bar({ className }: { className?: string }) {
  return <span className={cn("block rounded-full bg-stone-200", className)} />;
}

/** Placeholders the size of `count` product cards, shown while a list loads (no layout shift). */
export function ProductGridSkeleton({
  count,
  label = "Loading products",
  withAction = false,
}: {
  count: number;
  label?: string;
  /** The cards have an action row (ProductCard's `action`): hold its place too. */
  withAction?: boolean;
}) {
  return (
    <div role="status" aria-label={label} className={PRODUCT_GRID_CLASSES}>
      {Array.from({ length: count }, (_, i) => (
        <div
          key={i}
          aria-hidden
          className="overflow-hidden rounded-2xl border border-stone-200 bg-white motion-safe:animate-pulse"
        >
          <div className="bg-earth-100 aspect-[5/4] w-full" />
          <div className={cn("flex flex-col gap-3 p-4", PRODUCT_CARD_BODY_MIN_HEIGHT)}>
            <Bar className="h-5 w-3/4" />
            <Bar className="h-4 w-1/2" />
            <Bar className="h-3 w-full" />
            <Bar className="h-3 w-5/6" />
            <Bar className="mt-auto h-3 w-1/3" />
            <Bar className="h-3 w-1/2" />
          </div>
          {withAction ? (
            <div className="px-4 pb-4">
              <Bar className="h-9 w-40" />
            </div>
          ) : null}
        </div>
      ))}
    </div>
  );
}

/** Placeholders the size of `count` farmer cards. */
export function MerchantGridSkeleton({
  count,
  label = "Loading farmers",
}: {
  count: number;
  label?: string;
}) {
  return (
    <div role="status" aria-label={label} className={MERCHANT_GRID_CLASSES}>
      {Array.from({ length: count }, (_, i) => (
        <div
          key={i}
          aria-hidden
          className="flex min-h-[12rem] flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-5 motion-safe:animate-pulse"
        >
          <div className="flex items-center gap-4">
            <span className="size-16 shrink-0 rounded-full bg-stone-200" />
            <div className="flex flex-1 flex-col gap-2">
              <Bar className="h-5 w-2/3" />
              <Bar className="h-3 w-1/2" />
            </div>
          </div>
          <Bar className="h-3 w-full" />
          <Bar className="h-3 w-4/5" />
        </div>
      ))}
    </div>
  );
}
