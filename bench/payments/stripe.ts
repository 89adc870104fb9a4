/**
 * Stripe for the payment scenarios: the Stripe fake (tests/stripe-fake) in this process with no
 * added latency, and a real SDK client pointed at it whose HTTP requests are timed. Each timed
 * service call runs in its own async context, and every Stripe request made inside it (from the
 * request's start to its body being read) adds to that call's Stripe time, even with ten calls in
 * flight. Total minus Stripe time is what our code and the database took: the figure the payment
 * targets are on, since a real Stripe's latency is neither ours nor the fake's.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import Stripe from "stripe";
import { startStripeFake, type StripeFake } from "@/tests/stripe-fake";

export interface SplitTime {
  totalMs: number;
  /** Wall time of the call's Stripe requests (the fake answering, and the wait for this process). */
  stripeMs: number;
  stripeRequests: number;
}

export interface BenchStripe {
  fake: StripeFake;
  stripe: Stripe;
  /** Runs `fn`, answering its result and how its time split between Stripe and the rest. */
  timed<T>(fn: () => Promise<T>): Promise<{ result: T } & SplitTime>;
  close(): Promise<void>;
}

type Spent = { ms: number; requests: number };

function timedHttpClient(spending: AsyncLocalStorage<Spent>): Stripe.HttpClient {
  const inner = Stripe.createNodeHttpClient();
  return {
    getClientName: () => inner.getClientName(),
    async makeRequest(...request) {
      const spent = spending.getStore();
      const started = performance.now();
      const response = await inner.makeRequest(...request);
      if (!spent) return response;
      const readBody = response.toJSON.bind(response);
      // The answer is not in until its body is read, so the body's read counts as Stripe's.
      response.toJSON = async () => {
        try {
          return await readBody();
        } finally {
          spent.ms += performance.now() - started;
          spent.requests += 1;
        }
      };
      return response;
    },
  };
}

export async function startBenchStripe(): Promise<BenchStripe> {
  const fake = await startStripeFake({ latencyMs: 0 });
  const spending = new AsyncLocalStorage<Spent>();
  // The app's own timeout (stripe-client.ts); the fake's 5 s default is short for a loaded machine.
  const stripe = fake.client({ httpClient: timedHttpClient(spending), timeout: 15_000 });
  return {
    fake,
    stripe,
    async timed(fn) {
      const spent: Spent = { ms: 0, requests: 0 };
      const started = performance.now();
      const result = await spending.run(spent, fn);
      return {
        result,
        totalMs: performance.now() - started,
        stripeMs: spent.ms,
        stripeRequests: spent.requests,
      };
    },
    close: () => fake.close(),
  };
}

/**
 * The browser's part of a payment: Stripe.js confirming the intent with a typed 4242 card, sent
 * with the publishable key and the client secret as Stripe.js sends it (not timed).
 */
export async function confirmAsBrowser(fake: StripeFake, clientSecret: string): Promise<void> {
  const intentId = clientSecret.split("_secret_")[0] as string;
  const response = await fetch(`${fake.url}/v1/payment_intents/${intentId}/confirm`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      key: fake.publishableKey,
      client_secret: clientSecret,
      return_url: "http://localhost:3000/checkout/by_card/payment",
      "payment_method_data[type]": "card",
      "payment_method_data[card][number]": "4242424242424242",
      "payment_method_data[card][exp_month]": "12",
      "payment_method_data[card][exp_year]": "2040",
      "payment_method_data[card][cvc]": "123",
    }),
  });
  const body = (await response.json()) as { status?: string };
  if (!response.ok || body.status !== "succeeded")
    throw new Error(`confirming ${intentId}: ${response.status} ${JSON.stringify(body)}`);
}
