/**
 * Placing a card order (issue 17): `startCardCheckout` opening the order awaiting payment and its
 * PaymentIntent, for shoppers of the dataset whose cart holds card products, one at a time and
 * with ten in flight; then `markOrderPaid` after the browser confirmed the card with the fake.
 * Every shopper's checkout is their first card checkout: one order insert, a Stripe Customer
 * (stored on the member) and a PaymentIntent, so two Stripe requests a call.
 */
import type { markOrderPaid as MarkOrderPaid } from "@/server/checkout/mark-order-paid";
import type { startCardCheckout as StartCardCheckout } from "@/server/checkout/start-card-checkout";
import type { DbContext } from "../db/context";
import { inFlight } from "../lib/in-flight";
import type { Report } from "../lib/report";
import { countStatements } from "../lib/statements";
import { summarize } from "../lib/stats";
import type { Shopper } from "./shoppers";
import { confirmAsBrowser, type BenchStripe, type SplitTime } from "./stripe";

export interface CardOrderServices {
  startCardCheckout: typeof StartCardCheckout;
  markOrderPaid: typeof MarkOrderPaid;
}

export interface OpenedOrder {
  orderId: number;
  clientSecret: string;
}

export const CONCURRENT_CHECKOUTS = 10;
/** Calls left out of the figures at the start of each run (connections, JIT, plans). */
const WARMUP = 20;

const IDS = {
  aloneOwn: "payments (db):card order p95 without Stripe, one at a time",
  aloneTotal: "payments (db):card order p95 with the fake, one at a time",
  paid: "payments (db):paid transition p95, one at a time",
  togetherOwn: `payments (db):card order p95 without Stripe, ${CONCURRENT_CHECKOUTS} concurrent`,
  togetherTotal: `payments (db):card order p95 with the fake, ${CONCURRENT_CHECKOUTS} concurrent`,
  errors: "payments (db):card order errors",
};
export const CARD_ORDER_IDS = Object.values(IDS);

type Opened = SplitTime & { order: OpenedOrder };

/** p95 and p50 of the calls' own time (total minus Stripe, per call) and of their totals. */
function addSplit(
  report: Report,
  ids: [string, string],
  samples: Opened[],
  extra: { own?: string; total?: string } = {},
): void {
  const own = summarize(samples.map((s) => s.totalMs - s.stripeMs));
  const total = summarize(samples.map((s) => s.totalMs));
  const stripe = summarize(samples.map((s) => s.stripeMs));
  const requests = samples.reduce((sum, s) => sum + s.stripeRequests, 0) / samples.length;
  report.add(ids[0], own.p95, {
    unit: "ms",
    note: `p50 ${own.p50.toFixed(2)} ms, n=${own.n}, total minus each call's ${requests.toFixed(1)} Stripe requests${extra.own ?? ""}`,
  });
  report.add(ids[1], total.p95, {
    unit: "ms",
    note: `p50 ${total.p50.toFixed(2)} ms; in the fake p50 ${stripe.p50.toFixed(2)}, p95 ${stripe.p95.toFixed(2)} ms${extra.total ?? ""}`,
  });
}

/**
 * The paid transition as the customer's return runs it: the browser confirms and the return reads
 * the intent (neither timed), then markOrderPaid writes the lines, clears the cart and marks the
 * order paid, one order at a time.
 */
async function payOneAtATime(
  ctx: DbContext,
  report: Report,
  bench: BenchStripe,
  markOrderPaid: CardOrderServices["markOrderPaid"],
  orders: readonly OpenedOrder[],
): Promise<void> {
  const samples: number[] = [];
  const statements = await countStatements(async () => {
    for (const [i, order] of orders.entries()) {
      await confirmAsBrowser(bench.fake, order.clientSecret);
      const intent = await bench.stripe.paymentIntents.retrieve(
        order.clientSecret.split("_secret_")[0] as string,
      );
      const started = performance.now();
      const placed = await markOrderPaid(ctx.db, intent);
      if (i >= WARMUP) samples.push(performance.now() - started);
      if (!placed?.created) throw new Error(`order ${order.orderId} was not placed`);
    }
  });
  const t = summarize(samples);
  report.add(IDS.paid, t.p95, {
    unit: "ms",
    note: `p50 ${t.p50.toFixed(2)} ms, n=${t.n}, markOrderPaid (no Stripe request), ${(statements / orders.length).toFixed(1)} statements`,
  });
}

/**
 * Times the card orders of `sequential` one at a time and pays them, then opens those of
 * `concurrent` with ten in flight. Answers the orders opened concurrently, still awaiting payment
 * (the webhook scenario pays them).
 */
export async function cardOrderScenarios(
  ctx: DbContext,
  report: Report,
  bench: BenchStripe,
  services: CardOrderServices,
  shoppers: { sequential: readonly Shopper[]; concurrent: readonly Shopper[] },
): Promise<OpenedOrder[]> {
  const errors = new Map<string, number>();
  const open = async (shopper: Shopper): Promise<Opened | null> => {
    try {
      const timed = await bench.timed(() =>
        services.startCardCheckout(ctx.db, bench.stripe, {
          customerId: shopper.id,
          delivery: shopper.delivery,
        }),
      );
      const { result, ...split } = timed;
      if (result.state !== "awaiting_payment") throw new Error(`checkout is ${result.state}`);
      return { ...split, order: { orderId: result.orderId, clientSecret: result.clientSecret } };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      errors.set(message, (errors.get(message) ?? 0) + 1);
      return null;
    }
  };

  const alone: Opened[] = [];
  const statements = await countStatements(async () => {
    for (const shopper of shoppers.sequential) {
      const call = await open(shopper);
      if (call) alone.push(call);
    }
  });
  addSplit(report, [IDS.aloneOwn, IDS.aloneTotal], alone.slice(WARMUP), {
    own: `, ${(statements / shoppers.sequential.length).toFixed(1)} statements`,
  });
  await payOneAtATime(
    ctx,
    report,
    bench,
    services.markOrderPaid,
    alone.map((call) => call.order),
  );

  const together: Opened[] = [];
  const cpu = process.cpuUsage();
  const started = performance.now();
  await inFlight(shoppers.concurrent, CONCURRENT_CHECKOUTS, async (shopper) => {
    const call = await open(shopper);
    if (call) together.push(call);
  });
  // At ten in flight the calls mostly wait for this process's CPU (the app's code, the SDK and the
  // fake): the rate reached and the CPU time per order say how much.
  const seconds = (performance.now() - started) / 1000;
  const { user, system } = process.cpuUsage(cpu);
  const perOrderMs = (user + system) / 1000 / shoppers.concurrent.length;
  addSplit(report, [IDS.togetherOwn, IDS.togetherTotal], together.slice(WARMUP), {
    total: `; ${(shoppers.concurrent.length / seconds).toFixed(0)} orders/s, this process's CPU ${perOrderMs.toFixed(1)} ms an order`,
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
  return together.map((call) => call.order);
}
