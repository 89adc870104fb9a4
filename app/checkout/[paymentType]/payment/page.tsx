import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { Suspense } from "react";
import { CardPaymentForm } from "@/components/checkout/card-payment-form";
import { checkoutLineViews } from "@/components/checkout/checkout-line-views";
import { CardPaymentsOff, EmptyCheckout } from "@/components/checkout/checkout-notices";
import { CheckoutSteps } from "@/components/checkout/checkout-steps";
import { DeliverySummary } from "@/components/checkout/delivery-summary";
import { OrderLines, OrderTotals } from "@/components/checkout/order-lines";
import { PageIntro } from "@/components/static/page-intro";
import { requireCompleteProfile, requireRole } from "@/server/auth/guards";
import { readCheckoutDelivery } from "@/server/checkout/delivery-cookie";
import { getCheckoutCart } from "@/server/checkout/get-checkout-cart";
import { getDb } from "@/server/db/client";
import { getEnv } from "@/server/env";
import { isAppError } from "@/server/errors";
import { CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE } from "@/server/stripe";
import { completeCardReturn } from "@/server/checkout";
import { getStripe } from "@/server/stripe";
import { listSavedCards, type SavedCard } from "@/server/payments";
import { farmsOfCheckout } from "@/server/checkout/pickups-of";
import { chosenPickupViews } from "@/server/pickup/resolve-choices";

export const metadata: Metadata = { title: "Payment", robots: { index: false } };

type Params = { paymentType: string };
type Query = { payment_intent?: string | string[] };

/** Only a card is paid on this page; pay in person places its order from the preview. */
export function generateStaticParams(): Params[] {
  return [{ paymentType: "by_card" }];
}

// checkoutPayment: /checkout/{paymentType}/payment (signed-in only). Also the return address of
// Stripe's redirect, with ?payment_intent=...: the intent is read from Stripe, never from the query.
export default function CheckoutPaymentPage({
  params,
  searchParams,
}: {
  params: Promise<Params>;
  searchParams: Promise<Query>;
}) {
  return (
    <>
      <PageIntro
        eyebrow="Checkout"
        title="Payment"
        lead="Pay by card. The farmers are paid once they hand your order over."
      />
      <div className="container-page py-10 sm:py-14">
        <CheckoutSteps current="payment" byCard />
        <Suspense fallback={<p className="text-stone-600">Loading your payment…</p>}>
          <Payment params={params} searchParams={searchParams} />
        </Suspense>
      </div>
    </>
  );
}

async function Payment({
  params,
  searchParams,
}: {
  params: Promise<Params>;
  searchParams: Promise<Query>;
}) {
  if ((await params).paymentType !== "by_card") notFound();
  const member = requireCompleteProfile(
    await requireRole("/checkout/by_card/payment", ["customer", "merchant"]),
  );
  const stripe = getStripe();
  const publishableKey = getEnv().NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY;
  const db = await getDb();
  if (!stripe || !publishableKey) {
    const inPerson = await getCheckoutCart(db, { memberId: member.id, paymentType: "in_person" });
    return (
      <CardPaymentsOff
        message={CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE}
        inPersonDestination={inPerson.suggestedDestination}
      />
    );
  }

  const intentId = (await searchParams).payment_intent;
  let returnMessage: string | null = null;
  if (typeof intentId === "string") {
    const outcome = await completeCardReturn(db, stripe, {
      customerId: member.id,
      paymentIntentId: intentId,
    }).catch((error: unknown) => {
      if (isAppError(error) && error.code === "not_found") notFound();
      if (isAppError(error) && error.code === "unavailable")
        return { state: "failed" as const, message: error.message };
      throw error;
    });
    if (outcome.state === "paid") {
      // Placing it scheduled its mails, which go out after this page's answer.
      redirect(`/checkout/payment/by_card/completed/${encodeURIComponent(outcome.orderNo)}`);
    }
    returnMessage = outcome.message;
  }

  const [cart, delivery, savedCards] = await Promise.all([
    getCheckoutCart(db, { memberId: member.id, paymentType: "by_card" }),
    readCheckoutDelivery(member.id),
    // The page still works without the list; a new card can always be entered.
    listSavedCards(db, stripe, member.id).catch((): SavedCard[] => []),
  ]);
  if (cart.lines.length === 0) return <EmptyCheckout paymentType="by_card" />;
  if (!delivery) redirect(`/checkout/delivery/by_card/${cart.suggestedDestination}`);
  if (cart.problems.length > 0) redirect("/checkout/by_card/preview");
  const pickups =
    delivery.deliveryDestination === "store"
      ? await chosenPickupViews(db, farmsOfCheckout(cart.lines), delivery.pickup)
      : [];

  // On a phone the card form follows the items and their total; the delivery details come last.
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_24rem] lg:grid-rows-[auto_1fr]">
      <section aria-labelledby="payment-items-heading">
        <h2 id="payment-items-heading" className="mb-4 text-xl font-bold text-stone-900">
          Your items
        </h2>
        <OrderLines
          lines={checkoutLineViews(cart.lines, delivery.deliveryDestination)}
          label="Items in this order"
        />
        <OrderTotals totals={cart.totals} />
      </section>
      <section
        aria-labelledby="payment-delivery-heading"
        className="self-start rounded-2xl border border-stone-200 bg-white p-5 max-lg:order-3 lg:col-start-1 lg:row-start-2"
      >
        <h2 id="payment-delivery-heading" className="mb-4 text-lg font-bold text-stone-900">
          Delivery details
        </h2>
        <DeliverySummary delivery={delivery} pickups={pickups} />
      </section>
      <CardPaymentForm
        publishableKey={publishableKey}
        delivery={delivery}
        items={cart.lines.map((line) => ({
          pKey: line.pKey,
          qty: line.qty,
          unitPriceCents: line.unitPriceCents,
        }))}
        savedCards={savedCards}
        initialError={returnMessage}
      />
    </div>
  );
}
