import { CreditCard, ShoppingBasket } from "lucide-react";
import { ButtonLink } from "@/components/ui/button";
import type { DeliveryDestination, PaymentType } from "@/lib/constants";

const TAB_WORDS: Record<PaymentType, string> = {
  in_person: "pay in person",
  by_card: "pay by card",
};

/** The checkout of a payment type whose cart tab is empty. */
export function EmptyCheckout({ paymentType }: { paymentType: PaymentType }) {
  return (
    <section
      aria-labelledby="empty-checkout-heading"
      className="rounded-2xl border border-stone-200 bg-white p-6 text-center sm:p-10"
    >
      <ShoppingBasket aria-hidden className="text-earth-400 mx-auto size-10" strokeWidth={1.5} />
      <h2 id="empty-checkout-heading" className="mt-4 text-xl font-bold text-stone-900">
        There is nothing in your cart to {TAB_WORDS[paymentType]}.
      </h2>
      <p className="mt-2 text-stone-700">Add products to your cart, then come back to check out.</p>
      <ButtonLink href="/cart" className="mt-6">
        Back to Cart
      </ButtonLink>
    </section>
  );
}

/**
 * Pay by card where no card payment provider is configured: says so plainly and offers pay in
 * person, which always works (ARCHITECTURE section 2).
 */
export function CardPaymentsOff({
  message,
  inPersonDestination,
}: {
  message: string;
  inPersonDestination: DeliveryDestination;
}) {
  return (
    <section
      aria-labelledby="card-off-heading"
      className="border-sun-400 rounded-2xl border bg-white p-6 sm:p-8"
    >
      <div className="flex items-start gap-3">
        <CreditCard aria-hidden className="text-earth-600 mt-1 size-6 shrink-0" />
        <div>
          <h2 id="card-off-heading" className="text-lg font-bold text-stone-900">
            Pay by card is not available
          </h2>
          <p className="mt-1 text-stone-700">
            {message} You can pay the farmers in person instead.
          </p>
          <ButtonLink href={`/checkout/delivery/in_person/${inPersonDestination}`} className="mt-4">
            Pay in Person instead
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
