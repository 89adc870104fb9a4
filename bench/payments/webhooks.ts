/**
 * Webhook processing on PostgreSQL (issue 17): orders awaiting payment are paid in the browser, and
 * the fake's `payment_intent.succeeded` events for them are delivered two or three times each,
 * shuffled, with several in flight, as Stripe may (it retries, and sometimes sends an event twice).
 * Each delivery is what POST /api/stripe/webhook does before its answer: verify the signature on
 * the raw body, then `handleStripeEvent`. The route's order mails, sent after the answer, are not
 * in it. Then every order must be placed exactly once.
 *
 * Since decision 0037 the handler reads the intent from Stripe before it changes anything (issue
 * 39: still at least 200 deliveries a second). The events are split in three, each delivered one
 * way, in interleaved rounds (A B C, C B A, twice) so that neither warm-up, a drifting load nor the
 * growing tables favour one: the intent re-read from the fake answering about 1 ms late (the
 * target), the same answered at once, and no re-read at all (the handler given the event's own
 * intent, as before 0037). Their rates, and the time each processing delivery spent in its Stripe
 * read, are the re-read's cost.
 */
import type Stripe from "stripe";
import type {
  handleStripeEvent as HandleStripeEvent,
  verifyStripeEvent as VerifyStripeEvent,
} from "@/server/money/handle-stripe-event";
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

/** How late the fake answers in the measured case ("the fake answers in ~1 ms"). */
export const REREAD_LATENCY_MS = 1;
/** Each way's deliveries are run in this many parts, the ways interleaved. */
const ROUNDS = 4;

const IDS = {
  rate: "payments (db):webhook events/s",
  rateAtOnce: "payments (db):webhook events/s, re-read answered at once",
  rateNoReread: "payments (db):webhook events/s, no re-read",
  reread: "payments (db):webhook re-read p50 per processed delivery",
  distinct: "payments (db):webhook distinct events/s",
  delivery: "payments (db):webhook p95 per delivery",
  duplicates: "payments (db):webhook duplicates processed",
  once: "payments (db):webhook orders placed exactly once",
  errors: "payments (db):webhook errors",
};
export const WEBHOOK_IDS = Object.values(IDS);

/** Two or three deliveries of each event, signed now, shuffled (Fisher-Yates, seeded). */
function shuffledDeliveries(
  bench: BenchStripe,
  events: readonly StripeObject[],
  label: string,
): SignedEvent[] {
  const rng = stream("harvest", `bench-webhooks-${label}`);
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

/** One way of delivering: its events' deliveries and what they took. */
interface Variant {
  name: string;
  /** The fake's latency while it runs; null: no re-read (the event's own intent is handed over). */
  latencyMs: number | null;
  stripe: Stripe;
  deliveries: SignedEvent[];
  events: number;
  seconds: number;
  cpuMs: number;
  /** Times of the deliveries that processed their event, and of the repeats. */
  firsts: number[];
  repeats: number[];
  /** The Stripe time of each delivery that processed its event (its re-read). */
  stripeMs: number[];
}

/**
 * A client for the handler that answers `paymentIntents.retrieve` with the intent the event
 * carried, without asking Stripe: the handling as it was before decision 0037.
 */
function trustingClient(stripe: Stripe, events: readonly StripeObject[]): Stripe {
  const intents = new Map(
    events.map((e) => {
      const intent = (e.data as { object: Stripe.PaymentIntent }).object;
      return [intent.id, intent] as const;
    }),
  );
  const paymentIntents = {
    retrieve: async (id: string) => {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no event carried ${id}`);
      return intent;
    },
  };
  return Object.assign(Object.create(stripe) as Stripe, { paymentIntents });
}

const rate = (v: Variant) => v.deliveries.length / v.seconds;

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

  // Every third event to each way, so that each sees events of the whole run.
  const third = (k: number) => events.filter((_, i) => i % 3 === k);
  const variant = (
    name: string,
    latencyMs: number | null,
    own: StripeObject[],
    stripe: Stripe,
  ): Variant => ({
    name,
    latencyMs,
    stripe,
    deliveries: shuffledDeliveries(bench, own, name),
    events: own.length,
    seconds: 0,
    cpuMs: 0,
    firsts: [],
    repeats: [],
    stripeMs: [],
  });
  const noReread = third(2);
  const [late, atOnce, trusting] = [
    variant("late", REREAD_LATENCY_MS, third(0), bench.stripe),
    variant("at-once", 0, third(1), bench.stripe),
    variant("no-reread", null, noReread, trustingClient(bench.stripe, noReread)),
  ] as [Variant, Variant, Variant];

  let processed = 0;
  let placed = 0;
  const errors = new Map<string, number>();
  const deliver = async (v: Variant, { payload, header }: SignedEvent) => {
    const t = performance.now();
    try {
      const event: Stripe.Event = services.verifyStripeEvent(bench.stripe, {
        payload,
        signature: header,
        secret: bench.fake.webhookSecret,
      });
      const { result: handled, stripeMs } = await bench.timed(() =>
        services.handleStripeEvent(ctx.db, v.stripe, event),
      );
      if (!handled.duplicate) {
        processed++;
        v.stripeMs.push(stripeMs);
      }
      if (handled.placedOrderId !== null) placed++;
      (handled.duplicate ? v.repeats : v.firsts).push(performance.now() - t);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      errors.set(message, (errors.get(message) ?? 0) + 1);
    }
  };
  /** Part `k` of `ROUNDS` of a way's deliveries, 10 in flight, timed on its own. */
  const round = async (v: Variant, k: number) => {
    const size = Math.ceil(v.deliveries.length / ROUNDS);
    const part = v.deliveries.slice(k * size, (k + 1) * size);
    bench.fake.setLatency(v.latencyMs ?? 0);
    const cpu = process.cpuUsage();
    const started = performance.now();
    await inFlight(part, WEBHOOKS_IN_FLIGHT, (delivery) => deliver(v, delivery));
    v.seconds += (performance.now() - started) / 1000;
    const { user, system } = process.cpuUsage(cpu);
    v.cpuMs += (user + system) / 1000;
  };
  try {
    // A B C, C B A, A B C, C B A: a load that drifts during the run reaches the three alike.
    for (let k = 0; k < ROUNDS; k++) {
      const ways = [late, atOnce, trusting];
      for (const v of k % 2 ? ways.reverse() : ways) await round(v, k);
    }
  } finally {
    bench.fake.setLatency(0);
  }

  const describe = (v: Variant) =>
    `${v.deliveries.length} deliveries of ${v.events} events in ${v.seconds.toFixed(2)} s, ${WEBHOOKS_IN_FLIGHT} in flight, this process's CPU ${(v.cpuMs / v.deliveries.length).toFixed(1)} ms a delivery`;
  const noRereadBaseline = { baseline: rate(trusting), baselineLabel: "no re-read" };
  report.add(IDS.rate, rate(late), {
    unit: "events/s",
    ...noRereadBaseline,
    note: `${describe(late)}; the intent re-read from the fake answering ${REREAD_LATENCY_MS} ms late`,
  });
  report.add(IDS.rateAtOnce, rate(atOnce), {
    unit: "events/s",
    ...noRereadBaseline,
    note: `${describe(atOnce)}; the fake answering at once (in process)`,
  });
  report.add(IDS.rateNoReread, rate(trusting), {
    unit: "events/s",
    note: `${describe(trusting)}; the handler given the event's own intent (as before decision 0037)`,
  });
  const lateStripe = summarize(late.stripeMs);
  const onceStripe = summarize(atOnce.stripeMs);
  const lateFirst = summarize(late.firsts);
  const trustingFirst = summarize(trusting.firsts);
  report.add(IDS.reread, lateStripe.p50, {
    unit: "ms",
    note: `p95 ${lateStripe.p95.toFixed(2)} ms in the fake ${REREAD_LATENCY_MS} ms late (at once p50 ${onceStripe.p50.toFixed(2)}, p95 ${onceStripe.p95.toFixed(2)} ms); a processing delivery p50 ${lateFirst.p50.toFixed(1)} ms with it, ${trustingFirst.p50.toFixed(1)} ms without`,
  });
  report.add(IDS.distinct, late.events / late.seconds, {
    unit: "events/s",
    note: `each order placed once, the other deliveries answered as duplicates (re-read ${REREAD_LATENCY_MS} ms late)`,
  });
  const perDelivery = summarize([...late.firsts, ...late.repeats]);
  const repeat = summarize(late.repeats);
  report.add(IDS.delivery, perDelivery.p95, {
    unit: "ms",
    note: `p50 ${perDelivery.p50.toFixed(2)} ms, n=${perDelivery.n} (re-read ${REREAD_LATENCY_MS} ms late); the delivery that places the order p50 ${lateFirst.p50.toFixed(1)}, p95 ${lateFirst.p95.toFixed(1)} ms, a repeat p50 ${repeat.p50.toFixed(1)}, p95 ${repeat.p95.toFixed(1)} ms`,
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
