import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { postAsBrowser, startFakeForFile } from "./test-support";

const fake = startFakeForFile();
const RETURN_URL = "https://shop.test/checkout/return";

async function newIntent(params: Partial<Stripe.PaymentIntentCreateParams> = {}) {
  return fake()
    .client()
    .paymentIntents.create({ amount: 2500, currency: "cad", ...params });
}

describe("paying with a card", () => {
  it("succeeds with 4242, makes a charge and the events in order", async () => {
    const stripe = fake().client();
    const customer = await stripe.customers.create({ email: "ann@example.test", name: "Ann" });
    const created = await newIntent({
      customer: customer.id,
      metadata: { orderId: "42" },
      transfer_group: "ORDER-42",
    });
    expect(created).toMatchObject({ object: "payment_intent", status: "requires_payment_method" });
    expect(created.id).toMatch(/^pi_/);
    expect(created.client_secret).toMatch(new RegExp(`^${created.id}_secret_`));

    const paid = await stripe.paymentIntents.confirm(created.id, {
      payment_method_data: {
        type: "card",
        card: { number: "4242424242424242", exp_month: 12, exp_year: 2040, cvc: "123" },
      } as Stripe.PaymentIntentConfirmParams.PaymentMethodData,
      return_url: RETURN_URL,
      expand: ["latest_charge", "payment_method"],
    });

    expect(paid.status).toBe("succeeded");
    expect(paid.amount_received).toBe(2500);
    const charge = paid.latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({
      object: "charge",
      amount: 2500,
      amount_refunded: 0,
      refunded: false,
      currency: "cad",
      payment_intent: created.id,
      transfer_group: "ORDER-42",
      status: "succeeded",
      refunds: { object: "list", data: [] },
    });
    expect(charge.id).toMatch(/^ch_/);
    expect((paid.payment_method as Stripe.PaymentMethod).card).toMatchObject({
      brand: "visa",
      last4: "4242",
    });
    expect(fake().events.map((event) => event.type)).toEqual([
      "customer.created",
      "payment_intent.created",
      "charge.succeeded",
      "payment_intent.succeeded",
    ]);
    const succeeded = fake().events.at(-1);
    expect(succeeded).toMatchObject({
      object: "event",
      api_version: Stripe.API_VERSION,
      livemode: false,
      data: { object: { id: created.id, status: "succeeded", metadata: { orderId: "42" } } },
    });
  });

  it.each([
    ["4242424242424242", "visa", "4242"],
    ["5555555555554444", "mastercard", "4444"],
    ["378282246310005", "amex", "0005"],
    ["6011111111111117", "discover", "1117"],
    ["3566002020360505", "jcb", "0505"],
  ])("takes %s as a %s ending %s", async (number, brand, last4) => {
    const stripe = fake().client();
    const pm = await stripe.paymentMethods.create({
      type: "card",
      card: { number, exp_month: 1, exp_year: 2039, cvc: "1234" },
    } as Stripe.PaymentMethodCreateParams);
    expect(pm.card).toMatchObject({ brand, last4, exp_month: 1, exp_year: 2039 });
    const pi = await newIntent({ payment_method: pm.id, confirm: true, return_url: RETURN_URL });
    expect(pi.status).toBe("succeeded");
  });

  it.each([
    ["pm_card_visa", "visa"],
    ["pm_card_mastercard", "mastercard"],
    ["pm_card_amex", "amex"],
    ["pm_card_discover", "discover"],
    ["pm_card_jcb", "jcb"],
  ])("resolves the test id %s to a fresh %s card each time", async (testId, brand) => {
    const first = await newIntent({
      payment_method: testId,
      confirm: true,
      return_url: RETURN_URL,
    });
    const second = await newIntent({
      payment_method: testId,
      confirm: true,
      return_url: RETURN_URL,
    });
    expect(first.payment_method).not.toBe(second.payment_method);
    const pm = await fake().client().paymentMethods.retrieve(String(first.payment_method));
    expect(pm.card?.brand).toBe(brand);
  });

  it.each([
    ["4000000000000002", "generic_decline", "Your card was declined."],
    ["4000000000009995", "insufficient_funds", "Your card has insufficient funds."],
    ["pm_card_chargeDeclined", "generic_decline", "Your card was declined."],
  ])(
    "declines %s (%s) with a StripeCardError and leaves the intent reusable",
    async (card, declineCode, message) => {
      const stripe = fake().client();
      const pi = await newIntent();
      const paymentMethod = card.startsWith("pm_")
        ? card
        : (
            await stripe.paymentMethods.create({
              type: "card",
              card: { number: card, exp_month: 12, exp_year: 2040, cvc: "123" },
            } as Stripe.PaymentMethodCreateParams)
          ).id;

      const error = await stripe.paymentIntents
        .confirm(pi.id, { payment_method: paymentMethod, return_url: RETURN_URL })
        .catch((e: unknown) => e);

      expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
      expect(error).toMatchObject({
        statusCode: 402,
        code: "card_declined",
        decline_code: declineCode,
        message,
        payment_intent: { id: pi.id, status: "requires_payment_method" },
      });
      const after = await stripe.paymentIntents.retrieve(pi.id);
      expect(after.last_payment_error).toMatchObject({
        code: "card_declined",
        decline_code: declineCode,
        message,
      });
      expect(fake().events.map((e) => e.type)).toContain("payment_intent.payment_failed");

      const retried = await stripe.paymentIntents.confirm(pi.id, {
        payment_method: "pm_card_visa",
        return_url: RETURN_URL,
      });
      expect(retried.status).toBe("succeeded");
      expect(retried.last_payment_error).toBeNull();
    },
  );

  it("refuses to confirm an intent that already succeeded", async () => {
    const pi = await newIntent({
      payment_method: "pm_card_visa",
      confirm: true,
      return_url: RETURN_URL,
    });
    await expect(
      fake()
        .client()
        .paymentIntents.confirm(pi.id, { payment_method: "pm_card_visa", return_url: RETURN_URL }),
    ).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      statusCode: 400,
      code: "payment_intent_unexpected_state",
    });
  });

  it("refuses a card saved to another customer", async () => {
    const stripe = fake().client();
    const [ann, bob] = await Promise.all([
      stripe.customers.create({}),
      stripe.customers.create({}),
    ]);
    const card = await stripe.paymentMethods.attach("pm_card_visa", { customer: bob.id });
    const pi = await newIntent({ customer: ann.id });
    await expect(
      stripe.paymentIntents.confirm(pi.id, { payment_method: card.id, return_url: RETURN_URL }),
    ).rejects.toMatchObject({ statusCode: 400, param: "payment_method" });
  });

  it("wants a return_url on automatic payment methods, as Stripe does, unless redirects are off", async () => {
    const stripe = fake().client();
    const pi = await newIntent();
    await expect(
      stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_card_visa" }),
    ).rejects.toMatchObject({
      statusCode: 400,
      param: "return_url",
    });
    const cardOnly = await newIntent({ allowed_payment_method_types: ["card"] });
    expect(
      (await stripe.paymentIntents.confirm(cardOnly.id, { payment_method: "pm_card_visa" })).status,
    ).toBe("succeeded");
  });

  it('updates setup_future_usage ("" unsets it) and the amount only before success', async () => {
    const stripe = fake().client();
    const pi = await newIntent({ setup_future_usage: "off_session" });
    expect(
      (await stripe.paymentIntents.update(pi.id, { setup_future_usage: "" })).setup_future_usage,
    ).toBeNull();
    expect(
      (await stripe.paymentIntents.update(pi.id, { amount: 3000, metadata: { a: "1" } })).amount,
    ).toBe(3000);
    await stripe.paymentIntents.confirm(pi.id, {
      payment_method: "pm_card_visa",
      return_url: RETURN_URL,
    });
    await expect(stripe.paymentIntents.update(pi.id, { amount: 10 })).rejects.toMatchObject({
      code: "payment_intent_unexpected_state",
    });
  });

  it("cancels an unpaid intent and says so in an event", async () => {
    const pi = await newIntent();
    const canceled = await fake()
      .client()
      .paymentIntents.cancel(pi.id, { cancellation_reason: "abandoned" });
    expect(canceled).toMatchObject({ status: "canceled", cancellation_reason: "abandoned" });
    expect(fake().events.at(-1)?.type).toBe("payment_intent.canceled");
  });
});

describe("3-D Secure", () => {
  it("asks for authentication, then succeeds when the customer passes it in the browser", async () => {
    const pi = await newIntent();
    const confirmed = await postAsBrowser(fake(), `/v1/payment_intents/${pi.id}/confirm`, {
      client_secret: String(pi.client_secret),
      payment_method: "pm_card_authenticationRequired",
      return_url: RETURN_URL,
    });
    expect(confirmed.body).toMatchObject({
      status: "requires_action",
      next_action: { type: "redirect_to_url", redirect_to_url: { return_url: RETURN_URL } },
    });
    const page = (confirmed.body.next_action as { redirect_to_url: { url: string } })
      .redirect_to_url.url;
    expect(await (await fetch(page)).text()).toContain("Complete authentication");

    const done = await postAsBrowser(fake(), `/v1/payment_intents/${pi.id}/_fake_authenticate`, {
      client_secret: String(pi.client_secret),
      result: "succeed",
    });
    expect(done.body).toMatchObject({ status: "succeeded", next_action: null });
    expect(fake().count("charge")).toBe(1);
  });

  it("sends the browser back to the return_url from the fake's 3-D Secure page", async () => {
    const pi = await newIntent({
      payment_method: "pm_card_authenticationRequired",
      confirm: true,
      return_url: RETURN_URL,
    });
    const page = new URL((pi.next_action?.redirect_to_url?.url as string) ?? "");
    const answer = await fetch(page, {
      method: "POST",
      body: new URLSearchParams({ client_secret: String(pi.client_secret), result: "succeed" }),
      redirect: "manual",
    });
    expect(answer.status).toBe(303);
    const back = new URL(answer.headers.get("location") ?? "");
    expect(Object.fromEntries(back.searchParams)).toEqual({
      payment_intent: pi.id,
      payment_intent_client_secret: pi.client_secret,
      redirect_status: "succeeded",
    });
  });

  it("returns to requires_payment_method with Stripe's message when authentication fails", async () => {
    const pi = await newIntent({
      payment_method: "pm_card_authenticationRequired",
      confirm: true,
      return_url: RETURN_URL,
    });
    expect(pi.status).toBe("requires_action");
    const failed = fake().authenticate(pi.id, "fail");
    expect(failed).toMatchObject({
      status: "requires_payment_method",
      last_payment_error: {
        code: "payment_intent_authentication_failure",
        message:
          "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
      },
    });
    expect(fake().events.map((e) => e.type)).toEqual([
      "payment_intent.created",
      "payment_intent.requires_action",
      "payment_intent.payment_failed",
    ]);
  });
});
