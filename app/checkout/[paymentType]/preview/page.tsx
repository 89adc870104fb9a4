import { randomUUID } from "node:crypto";
import { CreditCard, PencilLine, TriangleAlert } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { Suspense } from "react";
import { CardPaymentsOff, EmptyCheckout } from "@/components/checkout/checkout-notices";
import { CheckoutSteps } from "@/components/checkout/checkout-steps";
import { DeliverySummary } from "@/components/checkout/delivery-summary";
import { checkoutLineViews } from "@/components/checkout/checkout-line-views";
import { OrderLines, OrderTotals } from "@/components/checkout/order-lines";
import { PayInPersonButton } from "@/components/checkout/pay-in-person-button";
import { PageIntro } from "@/components/static/page-intro";
import { ButtonLink } from "@/components/ui/button";
import { PAYMENT_TYPES, type PaymentType } from "@/lib/constants";
import { paymentType as paymentTypeSchema, type Delivery } from "@/lib/validation/checkout";
import { requireCompleteProfile, requireRole } from "@/server/auth/guards";
import { UNAVAILABLE_LABELS } from "@/server/checkout/cart-rules";
import { readCheckoutDelivery } from "@/server/checkout/delivery-cookie";
import { farmsOfCheckout } from "@/server/checkout/pickups-of";
import { chosenPickupViews } from "@/server/pickup/resolve-choices";
import {
  getCheckoutCart,
  type CheckoutCart,
  type UnavailableLine,
} from "@/server/checkout/get-checkout-cart";
import { getDb } from "@/server/db/client";
import { getEnv } from "@/server/env";
import { CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE } from "@/server/stripe";

export const metadata: Metadata = { title: "Checkout Preview", robots: { index: false } };

type Params = { paymentType: string };

/** Both payment types are known, so any other answers a real 404 before anything streams. */
export function generateStaticParams(): Params[] {
  return PAYMENT_TYPES.map((paymentType) => ({ paymentType }));
}

// checkoutPreview: /checkout/{paymentType}/preview (signed-in only)
export default async function CheckoutPreviewPage({ params }: { params: Promise<Params> }) {
  const parsed = paymentTypeSchema().safeParse((await params).paymentType);
  if (!parsed.success) notFound();
  return (
    <>
      <PageIntro
        eyebrow="Checkout"
        title="Checkout Preview"
        lead="Check your items and delivery details before you place the order."
      />
      <div className="container-page py-10 sm:py-14">
        <CheckoutSteps current="preview" byCard={parsed.data === "by_card"} />
        <Suspense fallback={<p className="text-stone-600">Loading your order…</p>}>
          <Preview paymentType={parsed.data} />
        </Suspense>
      </div>
    </>
  );
}

async function Preview({ paymentType }: { paymentType: PaymentType }) {
  const member = requireCompleteProfile(
    await requireRole(`/checkout/${paymentType}/preview`, ["customer", "merchant"]),
  );
  const db = await getDb();
  const [cart, delivery] = await Promise.all([
    getCheckoutCart(db, { memberId: member.id, paymentType }),
    readCheckoutDelivery(member.id),
  ]);
  if (cart.lines.length === 0 && cart.unavailable.length === 0)
    return <EmptyCheckout paymentType={paymentType} />;
  // The details are kept for an hour; without them the form comes first.
  if (!delivery) redirect(`/checkout/delivery/${paymentType}/${cart.suggestedDestination}`);

  const destination = delivery.deliveryDestination;
  const lines = checkoutLineViews(cart.lines, destination);
  const pickups =
    delivery.deliveryDestination === "store"
      ? await chosenPickupViews(db, farmsOfCheckout(cart.lines), delivery.pickup)
      : [];

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
      <section aria-labelledby="preview-items-heading">
        <h2 id="preview-items-heading" className="mb-4 text-xl font-bold text-stone-900">
          Your items
        </h2>
        {lines.length > 0 ? (
          <>
            <OrderLines lines={lines} label="Items in this order" />
            <OrderTotals totals={cart.totals} />
          </>
        ) : (
          <p className="rounded-2xl border border-stone-200 bg-white p-5 text-stone-700">
            None of the items in this cart tab can be bought right now.
          </p>
        )}
        {cart.unavailable.length > 0 ? <UnavailableLines lines={cart.unavailable} /> : null}
      </section>
      <div className="flex flex-col gap-6 self-start">
        <section
          aria-labelledby="preview-delivery-heading"
          className="rounded-2xl border border-stone-200 bg-white p-5"
        >
          <div className="mb-4 flex items-center justify-between gap-3">
            <h2 id="preview-delivery-heading" className="text-lg font-bold text-stone-900">
              Delivery details
            </h2>
            <Link
              href={`/checkout/delivery/${paymentType}/${destination}`}
              className="text-leaf-800 inline-flex items-center gap-1 text-sm font-semibold underline-offset-2 hover:underline"
            >
              <PencilLine aria-hidden className="size-4" />
              Edit<span className="sr-only"> delivery details</span>
            </Link>
          </div>
          <DeliverySummary delivery={delivery} pickups={pickups} />
        </section>
        <PaymentAction
          paymentType={paymentType}
          cart={cart}
          delivery={delivery}
          memberId={member.id}
        />
      </div>
    </div>
  );
}

async function PaymentAction({
  paymentType,
  cart,
  delivery,
  memberId,
}: {
  paymentType: PaymentType;
  cart: CheckoutCart;
  delivery: Delivery;
  memberId: number;
}) {
  const problems =
    cart.problems.length > 0 ? (
      <div role="alert" className="border-tomato-500 rounded-2xl border bg-white p-4 text-sm">
        <p className="text-tomato-600 flex items-center gap-2 font-bold">
          <TriangleAlert aria-hidden className="size-4" />
          Please update your cart before you place the order
        </p>
        <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-stone-800">
          {cart.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
        <Link
          href="/cart"
          className="text-leaf-800 mt-3 inline-block font-semibold underline underline-offset-2"
        >
          Back to Cart
        </Link>
      </div>
    ) : null;

  if (paymentType === "in_person") {
    return (
      <section aria-label="Payment" className="flex flex-col gap-4">
        {problems}
        <p className="text-sm text-stone-700">
          You pay each farmer in person when you get your items. Pay in person carries no guarantee
          from a payment provider.
        </p>
        <PayInPersonButton
          checkoutKey={randomUUID()}
          delivery={delivery}
          items={cart.lines.map((line) => ({
            pKey: line.pKey,
            qty: line.qty,
            unitPriceCents: line.unitPriceCents,
          }))}
          disabled={cart.problems.length > 0 || cart.lines.length === 0}
        />
      </section>
    );
  }

  if (!getEnv().cardPaymentsEnabled) {
    const inPerson = await getCheckoutCart(await getDb(), { memberId, paymentType: "in_person" });
    return (
      <CardPaymentsOff
        message={CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE}
        inPersonDestination={inPerson.suggestedDestination}
      />
    );
  }
  return (
    <section aria-label="Payment" className="flex flex-col gap-4">
      {problems}
      {cart.problems.length > 0 || cart.lines.length === 0 ? null : (
        <ButtonLink href="/checkout/by_card/payment" size="lg" className="w-full sm:w-auto">
          <CreditCard aria-hidden />
          Pay with Card
        </ButtonLink>
      )}
    </section>
  );
}

/** Lines of the cart tab that cannot be bought now: named, left in the cart, not ordered. */
function UnavailableLines({ lines }: { lines: readonly UnavailableLine[] }) {
  return (
    <section
      aria-labelledby="preview-unavailable-heading"
      className="mt-6 rounded-2xl border border-stone-200 bg-stone-50 p-5"
    >
      <h3 id="preview-unavailable-heading" className="font-bold text-stone-900">
        Not part of this order
      </h3>
      <p className="mt-1 text-sm text-stone-700">
        These items cannot be bought right now. They stay in your cart.
      </p>
      <ul className="mt-3 flex flex-col gap-1 text-sm text-stone-800">
        {lines.map((line) => (
          <li key={line.pKey}>
            <span className="font-semibold">{line.name}</span>: {UNAVAILABLE_LABELS[line.reason]}
          </li>
        ))}
      </ul>
    </section>
  );
}
