import type { OrderStatus } from "@/lib/constants";
import { formatStatusLabel } from "@/lib/format";
import { cn } from "@/lib/cn";

const TONES: Record<OrderStatus, string> = {
  order_created: "bg-stone-100 text-stone-800 ring-stone-300",
  ready_for_pickup: "bg-sun-300/40 text-earth-900 ring-sun-400",
  ready_to_ship: "bg-sun-300/40 text-earth-900 ring-sun-400",
  in_shipping: "bg-earth-100 text-earth-900 ring-earth-300",
  shipped: "bg-earth-100 text-earth-900 ring-earth-300",
  customer_received: "bg-leaf-50 text-leaf-900 ring-leaf-300",
  cancelled: "bg-white text-stone-700 ring-stone-300 line-through decoration-stone-400",
  refunded: "bg-white text-stone-700 ring-stone-300",
};

/**
 * A status with underscores as spaces and words capitalised (spec part 2 section 2). A line whose
 * refund is asked and not yet done says so instead (decision 0037): its status is about to change.
 */
export function StatusBadge({
  status,
  refundPending = false,
  className,
}: {
  status: OrderStatus;
  refundPending?: boolean;
  className?: string;
}) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap ring-1 ring-inset",
        refundPending ? "bg-sun-300/40 text-earth-900 ring-sun-400" : TONES[status],
        className,
      )}
    >
      {refundPending ? "Refund under way" : formatStatusLabel(status)}
    </span>
  );
}
