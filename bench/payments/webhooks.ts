/**
 * Webhook processing on PostgreSQL (issue 17): orders awaiting payment are paid in the browser, and
 * the fake's `payment_intent.succeeded` events for them are delivered two or three times each,
 * shuffled, with several in flight, as Stripe may (it retries, and sometimes sends an event twice).
 * Each delivery is what POST /api/stripe/webhook does before its answer: verify the signature on
 * the raw body, then `handleStripeEvent`. The route's order mails, sent after the answer, are not
 * in it. Then every order must be placed exactly once.
 */
import type Stripe from "stripe";
import type {
  handleStripeEvent as HandleStripeEvent,
  verifyStripeEvent as VerifyStripeEvent,
} from "@/server/payments/handle-stripe-event";
import type { SignedEvent, StripeObject } from "@/tests/stripe-fake";
import { stream } from "../data/prng";
import type { DbContext } from "../db/context";
import { inFlight } from "../lib/in-flight";
import type { Report } from "../lib/report";
import { summarize } from "../lib/stats";
import type { OpenedOrder } from "./card-orders";
import { confirmAsBrowser, type BenchStripe } from "./stripe";

export interface WebhookServices {
  handleStripeEvent: typeof HandleStripeEvent;
  verifyStripeEvent: typeof VerifyStripeEvent;
}

export const WEBHOOKS_IN_FLIGHT = 10;

const IDS = {
  rate: "payments (db):webhook events/s",
  distinct: "payments (db):webhook distinct events/s",
  delivery: "payments (db):webhook p95 per delivery",
  duplicates: "payments (db):webhook duplicates processed",
  once: "payments (db):webhook orders placed exactly once",
  errors: "payments (db):webhook errors",
};
export const WEBHOOK_IDS = Object.values(IDS);

/** Two or three deliveries of each event, signed now, shuffled (Fisher-Yates, seeded). */
function shuffledDeliveries(bench: BenchStripe, events: readonly StripeObject[]): SignedEvent[] {
  const rng = stream("harvest", "bench-webhooks");
  const deliveries = events.flatMap((event) => {
    const signed = bench.fake.signEvent(event);
    return Array.from({ length: rng.int(2, 3) }, () => signed);
  });
  for (let i = deliveries.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
  }
  return deliveries;
}

/**
 * Whether every order was placed exactly once: paid, its pending lines written once (no product
 * twice in an order), one stripe_events row per event, and one delivery of each that placed it.
 */
async function checkPlacedOnce(
  ctx: DbContext,
  report: Report,
  {
    orderIds,
    eventIds,
    pendingLines,
    placed,
  }: {
    orderIds: number[];
    eventIds: string[];
    pendingLines: number;
    placed: number;
  },
): Promise<void> {
  const { rows } = await ctx.raw.query<{
    paid: number;
    lines: number;
    doubled: number;
    stored: number;
  }>(
    `select
       (select count(*) from orders where id = any($1::int[]) and payment_status = 'paid')::int as paid,
       (select count(*) from order_items where order_id = any($1::int[]))::int as lines,
       (select count(*) from (select 1 from order_items where order_id = any($1::int[])
          group by order_id, product_id having count(*) > 1) d)::int as doubled,
       (select count(*) from stripe_events where id = any($2::text[]))::int as stored`,
    [orderIds, eventIds],
  );
  const c = rows[0] as { paid: number; lines: number; doubled: number; stored: number };
  const orders = orderIds.length;
  report.add(
    IDS.once,
    eventIds.length === orders &&
      c.paid === orders &&
      placed === orders &&
      c.lines === pendingLines &&
      c.doubled === 0 &&
      c.stored === eventIds.length,
    {
      note: `${c.paid}/${orders} paid, ${c.lines} lines for ${pendingLines} pending, ${c.doubled} orders with a line twice, ${c.stored} stripe_events rows for ${eventIds.length} events`,
    },
  );
}

/** Pays `orders` in the browser, then delivers their events as above and checks the result. */
export async function webhookScenario(
  ctx: DbContext,
  report: Report,
  bench: BenchStripe,
  services: WebhookServices,
  orders: readonly OpenedOrder[],
): Promise<void> {
  await inFlight(orders, WEBHOOKS_IN_FLIGHT, (order) =>
    confirmAsBrowser(bench.fake, order.clientSecret),
  );
  const intents = new Set(orders.map((o) => o.clientSecret.split("_secret_")[0]));
  const events = bench.fake.events.filter(
    (e) =>
      e.type === "payment_intent.succeeded" &&
      intents.has((e.data as { object: { id: string } }).object.id),
  );
  const orderIds = orders.map((o) => o.orderId);
  const { rows: expected } = await ctx.raw.query<{ lines: number }>(
    `select coalesce(sum(jsonb_array_length(pending_lines)), 0)::int as lines from orders
     where id = any($1::int[]) and payment_status = 'pending'`,
    [orderIds],
  );

  const deliveries = shuffledDeliveries(bench, events);
  let processed = 0;
  let placed = 0;
  const errors = new Map<string, number>();
  const firsts: number[] = [];
  const repeats: number[] = [];
  const cpu = process.cpuUsage();
  const started = performance.now();
  await inFlight(deliveries, WEBHOOKS_IN_FLIGHT, async ({ payload, header }) => {
    const t = performance.now();
    try {
      const event: Stripe.Event = services.verifyStripeEvent(bench.stripe, {
        payload,
        signature: header,
        secret: bench.fake.webhookSecret,
      });
      const handled = await services.handleStripeEvent(ctx.db, bench.stripe, event);
      if (!handled.duplicate) processed++;
      if (handled.placedOrderId !== null) placed++;
      (handled.duplicate ? repeats : firsts).push(performance.now() - t);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      errors.set(message, (errors.get(message) ?? 0) + 1);
    }
  });
  const seconds = (performance.now() - started) / 1000;
  const { user, system } = process.cpuUsage(cpu);

  const perDelivery = summarize([...firsts, ...repeats]);
  const first = summarize(firsts);
  const repeat = summarize(repeats);
  report.add(IDS.rate, deliveries.length / seconds, {
    unit: "events/s",
    note: `${deliveries.length} deliveries of ${events.length} events in ${seconds.toFixed(2)} s, ${WEBHOOKS_IN_FLIGHT} in flight, this process's CPU ${((user + system) / 1000 / deliveries.length).toFixed(1)} ms a delivery`,
  });
  report.add(IDS.distinct, events.length / seconds, {
    unit: "events/s",
    note: "each order placed once, the other deliveries answered as duplicates",
  });
  report.add(IDS.delivery, perDelivery.p95, {
    unit: "ms",
    note: `p50 ${perDelivery.p50.toFixed(2)} ms, n=${perDelivery.n}; the delivery that places the order p50 ${first.p50.toFixed(1)}, p95 ${first.p95.toFixed(1)} ms, a repeat p50 ${repeat.p50.toFixed(1)}, p95 ${repeat.p95.toFixed(1)} ms`,
  });
  report.add(IDS.duplicates, processed - events.length, {
    note: `${processed} deliveries processed for ${events.length} events, ${placed} orders placed`,
  });

  await checkPlacedOnce(ctx, report, {
    orderIds,
    eventIds: events.map((e) => e.id as string),
    pendingLines: expected[0]?.lines ?? -1,
    placed,
  });
  report.add(
    IDS.errors,
    [...errors.values()].reduce((a, b) => a + b, 0),
    {
      note: [...errors]
        .map(([message, n]) => `${n}x ${message}`)
        .join("; ")
        .slice(0, 150),
    },
  );
}
