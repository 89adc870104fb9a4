import "server-only";
import { log } from "@/server/log";
import { getStripe } from "@/server/stripe/stripe-client";
import { getPlanPrices, PlanPriceMismatchError } from "./plan-prices";

/**
 * At start-up (instrumentation.ts), with Stripe configured: the plan prices are found or made, and
 * a price that does not charge what the pages show stops the start (rethrown), rather than charge
 * farmers a wrong amount. Stripe being unreachable only warns: the first subscription asks again.
 */
export async function checkPlanPricesAtStart(): Promise<void> {
  const stripe = getStripe();
  if (!stripe) return;
  try {
    const prices = await getPlanPrices(stripe);
    log.info(
      { prices: prices.map((p) => `${p.plan}/${p.currency}: ${p.priceId}`) },
      "plan prices checked",
    );
  } catch (error) {
    if (error instanceof PlanPriceMismatchError) {
      log.fatal({ err: error }, error.message);
      throw error;
    }
    log.warn({ err: error }, "plan prices not checked at start-up: Stripe did not answer");
  }
}
