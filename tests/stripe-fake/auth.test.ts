import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { postAsBrowser, startFakeForFile } from "./test-support";

const fake = startFakeForFile();

describe("API keys", () => {
  it("lets the publishable key read and confirm an intent only with its client_secret", async () => {
    const pi = await fake()
      .client()
      .paymentIntents.create({
        amount: 1000,
        currency: "cad",
        allowed_payment_method_types: ["card"],
      });
    const browser = fake().client({ apiKey: fake().publishableKey });

    await expect(
      browser.paymentIntents.retrieve(pi.id, { client_secret: String(pi.client_secret) }),
    ).resolves.toMatchObject({ id: pi.id });
    await expect(
      browser.paymentIntents.retrieve(pi.id, { client_secret: "pi_x_secret_wrong" }),
    ).rejects.toMatchObject({
      statusCode: 400,
      param: "client_secret",
    });
    const confirmed = await postAsBrowser(fake(), `/v1/payment_intents/${pi.id}/confirm`, {
      client_secret: String(pi.client_secret),
      payment_method: "pm_card_visa",
    });
    expect(confirmed.body.status).toBe("succeeded");
  });

  it("lets the publishable key create a card PaymentMethod, as Stripe.js does", async () => {
    const made = await postAsBrowser(fake(), "/v1/payment_methods", {
      type: "card",
      "card[number]": "4242 4242 4242 4242",
      "card[exp_month]": "12",
      "card[exp_year]": "34",
      "card[cvc]": "123",
      payment_user_agent: "stripe.js/fake",
    });
    expect(made).toMatchObject({
      status: 200,
      body: { object: "payment_method", card: { last4: "4242", exp_year: 2034 } },
    });
  });

  it.each([
    ["creating a customer", (s: Stripe) => s.customers.create({})],
    ["refunding", (s: Stripe) => s.refunds.create({ payment_intent: "pi_123" })],
    ["listing events", (s: Stripe) => s.events.list()],
    ["canceling an intent", (s: Stripe) => s.paymentIntents.cancel("pi_123")],
  ])("refuses the publishable key for %s (401)", async (_, call) => {
    const error = await call(fake().client({ apiKey: fake().publishableKey })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error).toMatchObject({ statusCode: 401 });
  });

  it.each([["sk_live_123456789012"], ["rk_test_123456789012"], ["nonsense"]])(
    "refuses the key %s (401)",
    async (key) => {
      await expect(fake().client({ apiKey: key }).customers.create({})).rejects.toBeInstanceOf(
        Stripe.errors.StripeAuthenticationError,
      );
    },
  );
});

describe("Stripe's request errors", () => {
  it.each([
    [
      "an unknown id",
      (s: Stripe) => s.paymentIntents.retrieve("pi_missing"),
      { statusCode: 404, code: "resource_missing", message: "No such PaymentIntent: 'pi_missing'" },
    ],
    [
      "a missing parameter",
      (s: Stripe) =>
        s.paymentIntents.create({ currency: "cad" } as Stripe.PaymentIntentCreateParams),
      { statusCode: 400, code: "parameter_missing", param: "amount" },
    ],
    [
      "an unknown parameter",
      (s: Stripe) => s.customers.create({ colour: "red" } as Stripe.CustomerCreateParams),
      { statusCode: 400, code: "parameter_unknown", param: "colour" },
    ],
    [
      "payment_method_types, gone at the pinned API version",
      (s: Stripe) =>
        s.paymentIntents.create({
          amount: 100,
          currency: "cad",
          payment_method_types: ["card"],
        } as Stripe.PaymentIntentCreateParams),
      { code: "parameter_unknown", param: "payment_method_types" },
    ],
    [
      "an amount under 50 cents",
      (s: Stripe) => s.paymentIntents.create({ amount: 49, currency: "cad" }),
      { code: "amount_too_small" },
    ],
    [
      "a mistyped card number",
      (s: Stripe) =>
        s.paymentMethods.create({
          type: "card",
          card: { number: "4242424242424241", exp_month: 1, exp_year: 2040 },
        } as Stripe.PaymentMethodCreateParams),
      { statusCode: 402, code: "incorrect_number" },
    ],
    [
      "an expired card",
      (s: Stripe) =>
        s.paymentMethods.create({
          type: "card",
          card: { number: "4242424242424242", exp_month: 1, exp_year: 2020 },
        } as Stripe.PaymentMethodCreateParams),
      { statusCode: 402, code: "invalid_expiry_year" },
    ],
    [
      "expanding a plain field",
      (s: Stripe) =>
        s.paymentIntents.create({ amount: 100, currency: "cad", expand: ["currency"] }),
      { statusCode: 400, param: "expand" },
    ],
  ])("answers %s as Stripe does", async (_, call, expected) => {
    await expect(call(fake().client())).rejects.toMatchObject(expected);
  });
});
