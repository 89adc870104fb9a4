import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { Suspense } from "react";
import {
  completedParams,
  SubscriptionCompleted,
} from "@/components/subscription/subscription-completed";
import { ManageSubscription, type ManageView } from "@/components/subscription/manage-subscription";
import { SubscribeForm } from "@/components/subscription/subscribe-form";
import { ButtonLink } from "@/components/ui/button";
import { PageIntro } from "@/components/static/page-intro";
import { NOTICE_KEYS } from "@/lib/constants";
import { formatMoney, getPlan } from "@/lib/money";
import { subscriptionCompletedPath } from "@/lib/subscriptions/completed-path";
import { requireMember } from "@/server/auth/guards";
import { getDb } from "@/server/db/client";
import { getEnv } from "@/server/env";
import { isAppError } from "@/server/errors";
import { CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE } from "@/server/stripe";
import { getStripe } from "@/server/stripe";
import {
  COUNTRY_CURRENCY,
  completeSubscriptionReturn,
  countryOfCurrency,
  FARMERS_ONLY_MESSAGE,
  formatServiceDate,
  getSubscriptionDetails,
  isPaidPlan,
  MANAGED_BY_MARKETPLACE_MESSAGE,
  planName,
  type PaidPlanId,
  type SubscriptionCountry,
} from "@/server/subscriptions";

export const metadata: Metadata = { title: "Your plan", robots: { index: false } };

type Params = { country: string; plan: string };
type Query = Record<string, string | string[] | undefined>;

const BRAND_NAMES: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  jcb: "JCB",
};

// subscriptionPayment: /subscription/payment/{country}/{plan} (farmers; ?q, changeTo, showAlert,
// and Stripe's return with payment_intent or setup_intent). /subscription/payment/{type}/completed
// shares this route's shape and is answered here too.
export default function SubscriptionPaymentPage({
  params,
  searchParams,
}: {
  params: Promise<Params>;
  searchParams: Promise<Query>;
}) {
  return (
    <Suspense fallback={<p className="container-page py-10 text-stone-600">Loading your plan…</p>}>
      <SubscriptionRoute params={params} searchParams={searchParams} />
    </Suspense>
  );
}

async function SubscriptionRoute({
  params,
  searchParams,
}: {
  params: Promise<Params>;
  searchParams: Promise<Query>;
}) {
  const { country, plan } = await params;
  if (plan === "completed")
    return <SubscriptionCompleted type={country} params={completedParams(null, searchParams)} />;
  if ((country !== "usa" && country !== "canada") || !isPaidPlan(plan)) notFound();
  return (
    <>
      <PageIntro
        eyebrow="Farmer plans"
        title={`The ${planName(plan)} plan`}
        lead="More products and messaging with your customers, paid monthly in your currency."
      />
      <div className="container-page py-10 sm:py-14">
        <Suspense fallback={<p className="text-stone-600">Loading your plan…</p>}>
          <SubscriptionPayment country={country} plan={plan} searchParams={searchParams} />
        </Suspense>
      </div>
    </>
  );
}

async function SubscriptionPayment({
  country,
  plan,
  searchParams,
}: {
  country: SubscriptionCountry;
  plan: PaidPlanId;
  searchParams: Promise<Query>;
}) {
  const query = await searchParams;
  const one = (key: string) => (typeof query[key] === "string" ? query[key] : undefined);
  const path = `/subscription/payment/${country}/${plan}`;
  const member = await requireMember(
    `${path}${one("q") ? `?q=${encodeURIComponent(one("q")!)}` : ""}`,
    { merchantPage: true },
  );
  if (member.memberType !== "merchant") return <Panel tone="alert">{FARMERS_ONLY_MESSAGE}</Panel>;

  const stripe = getStripe();
  const publishableKey = getEnv().NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY;
  const db = await getDb();

  let returnError: string | null = null;
  const paymentIntentId = one("payment_intent");
  const setupIntentId = one("setup_intent");
  if (stripe && (paymentIntentId || setupIntentId)) {
    const outcome = await completeSubscriptionReturn(db, stripe, {
      memberId: member.id,
      paymentIntentId,
      setupIntentId,
    }).catch((error: unknown) => {
      if (isAppError(error) && error.code === "not_found") notFound();
      if (isAppError(error) && error.code === "unavailable")
        return { state: "failed" as const, message: error.message };
      throw error;
    });
    if (outcome.state === "completed") {
      if (outcome.type === "update") redirect(subscriptionCompletedPath("update"));
      // The spec's params: when the new plan renews, and the payment that started it.
      const { row: paid } = await getSubscriptionDetails(db, member.id);
      redirect(
        subscriptionCompletedPath(outcome.type, {
          expiresAt: paid?.currentPeriodEnd ?? null,
          paymentIntentId,
        }),
      );
    }
    returnError =
      outcome.state === "processing"
        ? "Your bank is still processing the payment. This page will show your plan once it is done."
        : outcome.message;
  }

  const { entitlement, row } = await getSubscriptionDetails(db, member.id);
  const notice =
    one("q") === NOTICE_KEYS.requireNextSubscriptionForProducts
      ? entitlement.state === "expired"
        ? `Your ${planName(entitlement.paidPlan ?? plan)} plan has ended. Subscribe again to add more products.`
        : `You have reached the product limit of your ${getPlan(entitlement.plan).name} plan. Subscribe to ${planName(plan)} to add more products.`
      : null;

  const hasPlan = entitlement.subscribed || entitlement.state === "lapsed";
  if (hasPlan && row) {
    const current = (entitlement.paidPlan ?? entitlement.plan) as PaidPlanId;
    const currentCountry = countryOfCurrency(row.currency);
    const changeTo = one("changeTo");
    const hint =
      current !== plan || (changeTo && one("showAlert") && changeTo !== current)
        ? `You are on the ${planName(current)} plan. To move to ${planName(changeTo && isPaidPlan(changeTo) ? changeTo : plan)}, use Change Plan below.`
        : null;
    if (!row.stripeSubscriptionId || !stripe || !publishableKey) {
      return (
        <div className="flex flex-col gap-4">
          {hint ? <Panel tone="info">{hint}</Panel> : null}
          <Panel tone="info">
            You are on the {planName(current)} plan.{" "}
            {!row.stripeSubscriptionId
              ? MANAGED_BY_MARKETPLACE_MESSAGE
              : CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE}
          </Panel>
        </div>
      );
    }
    const other: PaidPlanId = current === "engager" ? "harvest" : "engager";
    const view: ManageView = {
      country: currentCountry,
      plan: current,
      planName: planName(current),
      state: entitlement.state as ManageView["state"],
      cardLabel:
        row.cardBrand && row.cardLast4
          ? `${BRAND_NAMES[row.cardBrand] ?? row.cardBrand} ending in ${row.cardLast4}`
          : null,
      renewsOn: row.currentPeriodEnd ? formatServiceDate(row.currentPeriodEnd) : null,
      endsOn: entitlement.serviceExpiresAt ? formatServiceDate(entitlement.serviceExpiresAt) : null,
      graceEndsOn: entitlement.graceEndsAt ? formatServiceDate(entitlement.graceEndsAt) : null,
      lastPaymentError: returnError ?? row.lastPaymentError,
      other: {
        plan: other,
        name: planName(other),
        priceLabel: formatMoney(getPlan(other).priceCents[row.currency], row.currency, {
          showCode: true,
        }),
      },
    };
    return (
      <div className="flex max-w-2xl flex-col gap-6">
        {hint ? <Panel tone="info">{hint}</Panel> : null}
        <section
          aria-labelledby="manage-heading"
          className="rounded-2xl border border-stone-200 bg-white p-5 sm:p-8"
        >
          <h2 id="manage-heading" className="mb-4 text-xl font-bold text-stone-900">
            Manage your subscription
          </h2>
          {/* A new instance after each change: a preserved earlier page never keeps a busy button. */}
          <ManageSubscription
            key={`${row.revision}-${entitlement.state}-${current}`}
            view={view}
            publishableKey={publishableKey}
          />
        </section>
      </div>
    );
  }

  const currency = COUNTRY_CURRENCY[country];
  const details = getPlan(plan);
  const priceLabel = formatMoney(details.priceCents[currency], currency, { showCode: true });
  return (
    <div className="grid max-w-4xl gap-8 lg:grid-cols-[1fr_22rem]">
      <section
        aria-labelledby="subscribe-heading"
        className="flex flex-col gap-5 rounded-2xl border border-stone-200 bg-white p-5 sm:p-8"
      >
        {notice ? <Panel tone="info">{notice}</Panel> : null}
        {entitlement.state === "expired" && entitlement.paidPlan && entitlement.serviceExpiresAt ? (
          <p className="text-stone-700">
            Your {planName(entitlement.paidPlan)} plan expired on{" "}
            {formatServiceDate(entitlement.serviceExpiresAt)}.
          </p>
        ) : null}
        <h2 id="subscribe-heading" className="text-xl font-bold text-stone-900">
          {entitlement.state === "expired" ? "Resubscribe to" : "Subscribe to"} {details.name}
        </h2>
        {stripe && publishableKey ? (
          <SubscribeForm
            publishableKey={publishableKey}
            country={country}
            plan={plan}
            planName={details.name}
            priceLabel={priceLabel}
            initialError={returnError ?? row?.lastPaymentError ?? null}
          />
        ) : (
          <Panel tone="info">
            Plans cannot be bought on this marketplace yet: card payments are not configured. Your
            farm stays on its current plan.
          </Panel>
        )}
      </section>
      <aside
        aria-labelledby="plan-summary-heading"
        className="bg-earth-50 self-start rounded-2xl border border-stone-200 p-5 sm:p-6"
      >
        <h2 id="plan-summary-heading" className="text-lg font-bold text-stone-900">
          {details.name}
        </h2>
        <p className="mt-2 text-3xl font-extrabold text-stone-900">
          {priceLabel}
          <span className="text-base font-medium text-stone-600"> per month</span>
        </p>
        <ul className="mt-4 list-disc space-y-1 pl-5 text-stone-700">
          <li>
            {details.productLimit === null
              ? "Unlimited products"
              : `Up to ${details.productLimit} products`}
          </li>
          <li>Messaging with customers</li>
          <li>Cancel any time; the plan runs to the end of the month you paid for</li>
        </ul>
        <p className="mt-4 text-sm text-stone-600">
          Prices in {currency}.{" "}
          <a
            className="text-leaf-800 underline"
            href={`/subscription/payment/${country === "usa" ? "canada" : "usa"}/${plan}`}
          >
            Pay in {country === "usa" ? "CAD" : "USD"} instead
          </a>
        </p>
        <ButtonLink href="/pricing#plans" variant="ghost" size="sm" className="mt-3">
          Compare plans
        </ButtonLink>
      </aside>
    </div>
  );
}

function Panel({ tone, children }: { tone: "info" | "alert"; children: React.ReactNode }) {
  return (
    <div
      role={tone === "alert" ? "alert" : "note"}
      className={
        tone === "alert"
          ? "border-tomato-500 rounded-2xl border bg-white p-4 font-medium text-stone-900"
          : "border-leaf-200 bg-leaf-50 rounded-2xl border p-4 text-stone-800"
      }
    >
      {children}
    </div>
  );
}
