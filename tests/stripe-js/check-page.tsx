/**
 * The page standin.check.ts drives: the real @stripe/stripe-js and @stripe/react-stripe-js, as the
 * app uses them, against the Stripe.js stand-in. Bundled for the browser by the check (esbuild).
 *
 * Query: `secret` (a PaymentIntent's client secret, or a SetupIntent's, which makes "Pay" call
 * confirmSetup), `redirect` ("always" or "if_required"), `saved` (a payment method id, which adds a
 * "Pay with saved card" button calling confirmCardPayment).
 */
import { StrictMode, useState, type FormEvent } from "react";
import { createRoot } from "react-dom/client";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import {
  loadStripe,
  type PaymentIntent,
  type SetupIntent,
  type StripeError,
} from "@stripe/stripe-js";

const query = new URLSearchParams(window.location.search);
const clientSecret = query.get("secret") ?? "";
const redirect = query.get("redirect") === "if_required" ? "if_required" : "always";
const savedPaymentMethod = query.get("saved");
const stripePromise = loadStripe("pk_test_standin_check");

type Outcome = { error?: StripeError; paymentIntent?: PaymentIntent; setupIntent?: SetupIntent };

function describe({ error, paymentIntent, setupIntent }: Outcome) {
  if (error) return `Error: ${error.message}`;
  return `Paid: ${(paymentIntent ?? setupIntent)?.status ?? "redirecting"}`;
}

/** What the check asserts about Stripe.js's error object beyond its message. */
function describeError({ error }: Outcome) {
  if (!error) return "";
  const intentId = error.payment_intent?.id ?? error.setup_intent?.id ?? "none";
  return `type=${error.type} code=${error.code ?? "none"} decline_code=${error.decline_code ?? "none"} intent=${intentId}`;
}

function CheckoutForm() {
  const stripe = useStripe();
  const elements = useElements();
  const [status, setStatus] = useState("Loading the payment form");
  const [isComplete, setIsComplete] = useState(false);
  const [errorDetails, setErrorDetails] = useState("");

  function show(outcome: Outcome) {
    setStatus(describe(outcome));
    setErrorDetails(describeError(outcome));
  }

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setStatus("Paying");
    const confirmParams = { return_url: `${window.location.origin}/done` };
    if (clientSecret.startsWith("seti_")) {
      show(await stripe.confirmSetup({ elements, confirmParams }));
    } else if (redirect === "if_required") {
      show(await stripe.confirmPayment({ elements, confirmParams, redirect }));
    } else {
      show(await stripe.confirmPayment({ elements, confirmParams }));
    }
  }

  async function payWithSavedCard() {
    if (!stripe || !savedPaymentMethod) return;
    setStatus("Paying");
    const result = await stripe.confirmCardPayment(clientSecret, {
      payment_method: savedPaymentMethod,
    });
    show(result);
  }

  return (
    <form onSubmit={pay}>
      <PaymentElement
        onReady={() => setStatus("Ready")}
        onChange={(event) => setIsComplete(event.complete)}
      />
      <p>{isComplete ? "Card complete" : "Card not complete"}</p>
      <button type="submit">Pay</button>
      {savedPaymentMethod && (
        <button type="button" onClick={payWithSavedCard}>
          Pay with saved card
        </button>
      )}
      <p role="status">{status}</p>
      <p>Error details: {errorDetails}</p>
    </form>
  );
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Elements stripe={stripePromise} options={{ clientSecret }}>
      <CheckoutForm />
    </Elements>
  </StrictMode>,
);
