import { ButtonLink } from "@/components/ui/button";
import { getPlan } from "@/lib/constants";
import type { SubscriptionSummary as Summary } from "@/server/members/get-profile";

const dateLabel = (iso: string) =>
  new Date(iso).toLocaleDateString("en-CA", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });

/**
 * Settings → subscription (merchants): the plan in service, Expiring with its end date or Expired
 * once it passed, and Manage for subscribed farmers, View Plans otherwise.
 */
export function SubscriptionSummary({ subscription }: { subscription: Summary }) {
  const plan = getPlan(subscription.plan);
  const paid = subscription.paidPlan ? getPlan(subscription.paidPlan) : null;
  const date = subscription.serviceExpiresAt;
  const manage =
    (subscription.subscribed || subscription.state === "lapsed") &&
    subscription.country &&
    subscription.paidPlan;
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid gap-1">
        <dt className="text-sm font-semibold text-stone-600">Current plan</dt>
        <dd className="text-2xl font-extrabold text-stone-900">{plan.name}</dd>
      </dl>
      <p className="text-stone-700">
        {plan.productLimit === null ? "Unlimited products" : `Up to ${plan.productLimit} products`}
        {plan.messaging
          ? ", messaging with customers included."
          : ". Messaging with customers is not included."}
      </p>
      {subscription.state === "expiring" && date ? (
        <p className="text-earth-800 font-medium">
          Expiring: your plan ends on <time dateTime={date}>{dateLabel(date)}</time>.
        </p>
      ) : null}
      {subscription.state === "expired" && paid ? (
        <p className="text-earth-800 font-medium">
          Expired: your {paid.name} plan ended
          {date ? (
            <>
              {" "}
              on <time dateTime={date}>{dateLabel(date)}</time>
            </>
          ) : null}
          .
        </p>
      ) : null}
      {subscription.state === "past_due" || subscription.state === "lapsed" ? (
        <p className="text-tomato-600 font-medium">
          The last payment for your {paid?.name} plan did not go through. Please update your card.
        </p>
      ) : null}
      {manage ? (
        <ButtonLink
          href={`/subscription/payment/${subscription.country}/${subscription.paidPlan}`}
          className="self-start"
        >
          Manage
        </ButtonLink>
      ) : (
        <ButtonLink href="/pricing#plans" className="self-start">
          View Plans
        </ButtonLink>
      )}
    </div>
  );
}
