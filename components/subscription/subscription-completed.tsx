import { CheckCircle2 } from "lucide-react";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { ButtonLink } from "@/components/ui/button";
import { PageIntro } from "@/components/static/page-intro";
import { getPlan } from "@/lib/money";
import { formatServiceDate, loadOwnPlan, requireMember } from "@/server/pages";

const TYPES = ["create", "update", "cancel", "resubscribe"] as const;
type CompletedType = (typeof TYPES)[number];

const TITLES: Record<CompletedType, string> = {
  create: "You are subscribed",
  update: "Your card is updated",
  cancel: "Your plan is cancelled",
  resubscribe: "Welcome back",
};

/**
 * subscriptionPaymentCompleted (/subscription/payment/{type}/{expiresAt?}/completed): what just
 * happened, for each type. The plan and its dates are read from the farmer's own record, never
 * from the address.
 */
export function SubscriptionCompleted({ type }: { type: string }) {
  if (!(TYPES as readonly string[]).includes(type)) notFound();
  const kind = type as CompletedType;
  return (
    <>
      <PageIntro eyebrow="Farmer plans" title={TITLES[kind]} />
      <div className="container-page py-10 sm:py-14">
        <Suspense fallback={<p className="text-stone-600">Loading your plan…</p>}>
          <Completed type={kind} />
        </Suspense>
      </div>
    </>
  );
}

async function Completed({ type }: { type: CompletedType }) {
  const member = await requireMember(`/subscription/payment/${type}/completed`, {
    merchantPage: true,
  });
  const { entitlement } = await loadOwnPlan(member.id);
  const plan = getPlan(entitlement.paidPlan ?? entitlement.plan);
  const ends = entitlement.serviceExpiresAt
    ? formatServiceDate(entitlement.serviceExpiresAt)
    : null;
  const message: Record<CompletedType, string> = {
    create: `Thank you! You are now on the ${plan.name} plan: ${plan.productLimit === null ? "unlimited products" : `up to ${plan.productLimit} products`}, and messaging with your customers.`,
    update: `Your new card will be used for your ${plan.name} plan from now on.`,
    cancel: ends
      ? `Your ${plan.name} plan stays active until ${ends}, and will not be charged again. You can resubscribe before then.`
      : `Your ${plan.name} plan will not be charged again.`,
    resubscribe: `Your ${plan.name} plan is active again and renews each month.`,
  };
  return (
    <div className="flex max-w-2xl flex-col items-start gap-6 rounded-2xl border border-stone-200 bg-white p-5 sm:p-8">
      <p role="status" className="flex items-start gap-3 text-lg text-stone-800">
        <CheckCircle2 aria-hidden className="text-leaf-700 mt-1 size-6 shrink-0" />
        {message[type]}
      </p>
      <div className="flex flex-wrap gap-3">
        {type === "create" || type === "resubscribe" ? (
          <ButtonLink href={`/stores/${encodeURIComponent(member.username)}/products/add`}>
            Add a product
          </ButtonLink>
        ) : null}
        <ButtonLink href="/settings?section=subscription" variant="secondary">
          Subscription settings
        </ButtonLink>
      </div>
    </div>
  );
}
