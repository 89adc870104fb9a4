/** What the billing tests share: two monthly plans and a customer with a saved default card. */
import type Stripe from "stripe";
import type { StripeFake } from "./index";

export async function createPlans(stripe: Stripe) {
  await stripe.products.create({ id: "plan_engager", name: "Engager", metadata: { tier: "1" } });
  await stripe.products.create({ id: "plan_cultivator", name: "Cultivator" });
  const engager = await stripe.prices.create({
    product: "plan_engager",
    currency: "cad",
    unit_amount: 1000,
    recurring: { interval: "month" },
    lookup_key: "engager_monthly",
  });
  const cultivator = await stripe.prices.create({
    product: "plan_cultivator",
    currency: "cad",
    unit_amount: 3000,
    recurring: { interval: "month" },
    lookup_key: "cultivator_monthly",
  });
  return { engager, cultivator };
}

/** A customer whose invoice_settings.default_payment_method is a saved `card` (a pm_card_* id). */
export async function customerWithCard(stripe: Stripe, card = "pm_card_visa") {
  const customer = await stripe.customers.create({ email: "farmer@example.test" });
  const pm = await stripe.paymentMethods.attach(card, { customer: customer.id });
  await stripe.customers.update(customer.id, {
    invoice_settings: { default_payment_method: pm.id },
  });
  return { customer, pm };
}

/** An active subscription to `price`, paid off session with the customer's default card. */
export async function activeSubscription(stripe: Stripe, price: string, card = "pm_card_visa") {
  const { customer, pm } = await customerWithCard(stripe, card);
  const subscription = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price }],
    payment_behavior: "error_if_incomplete",
  });
  return { customer, pm, subscription };
}

/** The types of the events recorded since `since` events. */
export const eventTypesSince = (fake: StripeFake, since: number) =>
  fake.events.slice(since).map((event) => event.type);
