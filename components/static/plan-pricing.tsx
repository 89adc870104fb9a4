"use client";

import { FEATURES } from "@/lib/features";
import { Check, Leaf, Minus, Sprout, Wheat, type LucideIcon } from "lucide-react";
import { RadioGroup } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { ButtonLink } from "@/components/ui/button";
import { clsx as cx } from "clsx";
import { PLANS, formatMoney, type Currency, type Plan, type PlanId } from "@/lib/money";
import { CanadaFlag, UsaFlag } from "./country-flags";

/** The spec's country values (subscriptionPayment takes usa or canada); usa gives USD, canada CAD. */
export type PricingCountry = "usa" | "canada";

const COUNTRIES: {
  value: PricingCountry;
  label: string;
  currency: Currency;
  Flag: typeof CanadaFlag;
}[] = [
  { value: "usa", label: "United States", currency: "USD", Flag: UsaFlag },
  { value: "canada", label: "Canada", currency: "CAD", Flag: CanadaFlag },
];

const PLAN_DETAILS: Record<PlanId, { icon: LucideIcon; tagline: string }> = {
  basic: { icon: Sprout, tagline: "Try selling with a couple of products." },
  engager: { icon: Leaf, tagline: "More products, and talk with your customers." },
  harvest: { icon: Wheat, tagline: "No limits for a full farm stand." },
};

/**
 * The farmers' plans with a country toggle (spec part 1, Pricing: usa or canada, with flags).
 * Defaults to Canada until the visitor's location can choose (US gives United States).
 */
export function PlanPricing({ defaultCountry = "canada" }: { defaultCountry?: PricingCountry }) {
  const [country, setCountry] = useState<PricingCountry>(defaultCountry);
  const chosen = useRef(false);
  const [viewer, setViewer] = useState<Viewer>(null);
  const currency = COUNTRIES.find((c) => c.value === country)?.currency ?? "CAD";

  // The page is the same cached page for everyone: who is looking, and from where, is asked here.
  useEffect(() => {
    let live = true;
    fetch("/api/subscriptions", { credentials: "same-origin" })
      .then((response) => (response.ok ? (response.json() as Promise<ViewerAnswer>) : null))
      .then((answer) => {
        if (!live || !answer) return;
        setViewer(answer.subscription);
        if (!chosen.current) setCountry(answer.subscription?.country ?? answer.country);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  return (
    <div>
      <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center">
        <span id="pricing-country-label" className="text-sm font-semibold text-stone-700">
          Show prices for
        </span>
        <RadioGroup.Root
          aria-labelledby="pricing-country-label"
          value={country}
          onValueChange={(value) => {
            chosen.current = true;
            setCountry(value as PricingCountry);
          }}
          orientation="horizontal"
          className="inline-flex rounded-full border border-stone-300 bg-white p-1 shadow-sm"
        >
          {COUNTRIES.map(({ value, label, currency: code, Flag }) => (
            <RadioGroup.Item
              key={value}
              value={value}
              className="data-[state=unchecked]:hover:text-leaf-800 data-[state=checked]:bg-leaf-700 inline-flex h-10 items-center gap-2 rounded-full px-3 text-sm font-semibold whitespace-nowrap text-stone-700 transition-colors data-[state=checked]:text-white sm:px-4 sm:text-[0.9375rem]"
            >
              <Flag />
              {label}
              <span className="hidden text-xs font-medium opacity-80 sm:inline">{code}</span>
            </RadioGroup.Item>
          ))}
        </RadioGroup.Root>
      </div>

      <ul className="mt-8 grid gap-6 lg:grid-cols-3">
        {PLANS.map((plan) => (
          <li key={plan.id}>
            <PlanCard
              plan={plan}
              currency={currency}
              action={planAction(plan.id, country, viewer)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

type Viewer = {
  plan: PlanId;
  paidPlan: PlanId | null;
  subscribed: boolean;
  state: string;
  country: PricingCountry | null;
} | null;
type ViewerAnswer = { subscription: Viewer; country: PricingCountry };

/**
 * Each plan's button: 'View My Subscription' on the plan the farmer has; a subscribed farmer's
 * other paid plan goes to their subscription with the Change Plan hint; anyone else goes to the
 * plan's subscription page for the country shown (visitors sign in first, as the page requires).
 */
function planAction(
  plan: PlanId,
  country: PricingCountry,
  viewer: Viewer,
): { label: string; href: string } {
  const current = viewer ? (viewer.subscribed ? viewer.plan : "basic") : null;
  if (current === plan)
    return {
      label: "View My Subscription",
      href:
        plan === "basic"
          ? "/settings?section=subscription"
          : `/subscription/payment/${viewer?.country ?? country}/${plan}`,
    };
  const name = PLANS.find((p) => p.id === plan)?.name ?? plan;
  // A paid subscriber moves to Basic by cancelling, on their subscription page.
  if (plan === "basic")
    return viewer
      ? {
          label: "Choose Basic",
          href: `/subscription/payment/${viewer.country ?? country}/${viewer.paidPlan ?? "engager"}`,
        }
      : { label: "Start free", href: "/merchants/register" };
  if (viewer?.subscribed && current && current !== "basic")
    return {
      label: `Choose ${name}`,
      href: `/subscription/payment/${viewer.country ?? country}/${current}?changeTo=${plan}&showAlert=true`,
    };
  return { label: `Choose ${name}`, href: `/subscription/payment/${country}/${plan}` };
}

function PlanCard({
  plan,
  currency,
  action,
}: {
  plan: Plan;
  currency: Currency;
  action: { label: string; href: string };
}) {
  const { icon: Icon, tagline } = PLAN_DETAILS[plan.id];
  const cents = plan.priceCents[currency];
  const featured = plan.id === "engager";
  const features: { text: string; included: boolean }[] = [
    {
      text:
        plan.productLimit === null ? "Unlimited products" : `Up to ${plan.productLimit} products`,
      included: true,
    },
    { text: "Your own store page", included: true },
    { text: "Order management", included: true },
    { text: "Payment options for your customers", included: true },
    // Listed once messaging is built (lib/features.ts): until then no plan promises it.
    ...(FEATURES.messaging
      ? [
          {
            text: plan.messaging ? "Messaging with customers" : "Messaging not included",
            included: plan.messaging,
          },
        ]
      : []),
  ];

  return (
    <article
      aria-labelledby={`plan-${plan.id}`}
      className={cx(
        "shadow-card flex h-full flex-col rounded-3xl border bg-white p-7",
        featured ? "border-leaf-700 ring-leaf-700 ring-1" : "border-stone-200",
      )}
    >
      <div className="flex items-center gap-3">
        <span className="bg-leaf-50 text-leaf-700 inline-flex size-11 items-center justify-center rounded-2xl">
          <Icon aria-hidden className="size-6" strokeWidth={1.75} />
        </span>
        <h3 id={`plan-${plan.id}`} className="text-xl font-bold">
          {plan.name}
        </h3>
      </div>
      <p className="mt-3 text-stone-700 lg:min-h-12">{tagline}</p>
      <p className="mt-6 flex items-baseline gap-2">
        <span className="text-4xl font-extrabold tracking-tight text-stone-900">
          {cents === 0 ? "Free" : formatMoney(cents, currency, { showCode: true })}
        </span>
        <span className="text-stone-600">{cents === 0 ? "no monthly fee" : "per month"}</span>
      </p>
      <ul className="mt-6 flex-1 space-y-3 border-t border-stone-200 pt-6">
        {features.map(({ text, included }) => (
          <li
            key={text}
            className={cx("flex items-start gap-3", included ? "text-stone-800" : "text-stone-600")}
          >
            {included ? (
              <Check
                aria-hidden
                className="text-leaf-700 mt-0.5 size-5 shrink-0"
                strokeWidth={2.5}
              />
            ) : (
              <Minus
                aria-hidden
                className="mt-0.5 size-5 shrink-0 text-stone-500"
                strokeWidth={2.5}
              />
            )}
            {text}
          </li>
        ))}
      </ul>
      <p className="bg-earth-50 mt-7 rounded-2xl px-4 py-3 text-sm leading-relaxed text-stone-700">
        {cents === 0
          ? "Every farmer starts here when they register."
          : "Paid monthly by card; cancel any time."}
      </p>
      <ButtonLink
        href={action.href}
        variant={featured ? "primary" : "secondary"}
        className="mt-4"
        aria-label={`${action.label}: ${plan.name} plan`}
      >
        {action.label}
      </ButtonLink>
    </article>
  );
}
