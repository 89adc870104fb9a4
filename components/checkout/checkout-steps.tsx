import { cn } from "@/lib/cn";

const ALL_STEPS = [
  { id: "delivery", label: "Delivery" },
  { id: "preview", label: "Review" },
  { id: "payment", label: "Payment" },
  { id: "done", label: "Confirmation" },
] as const;

export type CheckoutStep = (typeof ALL_STEPS)[number]["id"];

/**
 * Where the customer is in the checkout: Delivery, Review, (Payment, for a card,) Confirmation.
 */
export function CheckoutSteps({
  current,
  byCard = false,
}: {
  current: CheckoutStep;
  byCard?: boolean;
}) {
  const STEPS = ALL_STEPS.filter((step) => byCard || step.id !== "payment");
  const currentIndex = STEPS.findIndex((step) => step.id === current);
  return (
    <nav aria-label="Checkout steps" className="mb-8">
      <ol className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm font-semibold">
        {STEPS.map((step, index) => (
          <li key={step.id} className="flex items-center gap-3">
            <span
              aria-current={index === currentIndex ? "step" : undefined}
              className={cn(
                "inline-flex items-center gap-2 rounded-full px-3 py-1",
                index === currentIndex
                  ? "bg-leaf-700 text-white"
                  : index < currentIndex
                    ? "bg-leaf-100 text-leaf-900"
                    : "bg-stone-100 text-stone-700",
              )}
            >
              <span aria-hidden>{index + 1}</span>
              {step.label}
            </span>
            {index < STEPS.length - 1 ? (
              <span aria-hidden className="text-stone-500">
                →
              </span>
            ) : null}
          </li>
        ))}
      </ol>
    </nav>
  );
}
