import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { CardPaymentsOff, EmptyCheckout } from "@/components/checkout/checkout-notices";
import { CheckoutSteps } from "@/components/checkout/checkout-steps";
import {
  DeliveryForm,
  type DeliveryAddressValues,
  type DeliveryFormValues,
} from "@/components/checkout/delivery-form";
import { OrderTotals } from "@/components/checkout/order-lines";
import { PageIntro } from "@/components/static/page-intro";
import {
  DELIVERY_DESTINATIONS,
  PAYMENT_TYPES,
  type DeliveryDestination,
  type PaymentType,
} from "@/lib/constants";
import { checkoutDeliveryParamsSchema, type Delivery } from "@/lib/validation/checkout";
import { requireCompleteProfile, requireRole } from "@/server/auth/guards";
import { getCheckoutCart } from "@/server/checkout/get-checkout-cart";
import { readCheckoutDelivery } from "@/server/checkout/delivery-cookie";
import { getLastDelivery, type LastDelivery } from "@/server/checkout/get-last-delivery";
import { getDb } from "@/server/db/client";
import { farmsOfCheckout } from "@/server/checkout/pickups-of";
import { pickupFarmViews } from "@/server/pickup/resolve-choices";
import { getEnv } from "@/server/env";
import { getProfile, type Profile } from "@/server/members/get-profile";
import { CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE } from "@/server/stripe";

export const metadata: Metadata = { title: "Order Delivery Information", robots: { index: false } };

type Params = { paymentType: string; destination: string };

/** Every valid address is known, so a bad one answers a real 404 before anything streams. */
export function generateStaticParams(): Params[] {
  return PAYMENT_TYPES.flatMap((paymentType) =>
    DELIVERY_DESTINATIONS.map((destination) => ({ paymentType, destination })),
  );
}

// checkoutDelivery: /checkout/delivery/{paymentType}/{destination} (signed-in only)
export default async function CheckoutDeliveryPage({ params }: { params: Promise<Params> }) {
  const parsed = checkoutDeliveryParamsSchema.safeParse(await params);
  if (!parsed.success) notFound();
  const { paymentType, destination } = parsed.data;
  return (
    <>
      <PageIntro
        eyebrow="Checkout"
        title="Order Delivery Information"
        lead={
          destination === "home"
            ? "Where should the farmers deliver your order, and how can they reach you?"
            : "Who will pick up the order at the farm, and how can the farmers reach you?"
        }
      />
      <div className="container-page py-10 sm:py-14">
        <CheckoutSteps current="delivery" byCard={paymentType === "by_card"} />
        <Suspense fallback={<p className="text-stone-600">Loading your details…</p>}>
          <DeliveryStep paymentType={paymentType} destination={destination} />
        </Suspense>
      </div>
    </>
  );
}

async function DeliveryStep({
  paymentType,
  destination,
}: {
  paymentType: PaymentType;
  destination: DeliveryDestination;
}) {
  const member = requireCompleteProfile(
    await requireRole(`/checkout/delivery/${paymentType}/${destination}`, ["customer", "merchant"]),
  );
  const db = await getDb();
  const env = getEnv();
  if (paymentType === "by_card" && !env.cardPaymentsEnabled) {
    const inPerson = await getCheckoutCart(db, { memberId: member.id, paymentType: "in_person" });
    return (
      <CardPaymentsOff
        message={CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE}
        inPersonDestination={inPerson.suggestedDestination}
      />
    );
  }

  const [cart, profile, saved, last] = await Promise.all([
    getCheckoutCart(db, { memberId: member.id, paymentType }),
    getProfile(db, member.id),
    readCheckoutDelivery(member.id),
    getLastDelivery(db, member.id),
  ]);
  if (cart.lines.length === 0) return <EmptyCheckout paymentType={paymentType} />;
  const pickupFarms =
    destination === "store" ? await pickupFarmViews(db, farmsOfCheckout(cart.lines)) : [];

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
      <section
        aria-labelledby="delivery-form-heading"
        className="rounded-2xl border border-stone-200 bg-white p-5 sm:p-8"
      >
        <h2 id="delivery-form-heading" className="mb-6 text-xl font-bold text-stone-900">
          {destination === "home" ? "Home delivery" : "Pickup at the farm"}
        </h2>
        <DeliveryForm
          destination={destination}
          initial={initialValues(profile, last, saved)}
          profileAddress={profileAddressOf(profile)}
          canSaveAddress={profile.memberType === "customer"}
          previewHref={`/checkout/${paymentType}/preview`}
          pickupFarms={pickupFarms}
          initialPickup={saved?.deliveryDestination === "store" ? saved.pickup : undefined}
        />
      </section>
      <aside
        aria-labelledby="delivery-cart-heading"
        className="self-start rounded-2xl border border-stone-200 bg-white p-5"
      >
        <h2 id="delivery-cart-heading" className="text-lg font-bold text-stone-900">
          Your order
        </h2>
        <ul className="mt-3 flex flex-col gap-1 text-sm text-stone-700">
          {cart.lines.map((line) => (
            <li key={line.pKey} className="flex justify-between gap-3">
              <span className="min-w-0 truncate">{line.name}</span>
              <span className="shrink-0">× {line.qty}</span>
            </li>
          ))}
        </ul>
        <OrderTotals totals={cart.totals} />
      </aside>
    </div>
  );
}

/** The profile's address as the form compares it ("" for what is missing). */
function profileAddressOf(profile: Profile): DeliveryAddressValues {
  return {
    address: profile.address ?? "",
    city: profile.city ?? "",
    provinceState: profile.provinceState ?? "",
    postalCode: profile.postalCode ?? "",
    country: profile.country,
  };
}

/**
 * The details entered earlier in this checkout (this browser's cookie); else the member's profile,
 * with the last order filling what the profile lacks: its address when the profile has none, its
 * phone when the profile has none. Read on the server, so every device starts prefilled.
 */
function initialValues(
  profile: Profile,
  last: LastDelivery | null,
  saved: Delivery | null,
): DeliveryFormValues {
  const profileAddress = profileAddressOf(profile);
  const hasProfileAddress = Boolean(
    profileAddress.address && profileAddress.city && profileAddress.postalCode,
  );
  const fromAccount: DeliveryFormValues = {
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
    phone: profile.phone || last?.phone || "",
    ...(hasProfileAddress || !last?.home ? profileAddress : last.home),
  };
  if (!saved) return fromAccount;
  const { deliveryDestination: _destination, ...fields } = saved;
  if ("pickup" in fields) delete fields.pickup;
  return { ...fromAccount, ...fields };
}
