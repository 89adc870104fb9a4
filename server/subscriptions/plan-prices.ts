import "server-only";
import type Stripe from "stripe";
import { CURRENCIES, PLANS, type Currency, type PlanId } from "@/lib/money";
import { log } from "@/server/log";
import { callStripe } from "@/server/stripe/stripe-errors";
import type { StripeClient } from "@/server/stripe/stripe-client";

export type PaidPlanId = Exclude<PlanId, "basic">;
export const PAID_PLAN_IDS = ["engager", "harvest"] as const satisfies readonly PaidPlanId[];

export function isPaidPlan(plan: string): plan is PaidPlanId {
  return (PAID_PLAN_IDS as readonly string[]).includes(plan);
}

/** The Stripe Price of each paid plan and currency is found by this key, never by a stored id. */
export function planLookupKey(plan: PaidPlanId, currency: Currency): string {
  return `plan_${plan}_${currency.toLowerCase()}_monthly`;
}

/** The plan and currency a price's lookup key names, or null for a price that is not a plan's. */
export function planOfLookupKey(
  key: string | null | undefined,
): { plan: PaidPlanId; currency: Currency } | null {
  const match = /^plan_(engager|harvest)_(usd|cad)_monthly$/.exec(key ?? "");
  if (!match?.[1] || !match[2]) return null;
  return { plan: match[1] as PaidPlanId, currency: match[2].toUpperCase() as Currency };
}

export type PlanPrice = { plan: PaidPlanId; currency: Currency; priceId: string; cents: number };

/** The amounts charged are PLANS' (lib/money.ts), the same constant every page shows. */
function expectedCents(plan: PaidPlanId, currency: Currency): number {
  const found = PLANS.find((p) => p.id === plan);
  if (!found) throw new Error(`Unknown plan ${plan}`);
  return found.priceCents[currency];
}

const WANTED = PAID_PLAN_IDS.flatMap((plan) =>
  CURRENCIES.map((currency) => ({ plan, currency, key: planLookupKey(plan, currency) })),
);

/** A plan price at Stripe that does not charge what the marketplace shows: never charge with it. */
export class PlanPriceMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PlanPriceMismatchError";
  }
}

/**
 * Finds the four plan prices (Engager and Harvest, USD and CAD, monthly) by lookup key, creating
 * the products and prices that are missing (idempotent: the same keys make nothing twice, and a
 * product that exists is reused). Every price found must charge exactly PLANS' amount, monthly, in
 * its currency: a mismatch throws PlanPriceMismatchError (a start-up error, not a wrong charge).
 */
export async function ensurePlanPrices(stripe: StripeClient): Promise<PlanPrice[]> {
  const found = await listPlanPrices(stripe);
  const result: PlanPrice[] = [];
  for (const { plan, currency, key } of WANTED) {
    const price = found.get(key) ?? (await createPlanPrice(stripe, plan, currency));
    assertPriceMatches(price, plan, currency);
    result.push({ plan, currency, priceId: price.id, cents: expectedCents(plan, currency) });
  }
  return result;
}

async function listPlanPrices(stripe: StripeClient): Promise<Map<string, Stripe.Price>> {
  const list = await callStripe("list plan prices", () =>
    stripe.prices.list({ lookup_keys: WANTED.map((w) => w.key), active: true, limit: 10 }),
  );
  return new Map(
    list.data.flatMap((price) => (price.lookup_key ? [[price.lookup_key, price]] : [])),
  );
}

async function createPlanPrice(
  stripe: StripeClient,
  plan: PaidPlanId,
  currency: Currency,
): Promise<Stripe.Price> {
  const productId = `marketplace_plan_${plan}`;
  const name = PLANS.find((p) => p.id === plan)?.name ?? plan;
  const product = await callStripe("retrieve plan product", () =>
    stripe.products.retrieve(productId),
  ).catch(() =>
    callStripe("create plan product", () =>
      stripe.products.create(
        { id: productId, name: `${name} plan`, metadata: { plan } },
        { idempotencyKey: `product:${productId}` },
      ),
    ),
  );
  const cents = expectedCents(plan, currency);
  log.info({ plan, currency, cents }, "creating a plan price at Stripe");
  return callStripe("create plan price", () =>
    stripe.prices.create(
      {
        product: product.id,
        currency: currency.toLowerCase(),
        unit_amount: cents,
        recurring: { interval: "month" },
        lookup_key: planLookupKey(plan, currency),
        nickname: `${name} monthly (${currency})`,
        metadata: { plan },
      },
      { idempotencyKey: `price:${planLookupKey(plan, currency)}:${cents}` },
    ),
  );
}

function assertPriceMatches(price: Stripe.Price, plan: PaidPlanId, currency: Currency): void {
  const cents = expectedCents(plan, currency);
  const problems = [
    price.unit_amount !== cents && `charges ${price.unit_amount} instead of ${cents} cents`,
    price.currency !== currency.toLowerCase() && `is in ${price.currency}`,
    (price.recurring?.interval !== "month" || (price.recurring.interval_count ?? 1) !== 1) &&
      "is not monthly",
  ].filter(Boolean);
  if (problems.length > 0) {
    throw new PlanPriceMismatchError(
      `The Stripe price ${price.id} (${planLookupKey(plan, currency)}) ${problems.join(", ")}. Fix or archive it in Stripe, then run npm run stripe:setup.`,
    );
  }
}

/**
 * The plan prices, asked of Stripe once per client (prices never change their amount at Stripe; a
 * new amount is a new price, which a restart picks up). A failed lookup is not kept.
 */
const cachedPrices = new WeakMap<StripeClient, Promise<PlanPrice[]>>();

export function getPlanPrices(stripe: StripeClient): Promise<PlanPrice[]> {
  let prices = cachedPrices.get(stripe);
  if (!prices) {
    prices = ensurePlanPrices(stripe).catch((error: unknown) => {
      cachedPrices.delete(stripe);
      throw error;
    });
    cachedPrices.set(stripe, prices);
  }
  return prices;
}

export async function getPlanPrice(
  stripe: StripeClient,
  plan: PaidPlanId,
  currency: Currency,
): Promise<PlanPrice> {
  const prices = await getPlanPrices(stripe);
  const price = prices.find((p) => p.plan === plan && p.currency === currency);
  if (!price) throw new Error(`No price for ${plan} in ${currency}`);
  return price;
}
