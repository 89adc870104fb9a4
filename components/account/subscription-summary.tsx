import { ButtonLink } from "@/components/ui/button";
import { getPlan } from "@/lib/constants";
import type { SubscriptionSummary as Summary } from "@/server/members/get-profile";

/** Settings → subscription (merchants): the current plan, Manage for subscribers, else View Plans. */
export function SubscriptionSummary({ subscription }: { subscription: Summary }) {
  const plan = getPlan(subscription.plan);
  const expires = subscription.serviceExpiresAt ? new Date(subscription.serviceExpiresAt) : null;
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
      {expires ? (
        <p className="text-earth-800 font-medium">
          Expiring: your plan ends on{" "}
          <time dateTime={expires.toISOString()}>
            {expires.toLocaleDateString("en-CA", {
              year: "numeric",
              month: "long",
              day: "numeric",
              timeZone: "UTC",
            })}
          </time>
          .
        </p>
      ) : null}
      {subscription.subscribed && subscription.country ? (
        <ButtonLink
          href={`/subscription/payment/${subscription.country}/${subscription.plan}`}
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
