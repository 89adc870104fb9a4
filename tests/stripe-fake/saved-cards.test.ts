import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { postAsBrowser, startFakeForFile } from "./test-support";

const fake = startFakeForFile();
const RETURN_URL = "https://shop.test/account/cards";

describe("saving cards", () => {
  it("saves the card to the customer when a payment with setup_future_usage succeeds", async () => {
    const stripe = fake().client();
    const customer = await stripe.customers.create({ email: "saver@example.test" });
    const pi = await stripe.paymentIntents.create({
      amount: 1800,
      currency: "usd",
      customer: customer.id,
      setup_future_usage: "off_session",
      payment_method: "pm_card_mastercard",
      confirm: true,
      return_url: RETURN_URL,
    });
    expect(pi.status).toBe("succeeded");

    const cards = await stripe.customers.listPaymentMethods(customer.id, { type: "card" });
    expect(cards).toMatchObject({
      object: "list",
      has_more: false,
      url: `/v1/customers/${customer.id}/payment_methods`,
    });
    expect(cards.data.map((card) => [card.id, card.customer, card.card?.last4])).toEqual([
      [pi.payment_method, customer.id, "4444"],
    ]);
    expect(fake().events.map((e) => e.type)).toContain("payment_method.attached");
  });

  it("pays later off session with the saved card, and forgets it once detached", async () => {
    const stripe = fake().client();
    const customer = await stripe.customers.create({});
    const card = await stripe.paymentMethods.attach("pm_card_visa", { customer: customer.id });
    const later = await stripe.paymentIntents.create({
      amount: 900,
      currency: "cad",
      customer: customer.id,
      payment_method: card.id,
      off_session: true,
      confirm: true,
    });
    expect(later.status).toBe("succeeded");

    const detached = await stripe.paymentMethods.detach(card.id);
    expect(detached.customer).toBeNull();
    expect((await stripe.customers.listPaymentMethods(customer.id)).data).toEqual([]);
    expect(fake().events.at(-1)?.type).toBe("payment_method.detached");
    await expect(
      stripe.paymentMethods.attach(card.id, { customer: customer.id }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  it("refuses to save a card that is always declined", async () => {
    const stripe = fake().client();
    const customer = await stripe.customers.create({});
    await expect(
      stripe.paymentMethods.attach("pm_card_chargeDeclined", { customer: customer.id }),
    ).rejects.toMatchObject({ type: "StripeCardError", code: "card_declined" });
  });

  it("saves a card through a SetupIntent, with 3-D Secure when the card asks for it", async () => {
    const stripe = fake().client();
    const customer = await stripe.customers.create({});
    const si = await stripe.setupIntents.create({ customer: customer.id, usage: "off_session" });
    expect(si).toMatchObject({ object: "setup_intent", status: "requires_payment_method" });
    expect(si.id).toMatch(/^seti_/);

    const confirmed = await postAsBrowser(fake(), `/v1/setup_intents/${si.id}/confirm`, {
      client_secret: String(si.client_secret),
      payment_method: "pm_card_authenticationRequiredOnSetup",
      return_url: RETURN_URL,
    });
    expect(confirmed.body.status).toBe("requires_action");
    expect(fake().authenticate(si.id, "succeed").status).toBe("succeeded");

    const [saved] = (await stripe.customers.listPaymentMethods(customer.id)).data;
    expect(saved?.card?.last4).toBe("3155");
    expect(fake().events.map((e) => e.type)).toEqual([
      "customer.created",
      "setup_intent.created",
      "setup_intent.requires_action",
      "payment_method.attached",
      "setup_intent.succeeded",
    ]);

    // 3155 asks for 3-D Secure only on session once it was set up; 3184 always does.
    const offSession = {
      amount: 700,
      currency: "cad",
      customer: customer.id,
      off_session: true,
      confirm: true,
    };
    expect(
      (await stripe.paymentIntents.create({ ...offSession, payment_method: saved?.id })).status,
    ).toBe("succeeded");
    const always = await stripe.paymentMethods.attach("pm_card_authenticationRequired", {
      customer: customer.id,
    });
    await expect(
      stripe.paymentIntents.create({ ...offSession, payment_method: always.id }),
    ).rejects.toMatchObject({
      type: "StripeCardError",
      code: "authentication_required",
    });
  });

  it("declines a SetupIntent with a refused card and keeps last_setup_error", async () => {
    const stripe = fake().client();
    const si = await stripe.setupIntents.create({ allowed_payment_method_types: ["card"] });
    const error = await stripe.setupIntents
      .confirm(si.id, { payment_method: "pm_card_chargeDeclinedInsufficientFunds" })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      type: "StripeCardError",
      decline_code: "insufficient_funds",
      setup_intent: { id: si.id, status: "requires_payment_method" },
    });
  });
});
