"use client";

import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { CreditCard, LoaderCircle, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useState } from "react";
import { send } from "@/components/account/send";
import { ELEMENTS_APPEARANCE, getStripeJs } from "@/components/checkout/stripe-js";
import { Button } from "@/components/ui/button";
import type { Delivery } from "@/lib/validation/checkout";

export type SavedCardView = {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
};

type Props = {
  publishableKey: string;
  /** The delivery details from the form, sent again with the checkout (the server re-checks them). */
  delivery: Delivery;
  /** The lines the customer is looking at; the server refuses the order if the cart changed. */
  items: { pKey: string; qty: number; unitPriceCents: number }[];
  savedCards: SavedCardView[];
  /** Why the last attempt failed, when the customer came back from Stripe. */
  initialError: string | null;
};

type Started =
  | {
      state: "awaiting_payment";
      orderNo: string;
      clientSecret: string;
      paymentError: string | null;
    }
  | { state: "paid"; orderNo: string };

const BRAND_NAMES: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  jcb: "JCB",
};

const CHECKOUT_CHANGED_MESSAGE =
  "Your order changed since this page opened. Please reload the page.";

const completedUrl = (orderNo: string) =>
  `/checkout/payment/by_card/completed/${encodeURIComponent(orderNo)}`;

function openCheckout(delivery: Delivery, items: Props["items"]) {
  return send<Started>("/api/checkout/card", { json: { delivery, items } });
}

/**
 * The card payment (spec part 1, Checkout Payment): the order and its PaymentIntent are opened by
 * the server when the page shows (the same ones on every reload), then the customer pays with a
 * saved card (the Checkout button confirms directly) or a new one in Stripe's Payment Element
 * (confirmed through Stripe, which comes back to this page with `payment_intent`).
 */
export function CardPaymentForm({
  publishableKey,
  delivery,
  items,
  savedCards,
  initialError,
}: Props) {
  const router = useRouter();
  const [started, setStarted] = useState<Started | null>(null);
  const [startError, setStartError] = useState<string | null>(null);

  const start = useCallback(() => {
    void openCheckout(delivery, items).then((outcome) => {
      if (outcome.ok && outcome.data.state === "paid")
        router.replace(completedUrl(outcome.data.orderNo));
      else if (outcome.ok) setStarted(outcome.data);
      else setStartError(outcome.message);
    });
  }, [delivery, items, router]);

  // Once per page: the server answers the same order and intent to any later call.
  useEffect(start, [start]);

  return (
    <section
      aria-labelledby="card-payment-heading"
      className="flex flex-col gap-4 self-start rounded-2xl border border-stone-200 bg-white p-5 max-lg:order-2 lg:col-start-2 lg:row-span-2 lg:row-start-1"
    >
      <h2 id="card-payment-heading" className="flex items-center gap-2 text-lg font-bold">
        <CreditCard aria-hidden className="text-leaf-700 size-5" />
        Pay by card
      </h2>
      {startError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p className="text-tomato-600 text-sm font-medium">{startError}</p>
          <Button
            variant="secondary"
            onClick={() => {
              setStartError(null);
              start();
            }}
          >
            Try again
          </Button>
        </div>
      ) : started?.state === "awaiting_payment" ? (
        <Elements
          stripe={getStripeJs(publishableKey)}
          options={{
            clientSecret: started.clientSecret,
            appearance: ELEMENTS_APPEARANCE,
          }}
        >
          <PayForm
            orderNo={started.orderNo}
            clientSecret={started.clientSecret}
            recheck={() => openCheckout(delivery, items)}
            savedCards={savedCards}
            initialError={initialError ?? started.paymentError}
          />
        </Elements>
      ) : (
        <p className="flex items-center gap-2 text-sm text-stone-700" role="status">
          <LoaderCircle aria-hidden className="size-4 animate-spin" />
          Preparing your payment…
        </p>
      )}
    </section>
  );
}

function PayForm({
  orderNo,
  clientSecret,
  recheck,
  savedCards,
  initialError,
}: {
  orderNo: string;
  clientSecret: string;
  /** The server's check of the order again; it answers this form's intent while nothing changed. */
  recheck: () => ReturnType<typeof openCheckout>;
  savedCards: SavedCardView[];
  initialError: string | null;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const router = useRouter();
  const [cards, setCards] = useState(savedCards);
  const [choice, setChoice] = useState<string>(savedCards[0]?.id ?? "new");
  const [saveCard, setSaveCard] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(initialError);
  const [notice, setNotice] = useState("");

  async function deleteCard(card: SavedCardView) {
    setError(null);
    const result = await send<{ message: string }>(
      `/api/checkout/card/savedCards/${encodeURIComponent(card.id)}`,
      { method: "DELETE" },
    );
    if (!result.ok) {
      setError(result.message);
      return;
    }
    const rest = cards.filter((c) => c.id !== card.id);
    setCards(rest);
    if (choice === card.id) setChoice(rest[0]?.id ?? "new");
    setNotice(result.data.message);
  }

  async function checkout() {
    if (!stripe || !elements) return;
    setBusy(true);
    setError(null);
    setNotice("");
    const failed = (message: string | undefined) => {
      setError(message ?? "Your payment did not go through. Please try again.");
      setBusy(false);
    };

    // Checked again just before the card is charged: a farmer may have sold out, withdrawn or
    // repriced a product since this form opened, and the server then cancels this intent.
    const stillAsShown = async () => {
      const current = await recheck();
      if (!current.ok) failed(current.message);
      else if (current.data.state === "paid") router.replace(completedUrl(current.data.orderNo));
      else if (current.data.clientSecret !== clientSecret) failed(CHECKOUT_CHANGED_MESSAGE);
      else return true;
      return false;
    };

    if (choice !== "new") {
      if (!(await stillAsShown())) return;
      const result = await stripe.confirmCardPayment(clientSecret, { payment_method: choice });
      if (result.error) return failed(result.error.message);
      // The server reads the intent from Stripe itself before it places the order.
      router.replace(
        `/checkout/by_card/payment?payment_intent=${encodeURIComponent(result.paymentIntent.id)}`,
      );
      return;
    }

    const { error: formError } = await elements.submit();
    if (formError) return failed(formError.message);
    if (!(await stillAsShown())) return;
    const saved = await send("/api/checkout/card/saveCard", { json: { orderNo, saveCard } });
    if (!saved.ok) return failed(saved.message);
    const result = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}/checkout/by_card/payment` },
    });
    // Only a failure comes back here; a success leaves for the return address.
    failed(result.error.message);
  }

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void checkout();
      }}
    >
      <fieldset className={cards.length > 0 ? "flex flex-col gap-2" : "hidden"}>
        <legend className="mb-2 text-sm font-semibold text-stone-900">Pay with</legend>
        {cards.map((card) => {
          const name = `${BRAND_NAMES[card.brand] ?? card.brand} ending in ${card.last4}`;
          return (
            <div
              key={card.id}
              className="flex items-center justify-between gap-2 rounded-xl border border-stone-200 p-3"
            >
              <label className="flex items-center gap-3 text-sm text-stone-900">
                <input
                  type="radio"
                  name="card"
                  value={card.id}
                  checked={choice === card.id}
                  onChange={() => setChoice(card.id)}
                  className="accent-leaf-700 size-4"
                />
                <span>
                  {name}
                  <span className="block text-xs text-stone-600">
                    Expires {String(card.expMonth).padStart(2, "0")}/{card.expYear}
                  </span>
                </span>
              </label>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => void deleteCard(card)}
                aria-label={`Delete ${name}`}
              >
                <Trash2 aria-hidden />
                Delete
              </Button>
            </div>
          );
        })}
        {cards.length > 0 ? (
          <label className="flex items-center gap-3 rounded-xl border border-stone-200 p-3 text-sm text-stone-900">
            <input
              type="radio"
              name="card"
              value="new"
              checked={choice === "new"}
              onChange={() => setChoice("new")}
              className="accent-leaf-700 size-4"
            />
            A new card
          </label>
        ) : null}
      </fieldset>

      {/* Kept mounted while a saved card is chosen, so switching back keeps what was typed. */}
      <div className={choice === "new" ? "flex flex-col gap-3" : "hidden"}>
        <PaymentElement options={{ layout: "tabs" }} />
        <label className="flex items-center gap-3 text-sm text-stone-900">
          <input
            type="checkbox"
            checked={saveCard}
            onChange={(event) => setSaveCard(event.target.checked)}
            className="accent-leaf-700 size-4"
          />
          Save this card for next time
        </label>
      </div>

      <p role="alert" className="text-tomato-600 text-sm font-medium empty:hidden">
        {error ?? ""}
      </p>
      <p role="status" className="text-leaf-800 text-sm empty:hidden">
        {notice}
      </p>
      <Button type="submit" size="lg" disabled={!stripe || !elements || busy} aria-busy={busy}>
        <CreditCard aria-hidden />
        {busy ? "Processing ..." : "Checkout"}
      </Button>
    </form>
  );
}
