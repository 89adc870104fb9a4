/**
 * The `payments` group (issue 17): placing card orders and processing Stripe's webhooks on the
 * dataset, against the Stripe fake in this process, then one money sweep (issue 39) with every
 * payment of the run in Stripe's lists. The services are imported by path, so a missing one fails
 * its rows with "missing: <file>". Everything the group adds to the database is removed
 * afterwards, and the group checks that the dataset is as it found it.
 */
import type { DbContext } from "../db/context";
import { service } from "../lib/missing";
import { out } from "../lib/out";
import { guard, type Report } from "../lib/report";
import { CARD_ORDER_IDS, cardOrderScenarios, type CardOrderServices } from "./card-orders";
import { BUSY_SWEEP_ID, sweepAfterPayments } from "./money-sweep";
import { fillCarts, fingerprint, pickShoppers, removeTraces } from "./shoppers";
import { startBenchStripe } from "./stripe";
import { WEBHOOK_IDS, webhookScenario, type WebhookServices } from "./webhooks";

/** Shoppers timed one at a time (20 of them warm up), then concurrently (and paid by webhook). */
const SEQUENTIAL = 320;
const CONCURRENT = 1200;

const UNCHANGED_ID = "payments (db):dataset as generated after clean-up";
const GROUP_IDS = [...CARD_ORDER_IDS, ...WEBHOOK_IDS, BUSY_SWEEP_ID, UNCHANGED_ID];

async function loadServices(): Promise<CardOrderServices & WebhookServices> {
  const events = "server/money/handle-stripe-event.ts";
  return {
    startCardCheckout: await service<CardOrderServices["startCardCheckout"]>(
      "server/checkout/start-card-checkout.ts",
      "startCardCheckout",
    ),
    markOrderPaid: await service<CardOrderServices["markOrderPaid"]>(
      "server/checkout/mark-order-paid.ts",
      "markOrderPaid",
    ),
    handleStripeEvent: await service<WebhookServices["handleStripeEvent"]>(
      events,
      "handleStripeEvent",
    ),
    verifyStripeEvent: await service<WebhookServices["verifyStripeEvent"]>(
      events,
      "verifyStripeEvent",
    ),
  };
}

export async function paymentsGroup(ctx: DbContext, report: Report): Promise<void> {
  await guard(report, GROUP_IDS, async () => {
    const services = await loadServices();
    const shoppers = await pickShoppers(ctx, SEQUENTIAL + CONCURRENT);
    const before = await fingerprint(ctx, shoppers);
    const bench = await startBenchStripe();
    try {
      const lines = await fillCarts(ctx, shoppers);
      out(`  card orders (${shoppers.list.length} shoppers, ${lines} cart lines)`);
      const awaiting = await cardOrderScenarios(ctx, report, bench, services, {
        sequential: shoppers.list.slice(0, SEQUENTIAL),
        concurrent: shoppers.list.slice(SEQUENTIAL),
      });
      out(`  webhooks (${awaiting.length} orders awaiting payment)`);
      await webhookScenario(ctx, report, bench, services, awaiting);
      out("  money sweep with Stripe's lists full");
      await sweepAfterPayments(ctx, report, bench);
    } finally {
      // Every event id is the fake's own (evt_ and random), so none can be the dataset's.
      await removeTraces(
        ctx,
        shoppers,
        bench.fake.events.map((e) => e.id as string),
      );
      await bench.close();
    }
    const after = await fingerprint(ctx, shoppers);
    report.add(UNCHANGED_ID, before === after, {
      note: before === after ? "" : `before ${before}, after ${after}`,
    });
  });
}
