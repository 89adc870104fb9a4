"use client";

import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { CreditCard, LoaderCircle } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { send } from "@/components/account/send";
import { ELEMENTS_APPEARANCE, getStripeJs } from "@/components/checkout/stripe-js";
import { useHydrated } from "@/components/layout/use-hydrated";
import { Button } from "@/components/ui/button";
import { subscriptionCompletedPath } from "@/lib/subscriptions/completed-path";

type Started =
  | {
      state: "awaiting_payment";
      clientSecret: string;
      amountCents: number;
      kind: "create" | "resubscribe";
    }
  | { state: "active"; kind: "create" | "resubscribe" };

type Props = {
  publishableKey: string;
  country: "usa" | "canada";
  plan: "engager" | "harvest";
  planName: string;
  /** "CA$12.99": the monthly price as the page shows it. */
  priceLabel: string;
  /** Why the last attempt failed, when the farmer came back from Stripe. */
  initialError: string | null;
};

/**
 * Subscribe (spec part 1, Subscription payment): the server starts the subscription (the same one
 * however often the button is pressed), then the farmer pays its first invoice in Stripe's Payment
 * Element; Stripe comes back to this page with `payment_intent`, and the server reads what
 * happened from Stripe.
 */
export function SubscribeForm({
  publishableKey,
  country,
  plan,
  planName,
  priceLabel,
  initialError,
}: Props) {
  const router = useRouter();
  // Until React has hydrated, a press would do nothing: the button says so by being disabled.
  const hydrated = useHydrated();
  const [started, setStarted] = useState<Extract<Started, { state: "awaiting_payment" }> | null>(
    null,
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(initialError);

  async function start() {
    setBusy(true);
    setError(null);
    const outcome = await send<Started>("/api/subscriptions", { json: { country, plan } });
    setBusy(false);
    if (!outcome.ok) return setError(outcome.message);
    if (outcome.data.state === "active")
      return router.replace(subscriptionCompletedPath(outcome.data.kind));
    setStarted(outcome.data);
  }

  if (!started) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="alert" className="text-tomato-600 text-sm font-medium empty:hidden">
          {error ?? ""}
        </p>
        <Button
          size="lg"
          onClick={() => void start()}
          disabled={busy || !hydrated}
          aria-busy={busy}
        >
          {busy ? (
            <LoaderCircle aria-hidden className="animate-spin" />
          ) : (
            <CreditCard aria-hidden />
          )}
          {busy ? "Processing ..." : `Subscribe to ${planName}`}
        </Button>
        <p className="text-sm text-stone-600">
          {priceLabel} per month, charged today and then monthly until you cancel.
        </p>
      </div>
    );
  }

  return (
    <Elements
      stripe={getStripeJs(publishableKey)}
      options={{ clientSecret: started.clientSecret, appearance: ELEMENTS_APPEARANCE }}
    >
      <ConfirmForm
        kind="payment"
        returnPath={`/subscription/payment/${country}/${plan}`}
        label={`Pay ${priceLabel} and subscribe`}
        initialError={error}
      />
    </Elements>
  );
}

/**
 * The Payment Element and its submit button, confirmed through Stripe: a payment (the first
 * invoice) or a setup (a new card). Only a failure comes back here; a success leaves for the
 * return address, where the server reads what happened from Stripe.
 */
function ConfirmForm({
  kind,
  returnPath,
  label,
  initialError = null,
}: {
  kind: "payment" | "setup";
  returnPath: string;
  label: string;
  initialError?: string | null;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(initialError);

  async function confirm() {
    if (!stripe || !elements) return;
    setBusy(true);
    setError(null);
    const { error: formError } = await elements.submit();
    if (formError) {
      setError(formError.message ?? "Please check the card details.");
      setBusy(false);
      return;
    }
    const confirmParams = { return_url: `${window.location.origin}${returnPath}` };
    const result =
      kind === "payment"
        ? await stripe.confirmPayment({ elements, confirmParams })
        : await stripe.confirmSetup({ elements, confirmParams });
    setError(
      result.error.message ??
        (kind === "payment"
          ? "Your payment did not go through. Please try again."
          : "Your card could not be saved. Please try again."),
    );
    setBusy(false);
  }

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void confirm();
      }}
    >
      <PaymentElement options={{ layout: "tabs" }} />
      <p role="alert" className="text-tomato-600 text-sm font-medium empty:hidden">
        {error ?? ""}
      </p>
      <Button
        type="submit"
        size={kind === "payment" ? "lg" : "md"}
        disabled={!stripe || !elements || busy}
        aria-busy={busy}
      >
        {kind === "payment" ? <CreditCard aria-hidden /> : null}
        {busy ? "Processing ..." : label}
      </Button>
    </form>
  );
}

/** The Payment Element for a new card (a SetupIntent), confirmed through Stripe like a payment. */
export function CardSetupForm({
  publishableKey,
  clientSecret,
  returnPath,
}: {
  publishableKey: string;
  clientSecret: string;
  returnPath: string;
}) {
  return (
    <Elements
      stripe={getStripeJs(publishableKey)}
      options={{ clientSecret, appearance: ELEMENTS_APPEARANCE }}
    >
      <ConfirmForm kind="setup" returnPath={returnPath} label="Save card" />
    </Elements>
  );
}
