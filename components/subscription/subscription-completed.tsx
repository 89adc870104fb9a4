import { CheckCircle2 } from "lucide-react";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { ButtonLink } from "@/components/ui/button";
import { PageIntro } from "@/components/static/page-intro";
import { formatMoney, getPlan } from "@/lib/money";
import {
  isCompletedType,
  subscriptionCompletedPath,
  type CompletedType,
} from "@/lib/subscriptions/completed-path";
import { formatServiceDate, loadSubscriptionCompletion, requireMember } from "@/server/pages";

/** What the address says happened: `{expiresAt}` (Unix seconds) and `?paymentIntentId=`. */
export type CompletedParams = { expiresAt: number | null; paymentIntentId: string | null };

/** The page's params from its route: `{expiresAt}` (digits, or absent) and the query. */
export async function completedParams(
  expiresAt: string | null,
  searchParams: Promise<Record<string, string | string[] | undefined>>,
): Promise<CompletedParams> {
  const paymentIntentId = (await searchParams).paymentIntentId;
  return {
    expiresAt: expiresAt === null ? null : Number(expiresAt),
    paymentIntentId:
      typeof paymentIntentId === "string" && paymentIntentId ? paymentIntentId : null,
  };
}

const TITLES: Record<CompletedType, string> = {
  create: "You are subscribed",
  update: "Your card is updated",
  cancel: "Your plan is cancelled",
  resubscribe: "Welcome back",
};

/**
 * subscriptionPaymentCompleted (/subscription/payment/{type}/{expiresAt?}/completed, spec params
 * type, expiresAt and paymentIntentId): what just happened, for each type. The params are checked
 * against the farmer's own subscription (server/subscriptions/confirm-subscription-change.ts):
 * the date and the payment shown are the ones it has, and an address it does not bear out (a
 * date or a payment that is not this plan's, a cancel that was not made) is Page not found.
 */
export function SubscriptionCompleted({
  type,
  params,
}: {
  type: string;
  params: Promise<CompletedParams>;
}) {
  if (!isCompletedType(type)) notFound();
  return (
    <>
      <PageIntro eyebrow="Farmer plans" title={TITLES[type]} />
      <div className="container-page py-10 sm:py-14">
        <Suspense fallback={<p className="text-stone-600">Loading your plan…</p>}>
          <Completed type={type} params={params} />
        </Suspense>
      </div>
    </>
  );
}

async function Completed({
  type,
  params,
}: {
  type: CompletedType;
  params: Promise<CompletedParams>;
}) {
  const claimed = await params;
  // Back here after signing in.
  const member = await requireMember(subscriptionCompletedPath(type, claimed), {
    merchantPage: true,
  });
  const completion = await loadSubscriptionCompletion(member.id, { type, ...claimed });
  if (!completion) notFound();
  const plan = getPlan(completion.plan);
  const date = completion.date ? formatServiceDate(completion.date) : null;
  const ends = type === "cancel" ? date : null;
  const paid = completion.payment
    ? `We received your payment of ${formatMoney(completion.payment.amountCents, completion.payment.currency, { showCode: true })}.`
    : null;
  const renews =
    date && (type === "create" || type === "resubscribe") ? `It renews on ${date}.` : null;
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
      {paid || renews ? (
        <p className="text-stone-700">{[paid, renews].filter(Boolean).join(" ")}</p>
      ) : null}
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
