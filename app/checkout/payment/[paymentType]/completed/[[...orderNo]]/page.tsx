import { CircleCheck } from "lucide-react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { CartCountSync } from "@/components/checkout/cart-count-sync";
import { CheckoutSteps } from "@/components/checkout/checkout-steps";
import { DeliverySummary } from "@/components/checkout/delivery-summary";
import { orderPickupViews } from "@/server/pickup/order-pickups";
import { OrderLines, OrderTotals, type OrderLineView } from "@/components/checkout/order-lines";
import { ButtonLink } from "@/components/ui/button";
import type { PaymentType } from "@/lib/constants";
import { paymentType as paymentTypeSchema } from "@/lib/validation/checkout";
import { requireRole } from "@/server/auth/guards";
import { countCartItems } from "@/server/cart";
import { FULFILMENT_LABELS, priceUnitLabel } from "@/server/checkout/cart-rules";
import { getPlacedOrder } from "@/server/checkout/get-placed-order";
import { getDb } from "@/server/db/client";
import { isNotificationAllowed } from "@/server/members/notification-preferences";

export const metadata: Metadata = { title: "Thank you for your order", robots: { index: false } };

type Params = { paymentType: string; orderNo?: string[] };

/** How each payment type is stored on the order. */
const STORED_PAYMENT_TYPE: Record<PaymentType, "in_person" | "card"> = {
  in_person: "in_person",
  by_card: "card",
};

// checkoutPaymentCompleted: /checkout/payment/{paymentType}/completed/{orderNo?} (signed-in only;
// only the order's customer sees it, anyone else gets the 404 page). Whose order it is depends on
// the session, which Cache Components reads only after the shell has been sent: another member's
// order is the not-found page with HTTP 200 and `noindex` (Next adds it; so does `metadata`), never
// a real 404. Only proxy.ts answers before the page renders, and it reads no session or database.
// Visitors get a real 307 to /login there.
export default function CheckoutCompletedPage({ params }: { params: Promise<Params> }) {
  return (
    <div className="container-page py-10 sm:py-14">
      <Suspense fallback={<p className="text-stone-600">Loading your order…</p>}>
        <Completed params={params} />
      </Suspense>
    </div>
  );
}

async function Completed({ params }: { params: Promise<Params> }) {
  const { paymentType: rawPaymentType, orderNo: segments = [] } = await params;
  const parsed = paymentTypeSchema().safeParse(rawPaymentType);
  if (!parsed.success || segments.length > 1) notFound();
  const paymentType = parsed.data;
  const orderNo = segments[0];
  const member = await requireRole(
    `/checkout/payment/${paymentType}/completed${orderNo ? `/${encodeURIComponent(orderNo)}` : ""}`,
    ["customer", "merchant"],
  );
  const db = await getDb();
  const [order, counts, mailed] = await Promise.all([
    orderNo ? getPlacedOrder(db, { customerId: member.id, orderNo }) : null,
    countCartItems(db, { memberId: member.id }),
    isNotificationAllowed(db, member.id, "order"),
  ]);
  if (orderNo && (!order || order.paymentType !== STORED_PAYMENT_TYPE[paymentType])) notFound();
  const pickups = order ? await orderPickupViews(db, [order.id]) : [];

  return (
    <>
      <CheckoutSteps current="done" byCard={paymentType === "by_card"} />
      <CartCountSync count={counts.cart} />
      <div className="flex flex-col items-start gap-3">
        <CircleCheck aria-hidden className="text-leaf-700 size-12" strokeWidth={1.5} />
        <h1 className="text-3xl font-extrabold sm:text-4xl">Thank you for your order!</h1>
        {order ? (
          <p className="text-lg text-stone-700">
            Your order number is <strong className="text-stone-900">{order.orderNo}</strong>.{" "}
            {order.paymentType === "in_person"
              ? "You pay each farmer in person when you get your items."
              : "Your card payment went through."}
            {mailed ? ` We sent a summary to ${order.contact.email}.` : null}
          </p>
        ) : (
          <p className="text-lg text-stone-700">
            Your order is placed. You can follow it in My Purchases.
          </p>
        )}
      </div>
      {order ? (
        <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_22rem]">
          <section aria-labelledby="completed-items-heading">
            <h2 id="completed-items-heading" className="mb-4 text-xl font-bold text-stone-900">
              Your items
            </h2>
            <OrderLines
              lines={order.lines.map((line) => toLineView(line, order.currency))}
              label="Items in your order"
            />
            <OrderTotals totals={[{ currency: order.currency, totalCents: order.totalCents }]} />
          </section>
          <section
            aria-labelledby="completed-delivery-heading"
            className="self-start rounded-2xl border border-stone-200 bg-white p-5"
          >
            <h2 id="completed-delivery-heading" className="mb-4 text-lg font-bold text-stone-900">
              Delivery details
            </h2>
            <DeliverySummary
              delivery={{ deliveryDestination: order.deliveryDestination, ...order.contact }}
              pickups={pickups}
            />
          </section>
        </div>
      ) : null}
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <ButtonLink href="/myOrders/manage" size="lg">
          My Purchases
        </ButtonLink>
        <ButtonLink href="/" size="lg" variant="secondary">
          Keep shopping
        </ButtonLink>
      </div>
    </>
  );
}

function toLineView(
  line: NonNullable<Awaited<ReturnType<typeof getPlacedOrder>>>["lines"][number],
  currency: OrderLineView["currency"],
): OrderLineView {
  return {
    key: String(line.id),
    name: line.productName,
    // A product deleted or removed since has no page to link to.
    href: line.productActive ? `/products/${line.productId}` : undefined,
    imageUrl: line.imageUrl,
    qty: line.qty,
    unitPriceCents: line.unitPriceCents,
    priceUnit: priceUnitLabel({
      weightRequired: line.unitWeightSymbol !== null,
      unitWeight: line.unitWeight,
      unitWeightSymbol: line.unitWeightSymbol,
    }),
    lineTotalCents: line.lineTotalCents,
    currency,
    farmer: line.merchantUsername,
    howToGet: line.deliveryService,
    howToGetLabel: FULFILMENT_LABELS[line.deliveryService],
  };
}
