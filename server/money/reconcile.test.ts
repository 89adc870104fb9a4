import { and, eq, like } from "drizzle-orm";
import Stripe from "stripe";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET = "reconcile-test-secret-reconcile-test-0001";
  process.env.APP_URL = "http://localhost:3000";
});

import type { Db } from "@/server/db/client";
import {
  emailOutbox,
  jobLeases,
  members,
  moneyIssues,
  orderItems,
  orders,
  payouts,
} from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { cancelOrder } from "@/server/orders/cancel-order";
import { updateOrderStatus } from "@/server/orders/update-order-status";
import { completeCardReturn } from "@/server/checkout/complete-card-return";
import { handleStripeEvent, verifyStripeEvent } from "@/server/money/handle-stripe-event";
import { startCardCheckout } from "@/server/checkout/start-card-checkout";
import { startPayoutOnboarding } from "@/server/payouts/onboarding";
import {
  ACCOUNT_NOT_READY_REASON,
  STRIPE_UNAVAILABLE_REASON,
  payMerchant,
} from "@/server/payouts/pay-merchant";
import { CARDS, cardShop, intentIdOf, payAsBrowser } from "@/tests/card-checkout";
import type { StripeFake, StripeObject } from "@/tests/stripe-fake";
import { setupStripeTestDb } from "@/tests/stripe-test-db";
import { releaseLease, takeLease } from "./job-lease";
import { RECONCILE_JOB, reconcile } from "./reconcile";

const APP = "http://localhost:3000";
const DAY_MS = 24 * 60 * 60 * 1000;
const stripeTestDb = setupStripeTestDb();
let db: Db;
let fake: StripeFake;
let stripe: Stripe;

beforeAll(() => {
  ({ db, fake, stripe } = stripeTestDb);
});

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

const orderRow = async (id: number) =>
  (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
const linesOf = (orderId: number) =>
  db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);
const payoutOf = async (orderId: number) =>
  (await db.select().from(payouts).where(eq(payouts.orderId, orderId)))[0];
const leaseRow = async () =>
  (await db.select().from(jobLeases).where(eq(jobLeases.name, RECONCILE_JOB)))[0] ?? null;
const mailsTo = (to: string) => db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
const issuesOfKind = (kind: (typeof moneyIssues.$inferSelect)["kind"]) =>
  db.select().from(moneyIssues).where(eq(moneyIssues.kind, kind));
const allIssues = () => db.select().from(moneyIssues);

/** The requests the fake received from `mark` (an index into `fake.requests`) on. */
const requestsSince = (mark: number) => fake.requests.slice(mark);
const postsSince = (mark: number) => requestsSince(mark).filter((r) => r.method === "POST");
const refundsOfCharge = (chargeId: string) =>
  fake.list("refund").filter((refund) => refund.charge === chargeId);

/** An event delivered as the webhook route does: signed by the fake, verified, handled. */
async function deliver(event: StripeObject, { connect = false } = {}) {
  const { payload, header } = fake.signEvent(event, { connect });
  const verified = verifyStripeEvent(stripe, {
    payload,
    signature: header,
    secret: connect ? fake.connectWebhookSecret : fake.webhookSecret,
  });
  return handleStripeEvent(db, stripe, verified);
}

const eventAbout = (type: string, objectId: string) =>
  fake.events.filter(
    (e) => e.type === type && (e.data as { object: { id: string } }).object.id === objectId,
  );

/** A card checkout opened and paid in the browser; the customer's return is not made. */
async function paidAtStripe(shop: Awaited<ReturnType<typeof cardShop>>) {
  const checkout = await startCardCheckout(db, stripe, {
    customerId: shop.customer.id,
    delivery: shop.delivery,
  });
  if (checkout.state !== "awaiting_payment") throw new Error(`checkout is ${checkout.state}`);
  expect((await payAsBrowser(fake, checkout.clientSecret, CARDS.visa)).status).toBe(200);
  return { ...checkout, intentId: intentIdOf(checkout.clientSecret) };
}

/** A paid card order, placed by the customer's return. */
async function paidOrder(shop?: Awaited<ReturnType<typeof cardShop>>) {
  const s = shop ?? (await cardShop(db));
  const checkout = await paidAtStripe(s);
  const back = await completeCardReturn(db, stripe, {
    customerId: s.customer.id,
    paymentIntentId: checkout.intentId,
  });
  expect(back).toMatchObject({ state: "paid", created: true });
  const order = await orderRow(checkout.orderId);
  return { shop: s, ...checkout, chargeId: order.chargeId!, lines: await linesOf(order.id) };
}

/** A paid order whose customer's cancel could not reach Stripe (a 500): its refunds are asked. */
async function orderWithRefundAsked() {
  const order = await paidOrder();
  fake.injectFault({ method: "POST", path: "/v1/refunds", kind: "500" });
  const refused = await failure(
    cancelOrder(db, { customerId: order.shop.customer.id, orderNo: order.orderNo, stripe }),
  );
  expect(refused.status).toBe(503);
  fake.clearFaults();
  const lines = await linesOf(order.orderId);
  expect(lines.every((l) => l.refundRequestedAt !== null && l.refundedAt === null)).toBe(true);
  expect(refundsOfCharge(order.chargeId)).toHaveLength(0);
  return order;
}

/** A farm whose payout account Stripe says is ready, and a customer's paid order of it. */
async function paidOrderOfReadyFarm() {
  const shop = await cardShop(db);
  await db.update(members).set({ payoutAcctSet: false }).where(eq(members.id, shop.farmer.id));
  await startPayoutOnboarding(db, stripe, { memberId: shop.farmer.id, appUrl: APP });
  const [farmer] = await db.select().from(members).where(eq(members.id, shop.farmer.id));
  const accountId = farmer!.stripeAccountId!;
  fake.completeOnboarding(accountId);
  const update = fake.events.filter((e) => e.type === "account.updated" && e.account === accountId);
  await deliver(update.at(-1)!, { connect: true });
  const [ready] = await db.select().from(members).where(eq(members.id, shop.farmer.id));
  expect(ready?.payoutAcctSet).toBe(true);
  return { ...(await paidOrder(shop)), accountId };
}

/** A PaymentIntent made and paid straight at Stripe (its dashboard, another app): no order. */
async function strangerCharge(amount = 1234) {
  const intent = await stripe.paymentIntents.create({
    amount,
    currency: "cad",
    payment_method: "pm_card_visa",
    confirm: true,
    return_url: `${APP}/elsewhere`,
  });
  expect(intent.status).toBe("succeeded");
  return { intentId: intent.id, chargeId: String(intent.latest_charge) };
}

describe("reconcile: a lost answer", () => {
  it("finishes a refund whose answer was lost (the kill -9 stand-in), once, and a rerun changes nothing", async () => {
    const order = await paidOrder();
    const customer = order.shop.customer;
    // The SDK sends a dropped call again by itself: two losses make the caller see one.
    fake.injectFault({ method: "POST", path: "/v1/refunds", kind: "lost", times: 2 });
    const refused = await failure(
      cancelOrder(db, { customerId: customer.id, orderNo: order.orderNo, stripe }),
    );
    expect(refused.status).toBe(503);
    // Stripe made the first line's refund; nothing here knows it.
    expect(refundsOfCharge(order.chargeId)).toHaveLength(1);
    expect((await linesOf(order.orderId)).every((l) => l.refundedAt === null)).toBe(true);
    expect((await orderRow(order.orderId)).paymentStatus).toBe("paid");
    fake.clearFaults();

    const report = await reconcile(db, stripe);
    expect(report).toMatchObject({ ran: true, dryRun: false, stoppedBy: null });

    const lines = await linesOf(order.orderId);
    expect(lines.map((l) => [l.status, l.refundedAt !== null, l.refundError])).toEqual([
      ["refunded", true, null],
      ["refunded", true, null],
    ]);
    expect((await orderRow(order.orderId)).paymentStatus).toBe("refunded");
    const refunds = refundsOfCharge(order.chargeId);
    expect(
      refunds
        .map((r) => (r.metadata as Record<string, string>).order_item_id)
        .sort((a, b) => Number(a) - Number(b)),
    ).toEqual(lines.map((l) => String(l.id)));
    expect(fake.get("charge", order.chargeId)).toMatchObject({
      amount_refunded: order.amountCents,
    });
    const cancelled = async () =>
      (await mailsTo(customer.email)).filter((m) => m.subject.includes("is cancelled"));
    expect(await cancelled()).toHaveLength(1);

    // A second run: nothing left to do, nothing asked of Stripe.
    const before = { order: await orderRow(order.orderId), lines };
    const mark = fake.requests.length;
    const again = await reconcile(db, stripe);
    expect(again).toMatchObject({ ran: true, stoppedBy: null });
    expect(postsSince(mark)).toEqual([]);
    expect({ order: await orderRow(order.orderId), lines: await linesOf(order.orderId) }).toEqual(
      before,
    );
    expect(refundsOfCharge(order.chargeId)).toHaveLength(2);
    expect(await cancelled()).toHaveLength(1);
  });

  it("writes down a transfer whose answer was lost, found at Stripe, without making another", async () => {
    const order = await paidOrderOfReadyFarm();
    fake.injectFault({ method: "POST", path: "/v1/transfers", kind: "lost", times: 2 });
    const owed = await payMerchant(db, stripe, {
      orderId: order.orderId,
      merchantId: order.shop.farmer.id,
    });
    expect(owed).toMatchObject({ status: "owed", reason: STRIPE_UNAVAILABLE_REASON });
    expect(await payoutOf(order.orderId)).toMatchObject({ status: "owed", transferId: null });
    const made = fake.list("transfer").filter((t) => t.transfer_group === order.orderNo);
    expect(made).toHaveLength(1);
    fake.clearFaults();

    const mark = fake.requests.length;
    const report = await reconcile(db, stripe);
    expect(report).toMatchObject({ ran: true, stoppedBy: null });
    expect(report.actions).toContain(
      `pay farm #${order.shop.farmer.id} for order ${order.orderNo}`,
    );
    // Found by listing the order's transfer group, not made again (not even replayed by its key).
    const listed = requestsSince(mark).filter(
      (r) => r.method === "GET" && r.path === "/v1/transfers" && r.params.transfer_group,
    );
    expect(listed.map((r) => r.params.transfer_group)).toContain(order.orderNo);
    expect(postsSince(mark).filter((r) => r.path === "/v1/transfers")).toEqual([]);

    expect(await payoutOf(order.orderId)).toMatchObject({
      status: "paid",
      transferId: made[0]!.id,
      failureReason: null,
    });
    expect(
      (await linesOf(order.orderId)).every((l) => l.transferId === made[0]!.id && l.merchantPaidAt),
    ).toBe(true);
    expect(fake.list("transfer").filter((t) => t.transfer_group === order.orderNo)).toHaveLength(1);
    // The transfer is known now: not raised as a Stripe object nobody here knows.
    const unknown = await issuesOfKind("unknown_stripe_object");
    expect(unknown.filter((i) => i.stripeIds.transfer === made[0]!.id)).toEqual([]);
  });
});

describe("reconcile: Stripe down", () => {
  it("stops without throwing, keeps the refund asked, gives the lease back and keeps its cursor", async () => {
    const order = await orderWithRefundAsked();
    const cursorBefore = (await leaseRow())?.cursorAt ?? null;
    fake.injectFault({ path: /^\/v1\//, kind: "500", times: 1000 });

    const report = await reconcile(db, stripe);
    expect(report.ran).toBe(true);
    expect(report.stoppedBy).toMatch(/Stripe did not answer/);
    const lines = await linesOf(order.orderId);
    expect(lines.every((l) => l.refundRequestedAt !== null && l.refundedAt === null)).toBe(true);
    expect(lines.map((l) => l.refundError)).toEqual([null, null]);
    expect((await orderRow(order.orderId)).paymentStatus).toBe("paid");
    expect(refundsOfCharge(order.chargeId)).toHaveLength(0);
    // An unfinished run does not move where the next one reads Stripe's events from.
    const afterStop = await leaseRow();
    expect(afterStop?.cursorAt ?? null).toEqual(cursorBefore);
    expect(afterStop?.lastReport).toMatchObject({ stoppedBy: report.stoppedBy });

    fake.clearFaults();
    const next = await reconcile(db, stripe);
    expect(next).toMatchObject({ ran: true, stoppedBy: null });
    expect((await linesOf(order.orderId)).map((l) => [l.status, l.refundedAt !== null])).toEqual([
      ["refunded", true],
      ["refunded", true],
    ]);
    expect((await orderRow(order.orderId)).paymentStatus).toBe("refunded");
    expect(refundsOfCharge(order.chargeId)).toHaveLength(2);
    // A full run does move it.
    const cursorAfter = (await leaseRow())?.cursorAt;
    expect(cursorAfter).toBeInstanceOf(Date);
    if (cursorBefore) expect(cursorAfter!.getTime()).toBeGreaterThan(cursorBefore.getTime());
  });
});

describe("reconcile: events", () => {
  it("places an order paid at Stripe whose webhook never came, once, and mails it once", async () => {
    const shop = await cardShop(db);
    const paid = await paidAtStripe(shop);
    expect((await orderRow(paid.orderId)).paymentStatus).toBe("pending");
    expect(await linesOf(paid.orderId)).toEqual([]);
    const [succeeded] = eventAbout("payment_intent.succeeded", paid.intentId);
    expect(succeeded).toBeDefined();

    const report = await reconcile(db, stripe);
    expect(report).toMatchObject({ ran: true, stoppedBy: null });
    expect(report.actions).toContain(
      `process payment_intent.succeeded ${String(succeeded!.id)} (never processed here)`,
    );
    expect(report.counts["events replayed"]).toBeGreaterThanOrEqual(1);

    const order = await orderRow(paid.orderId);
    expect(order).toMatchObject({ paymentStatus: "paid", pendingLines: null });
    expect(order.chargeId).toMatch(/^ch_/);
    expect(await linesOf(paid.orderId)).toHaveLength(2);
    const placedMails = async () => ({
      customer: (await mailsTo(shop.customer.email)).filter(
        (m) => m.subject === `Thank you for your order ${order.orderNo}`,
      ).length,
      farmer: (
        await db
          .select()
          .from(emailOutbox)
          .where(
            and(
              eq(emailOutbox.to, shop.farmer.email),
              like(emailOutbox.subject, `New order ${order.orderNo} from %`),
            ),
          )
      ).length,
    });
    expect(await placedMails()).toEqual({ customer: 1, farmer: 1 });

    const again = await reconcile(db, stripe);
    expect(again.ran).toBe(true);
    expect(again.actions.filter((a) => a.includes(String(succeeded!.id)))).toEqual([]);
    expect(await linesOf(paid.orderId)).toHaveLength(2);
    expect(await placedMails()).toEqual({ customer: 1, farmer: 1 });
    expect(
      await db.select().from(orders).where(eq(orders.customerId, shop.customer.id)),
    ).toHaveLength(1);
  });

  it("replays no event older than --since", async () => {
    const shop = await cardShop(db);
    const paid = await paidAtStripe(shop);
    const [succeeded] = eventAbout("payment_intent.succeeded", paid.intentId);
    const cursorBefore = (await leaseRow())?.cursorAt ?? null;

    const report = await reconcile(db, stripe, { since: new Date(Date.now() + 60_000) });
    expect(report).toMatchObject({ ran: true, stoppedBy: null });
    // A run that started later than the cursor leaves it: the events in between stay to replay.
    expect((await leaseRow())?.cursorAt ?? null).toEqual(cursorBefore);
    expect(report.counts["events replayed"] ?? 0).toBe(0);
    expect(report.actions.filter((a) => a.startsWith("process "))).toEqual([]);
    expect((await orderRow(paid.orderId)).paymentStatus).toBe("pending");
    expect(await linesOf(paid.orderId)).toEqual([]);

    // Without it the same event is there to replay.
    const full = await reconcile(db, stripe);
    expect(full.actions).toContain(
      `process payment_intent.succeeded ${String(succeeded!.id)} (never processed here)`,
    );
    expect((await orderRow(paid.orderId)).paymentStatus).toBe("paid");
  });
});

describe("reconcile: one bad row", () => {
  it("is logged and counted, and the sweep goes on to the rest", async () => {
    // An order awaiting payment whose intent Stripe does not have (a 404, not an outage).
    const shop = await cardShop(db);
    const opened = await startCardCheckout(db, stripe, {
      customerId: shop.customer.id,
      delivery: shop.delivery,
    });
    if (opened.state !== "awaiting_payment") throw new Error("not awaiting payment");
    await db
      .update(orders)
      .set({
        paymentIntentId: "pi_unknownToStripe0002",
        updatedAt: new Date(Date.now() - 10 * 60_000),
      })
      .where(eq(orders.id, opened.orderId));
    const asked = await orderWithRefundAsked();

    const report = await reconcile(db, stripe, { since: new Date(Date.now() - DAY_MS) });
    expect(report.stoppedBy).toBeNull();
    expect(report.counts["steps that failed"]).toBe(1);
    expect(report.actions.some((a) => a.includes("failed (see the log)"))).toBe(true);
    // The steps after it still ran: the refund asked on another order is finished.
    expect((await orderRow(asked.orderId)).paymentStatus).toBe("refunded");
    // The bad row leaves the shared database as the other tests expect it.
    await db
      .update(orders)
      .set({ paymentStatus: "abandoned" })
      .where(eq(orders.id, opened.orderId));
  });
});

describe("reconcile: dry run", () => {
  it("says what it would do and changes nothing, here or at Stripe", async () => {
    const order = await orderWithRefundAsked();
    const stranger = await strangerCharge(777);
    const lease = await leaseRow();
    const issues = await allIssues();
    const lines = await linesOf(order.orderId);
    const mark = fake.requests.length;

    const report = await reconcile(db, stripe, { dryRun: true, holder: "dry-run-test" });
    expect(report).toMatchObject({ ran: true, dryRun: true, stoppedBy: null });
    expect(report.actions).toContain(`would finish the refunds of order #${order.orderId}`);
    expect(report.actions).toContain(
      `would raise the charge ${stranger.chargeId}: no order or payout here knows it`,
    );
    for (const action of report.actions) expect(action).toMatch(/^would /);

    expect(postsSince(mark)).toEqual([]);
    expect(await linesOf(order.orderId)).toEqual(lines);
    expect((await orderRow(order.orderId)).paymentStatus).toBe("paid");
    expect(refundsOfCharge(order.chargeId)).toHaveLength(0);
    expect(await allIssues()).toEqual(issues);
    expect(await leaseRow()).toEqual(lease);

    // What it said it would do was there to do.
    const real = await reconcile(db, stripe);
    expect(real.actions).toContain(`finish the refunds of order #${order.orderId}`);
    expect((await orderRow(order.orderId)).paymentStatus).toBe("refunded");
  });
});

describe("reconcile: what needs a person", () => {
  it("raises a charge no order knows, once; an order's own charge is not raised", async () => {
    const known = await paidOrder();
    const stranger = await strangerCharge(1234);
    const aboutCharge = async (chargeId: string) =>
      (await issuesOfKind("unknown_stripe_object")).filter((i) => i.stripeIds.charge === chargeId);

    const report = await reconcile(db, stripe);
    expect(report).toMatchObject({ ran: true, stoppedBy: null });
    expect(report.actions).toContain(
      `raise the charge ${stranger.chargeId}: no order or payout here knows it`,
    );
    const [issue, ...more] = await aboutCharge(stranger.chargeId);
    expect(more).toEqual([]);
    expect(issue).toMatchObject({
      status: "open",
      amountCents: 1234,
      currency: "CAD",
      orderId: null,
      stripeIds: { charge: stranger.chargeId, payment_intent: stranger.intentId },
    });
    expect(await aboutCharge(known.chargeId)).toEqual([]);

    const again = await reconcile(db, stripe);
    expect(again.ran).toBe(true);
    expect(again.actions.filter((a) => a.includes(stranger.chargeId))).toEqual([]);
    expect(await aboutCharge(stranger.chargeId)).toHaveLength(1);
  });

  it("raises a payout owed for more than 7 days once, and not one owed for a day", async () => {
    // The farm's payout account is not ready: the handover leaves its payouts owed.
    const owedPayout = async () => {
      const order = await paidOrder();
      await db
        .update(members)
        .set({ payoutAcctSet: false })
        .where(eq(members.id, order.shop.farmer.id));
      const outcome = await payMerchant(db, stripe, {
        orderId: order.orderId,
        merchantId: order.shop.farmer.id,
      });
      expect(outcome).toMatchObject({ status: "owed", reason: ACCOUNT_NOT_READY_REASON });
      return order;
    };
    const old = await owedPayout();
    const recent = await owedPayout();
    await db
      .update(payouts)
      .set({ createdAt: new Date(Date.now() - 8 * DAY_MS) })
      .where(eq(payouts.orderId, old.orderId));
    await db
      .update(payouts)
      .set({ createdAt: new Date(Date.now() - DAY_MS) })
      .where(eq(payouts.orderId, recent.orderId));
    const overdueOf = async (orderId: number) =>
      (await issuesOfKind("payout_overdue")).filter((i) => i.orderId === orderId);

    const report = await reconcile(db, stripe);
    expect(report).toMatchObject({ ran: true, stoppedBy: null });
    const payout = await payoutOf(old.orderId);
    expect(report.actions).toContain(
      `raise payout ${payout!.id} of order ${old.orderNo}: owed for over a week`,
    );
    const [issue, ...more] = await overdueOf(old.orderId);
    expect(more).toEqual([]);
    expect(issue).toMatchObject({
      status: "open",
      merchantId: old.shop.farmer.id,
      customerId: old.shop.customer.id,
      amountCents: payout!.amountCents,
      currency: "CAD",
    });
    expect(issue!.detail).toContain(ACCOUNT_NOT_READY_REASON);
    expect(await overdueOf(recent.orderId)).toEqual([]);

    const again = await reconcile(db, stripe);
    expect(again.ran).toBe(true);
    expect(await overdueOf(old.orderId)).toHaveLength(1);
    expect(await overdueOf(recent.orderId)).toEqual([]);
    expect(await payoutOf(old.orderId)).toMatchObject({ status: "owed" });
  });

  it("leaves a refund that failed at Stripe after it was made to the operators", async () => {
    const order = await paidOrder();
    const [line, other] = order.lines;
    await updateOrderStatus(db, {
      merchantId: order.shop.farmer.id,
      orderItemId: line!.id,
      status: "cancelled",
      stripe,
    });
    const [refunded] = await linesOf(order.orderId);
    expect(refunded).toMatchObject({ status: "cancelled", refundError: null });
    expect(refunded!.refundedAt).not.toBeNull();
    expect((await orderRow(order.orderId)).paymentStatus).toBe("partially_refunded");
    const refundId = refunded!.refundId!;
    expect(refundId).toMatch(/^re_/);

    // The card network returns it: Stripe says so with refund.failed.
    fake.failRefund(refundId);
    const [failedEvent] = eventAbout("refund.failed", refundId);
    const handled = await deliver(failedEvent!);
    expect(handled.duplicate).toBe(false);

    const reopened = async () => (await linesOf(order.orderId))[0]!;
    const afterFailure = await reopened();
    expect(afterFailure.refundRequestedAt).not.toBeNull();
    expect(afterFailure.refundedAt).toBeNull();
    expect(afterFailure.refundedCents).toBe(0);
    expect(afterFailure.refundError).toMatch(/expired or canceled card/);
    expect(afterFailure.refundAttempt).toBe(1);
    expect((await orderRow(order.orderId)).paymentStatus).toBe("paid");
    const openIssues = async () =>
      (await issuesOfKind("refund_failed")).filter(
        (i) => i.orderItemId === line!.id && i.status === "open",
      );
    const [issue, ...more] = await openIssues();
    expect(more).toEqual([]);
    expect(issue).toMatchObject({
      stripeIds: { refund: refundId, payment_intent: order.intentId },
      amountCents: line!.unitPriceCents * line!.qty,
    });
    expect(issue!.detail).toMatch(/expired or canceled card/);

    // The reconciler replays the rest of Stripe's events but refunds nothing by itself.
    const mark = fake.requests.length;
    const report = await reconcile(db, stripe);
    expect(report).toMatchObject({ ran: true, stoppedBy: null });
    expect(report.actions).not.toContain(`finish the refunds of order #${order.orderId}`);
    expect(
      postsSince(mark).filter(
        (r) => r.path === "/v1/refunds" && r.params.payment_intent === order.intentId,
      ),
    ).toEqual([]);
    expect(await reopened()).toEqual(afterFailure);
    expect((await linesOf(order.orderId))[1]).toEqual(other);
    expect((await orderRow(order.orderId)).paymentStatus).toBe("paid");
    expect(await openIssues()).toHaveLength(1);
    expect(fake.get("charge", order.chargeId)).toMatchObject({ amount_refunded: 0 });
  });
});

describe("reconcile: one instance at a time", () => {
  it("runs one of two sweeps started together; the next one runs after both", async () => {
    const reports = await Promise.all([
      reconcile(db, stripe, { holder: "instance-a" }),
      reconcile(db, stripe, { holder: "instance-b" }),
    ]);
    expect(reports.filter((r) => r.ran)).toHaveLength(1);
    const [idle] = reports.filter((r) => !r.ran);
    expect(idle!.actions).toEqual(["another instance is reconciling; nothing done"]);
    expect((await leaseRow())?.holder).toBe(reports[0]!.ran ? "instance-a" : "instance-b");

    const third = await reconcile(db, stripe, { holder: "instance-c" });
    expect(third.ran).toBe(true);
    expect((await leaseRow())?.holder).toBe("instance-c");
  });

  it("frees the lease the moment a run gives it back", async () => {
    // A run that ends and the next one (the app's next interval, `npm run reconcile`) starting in
    // the same tick of the database's clock must not be told another instance is reconciling.
    let refused = 0;
    for (let run = 0; run < 200; run += 1) {
      const lease = await takeLease(db, {
        name: RECONCILE_JOB,
        holder: "back-to-back",
        ttlMs: 60_000,
      });
      if (!lease) {
        refused += 1;
        continue;
      }
      await releaseLease(db, lease, { report: {}, cursorAt: null });
    }
    expect(refused).toBe(0);
    expect((await reconcile(db, stripe, { since: new Date(Date.now() + 60_000) })).ran).toBe(true);
  });
});
