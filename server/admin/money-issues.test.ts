import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET = "money-issues-test-secret-money-issues-test-01";
  process.env.APP_URL = "http://localhost:3000";
});

import { formatMoney } from "@/lib/money";
import type { Db } from "@/server/db/client";
import { adminActions, members, moneyIssues, orderItems, orders } from "@/server/db/schema";
import { createAdmin, type Member } from "@/server/db/seed/factories";
import { AppError } from "@/server/errors";
import { cancelOrder } from "@/server/orders/cancel-order";
import { confirmByMerchant } from "@/server/orders/confirm-by-merchant";
import { signHandoverToken } from "@/server/orders/handover-code";
import { updateOrderStatus } from "@/server/orders/update-order-status";
import { completeCardReturn } from "@/server/checkout/complete-card-return";
import { handleStripeEvent, verifyStripeEvent } from "@/server/money/handle-stripe-event";
import { raiseMoneyIssue } from "@/server/stripe/money-issues";
import { settleOrderRefunds } from "@/server/payments/refunds";
import { startCardCheckout } from "@/server/checkout/start-card-checkout";
import { startPayoutOnboarding } from "@/server/payouts/onboarding";
import { ACCOUNT_NOT_READY_REASON, payMerchant } from "@/server/payouts/pay-merchant";
import { CARDS, cardShop, intentIdOf, payAsBrowser } from "@/tests/card-checkout";
import type { StripeFake, StripeObject } from "@/tests/stripe-fake";
import { setupStripeTestDb } from "@/tests/stripe-test-db";
import { CARD_PAYMENTS_OFF_REASON, listMoneyIssues } from "./list-money-issues";
import {
  DISPUTE_LOST_MESSAGE,
  disputeOpenMessage,
  disputeReleasedResolution,
  PAID_RESOLUTION,
  payFarmForIssue,
} from "./pay-farm-for-issue";
import { farmPaidMessage } from "./pay-merchant-for-line";
import {
  alreadyResolvedMessage,
  MONEY_ISSUE_NOT_FOUND_MESSAGE,
  MONEY_ISSUE_RESOLVED_MESSAGE,
  resolveMoneyIssue,
} from "./resolve-money-issue";
import {
  NOT_RETRYABLE_MESSAGE,
  refundDoneMessage,
  retriedBy,
  retryMoneyIssue,
  reversalRefusedAgainMessage,
  stripeSilentMessage,
} from "./retry-money-issue";

const APP = "http://localhost:3000";
const stripeTestDb = setupStripeTestDb();
let db: Db;
let fake: StripeFake;
let stripe: Stripe;
let admin: Member;

beforeAll(async () => {
  ({ db, fake, stripe } = stripeTestDb);
  admin = await createAdmin(db);
});

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

const linesOf = (orderId: number) =>
  db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);
const issueRow = async (id: number) =>
  (await db.select().from(moneyIssues).where(eq(moneyIssues.id, id)))[0]!;
const openIssuesOf = (kind: (typeof moneyIssues.$inferSelect)["kind"], orderItemId: number) =>
  db
    .select()
    .from(moneyIssues)
    .where(
      and(
        eq(moneyIssues.kind, kind),
        eq(moneyIssues.orderItemId, orderItemId),
        eq(moneyIssues.status, "open"),
      ),
    );
const auditOf = (id: number) =>
  db
    .select()
    .from(adminActions)
    .where(eq(adminActions.target, `money_issue:${id}`))
    .orderBy(adminActions.id);
/** The open issue of this order (the page's list, as the operators read it). */
async function listed(orderId: number) {
  const { issues } = await listMoneyIssues(db, { cardPayments: true });
  return issues.filter((issue) => issue.order?.id === orderId);
}

async function deliver(event: StripeObject, connect = false) {
  const { payload, header } = fake.signEvent(event, { connect });
  const verified = verifyStripeEvent(stripe, {
    payload,
    signature: header,
    secret: connect ? fake.connectWebhookSecret : fake.webhookSecret,
  });
  return handleStripeEvent(db, stripe, verified);
}

/** A customer's card order paid with 4242 in the browser, then their return. */
async function paidOrder(shop: Awaited<ReturnType<typeof cardShop>>) {
  const checkout = await startCardCheckout(db, stripe, {
    customerId: shop.customer.id,
    delivery: shop.delivery,
  });
  if (checkout.state !== "awaiting_payment") throw new Error(`checkout is ${checkout.state}`);
  expect((await payAsBrowser(fake, checkout.clientSecret, CARDS.visa)).status).toBe(200);
  await completeCardReturn(db, stripe, {
    customerId: shop.customer.id,
    paymentIntentId: intentIdOf(checkout.clientSecret),
  });
  const [order] = await db.select().from(orders).where(eq(orders.id, checkout.orderId));
  return { ...shop, order: order!, lines: await linesOf(checkout.orderId) };
}

/** Delivers what Stripe says of a farm's payout account now (its last account.updated). */
async function deliverAccountNews(accountId: string) {
  const update = fake.events
    .filter((e) => e.type === "account.updated" && e.account === accountId)
    .at(-1)!;
  await deliver(update, true);
}

/** The shop's farm goes through Stripe's onboarding: its payout account is ready. */
async function readyFarm(shop: Awaited<ReturnType<typeof cardShop>>): Promise<string> {
  await db.update(members).set({ payoutAcctSet: false }).where(eq(members.id, shop.farmer.id));
  await startPayoutOnboarding(db, stripe, { memberId: shop.farmer.id, appUrl: APP });
  const [farm] = await db.select().from(members).where(eq(members.id, shop.farmer.id));
  const accountId = farm!.stripeAccountId!;
  fake.completeOnboarding(accountId);
  await deliverAccountNews(accountId);
  return accountId;
}

/**
 * The customer cancels a paid order (both lines refunded), then the card network returns the
 * first line's refund (a closed card): the next settle re-opens the line and raises it.
 */
async function returnedRefund() {
  const paid = await paidOrder(await cardShop(db));
  await cancelOrder(db, { customerId: paid.customer.id, orderNo: paid.order.orderNo, stripe });
  const [line] = await linesOf(paid.order.id);
  fake.failRefund(line!.refundId!);
  const settled = await settleOrderRefunds(db, stripe, paid.order.id);
  expect(settled.failed.map((f) => f.lineId)).toEqual([line!.id]);
  const [issue] = await listed(paid.order.id);
  return { ...paid, line: line!, issue: issue! };
}

describe("a refund the card network returned", () => {
  it("is listed with its order, farm, customer, amount and Stripe ids, and what can be done", async () => {
    const { order, farmer, customer, line, issue } = await returnedRefund();
    expect(issue).toEqual({
      id: expect.any(Number),
      kind: "refund_failed",
      detail: "Stripe could not refund the card (expired or canceled card).",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      order: { id: order.id, orderNo: order.orderNo },
      farm: {
        name: `${farmer.firstName} ${farmer.lastName}`,
        username: farmer.username,
        email: farmer.email,
      },
      customer: { name: `${customer.firstName} ${customer.lastName}`, email: customer.email },
      amount: "$9.00",
      currency: "CAD",
      stripeIds: { payment_intent: order.paymentIntentId, refund: line.refundId },
      actions: [
        { action: "retry_refund", disabledReason: null },
        { action: "resolve", disabledReason: null },
      ],
    });
    const list = await listMoneyIssues(db, { cardPayments: true });
    expect(list.count).toBeGreaterThanOrEqual(1);
    expect(list.issues[0]!.id).toBe(issue.id); // newest first
    // Without Stripe keys the retry is shown disabled, with why.
    const off = await listMoneyIssues(db, { cardPayments: false });
    expect(off.issues.find((i) => i.id === issue.id)!.actions[0]).toEqual({
      action: "retry_refund",
      disabledReason: CARD_PAYMENTS_OFF_REASON,
    });
  });

  it("is refunded by a retry: the issue is closed as the admin's, the line refunded once more, the retry audited", async () => {
    const { order, line, issue } = await returnedRefund();
    const answer = await retryMoneyIssue(db, stripe, { adminId: admin.id, id: issue.id });
    expect(answer.message).toBe(refundDoneMessage("$9.00", order.orderNo));

    expect(await issueRow(issue.id)).toMatchObject({
      status: "resolved",
      resolvedBy: admin.id,
      resolution: retriedBy(admin.username),
    });
    const [after] = await linesOf(order.id);
    expect(after).toMatchObject({ refundError: null, refundAttempt: 1, refundedCents: 900 });
    expect(after!.refundedAt).toBeInstanceOf(Date);
    const ours = fake
      .list("refund")
      .filter((r) => (r.metadata as Record<string, string>).order_item_id === String(line.id));
    expect(ours.map((r) => [r.status, (r.metadata as Record<string, string>).attempt])).toEqual([
      ["failed", "0"],
      ["succeeded", "1"],
    ]);
    expect(fake.get("charge", order.chargeId!)).toMatchObject({
      amount_refunded: order.totalCents,
    });

    const audit = await auditOf(issue.id);
    expect(audit).toEqual([
      expect.objectContaining({
        adminId: admin.id,
        action: "money_retry",
        before: {
          status: "open",
          kind: "refund_failed",
          orderNo: order.orderNo,
          error: "Stripe could not refund the card (expired or canceled card).",
        },
        after: { status: "resolved", resolution: retriedBy(admin.username), error: null },
      }),
    ]);
    expect(await listed(order.id)).toEqual([]);

    const again = await failure(retryMoneyIssue(db, stripe, { adminId: admin.id, id: issue.id }));
    expect(again).toMatchObject({
      status: 409,
      message: alreadyResolvedMessage(retriedBy(admin.username)),
    });
    expect(await auditOf(issue.id)).toHaveLength(1);
  });

  it("is a new issue when the retried refund is returned too", async () => {
    const { order, line, issue } = await returnedRefund();
    await retryMoneyIssue(db, stripe, { adminId: admin.id, id: issue.id });
    const [retried] = await linesOf(order.id);
    fake.failRefund(retried!.refundId!, "lost_or_stolen_card");
    const settled = await settleOrderRefunds(db, stripe, order.id);
    expect(settled.failed).toEqual([
      { lineId: line.id, reason: "Stripe could not refund the card (lost or stolen card)." },
    ]);
    const [fresh] = await listed(order.id);
    expect(fresh).toMatchObject({
      kind: "refund_failed",
      detail: "Stripe could not refund the card (lost or stolen card).",
      stripeIds: { refund: retried!.refundId },
    });
    expect(fresh!.id).not.toBe(issue.id);
    expect((await issueRow(issue.id)).status).toBe("resolved");
  });

  it("stays owed for the reconciler when Stripe does not answer the retry", async () => {
    const { order, issue } = await returnedRefund();
    fake.injectFault({ method: "GET", path: "/v1/refunds", kind: "500" });
    const answer = await retryMoneyIssue(db, stripe, { adminId: admin.id, id: issue.id });
    expect(answer.message).toBe(stripeSilentMessage("refund", order.orderNo));
    expect((await issueRow(issue.id)).status).toBe("resolved");
    const [waiting] = await linesOf(order.id);
    expect(waiting).toMatchObject({ refundError: null, refundedAt: null });
    // What the reconciler does next finishes it.
    const settled = await settleOrderRefunds(db, stripe, order.id);
    expect(settled.done.map((d) => d.lineId)).toEqual([waiting!.id]);
  });
});

describe("a payout reversal Stripe refused", () => {
  it("is retried, refused again with Stripe's reason, and listed again as a new issue", async () => {
    const shop = await cardShop(db);
    await readyFarm(shop);
    const { order, lines, farmer } = await paidOrder(shop);
    await confirmByMerchant(db, {
      merchantId: farmer.id,
      orderId: order.id,
      token: signHandoverToken(order.id, farmer.id),
      stripe,
    });
    const [transfer] = fake.list("transfer").filter((t) => t.transfer_group === order.orderNo);
    // Someone took the whole payout back in Stripe's dashboard; then the farm refunds a line.
    await stripe.transfers.createReversal(String(transfer!.id));
    await updateOrderStatus(db, {
      merchantId: farmer.id,
      orderItemId: lines[0]!.id,
      status: "refunded",
      stripe,
    });
    const [issue] = await listed(order.id);
    expect(issue).toMatchObject({
      kind: "reversal_failed",
      stripeIds: { transfer: transfer!.id },
      amount: formatMoney(lines[0]!.payoutCents!, "CAD"),
      actions: [
        { action: "retry_reversal", disabledReason: null },
        { action: "resolve", disabledReason: null },
      ],
    });

    const answer = await retryMoneyIssue(db, stripe, { adminId: admin.id, id: issue!.id });
    const [line] = await linesOf(order.id);
    expect(line!.reversalError).toMatch(/already been fully reversed/);
    expect(line!.reversalAttempt).toBe(2);
    expect(answer.message).toBe(reversalRefusedAgainMessage(order.orderNo, line!.reversalError!));
    expect((await issueRow(issue!.id)).status).toBe("resolved");
    const again = await openIssuesOf("reversal_failed", line!.id);
    expect(again).toHaveLength(1);
    expect(again[0]!.id).not.toBe(issue!.id);
  });
});

describe("paying a farm from an issue", () => {
  it("pays an overdue payout once the farm's account is ready, and closes the issue as the admin's", async () => {
    const shop = await cardShop(db);
    const accountId = await readyFarm(shop);
    const { order, farmer, customer } = await paidOrder(shop);
    // Stripe then asks the farm for more before it pays it out.
    fake.setAccountRequirements(accountId, {
      payouts_enabled: false,
      currently_due: ["external_account"],
    });
    await deliverAccountNews(accountId);
    const owed = await payMerchant(db, stripe, { orderId: order.id, merchantId: farmer.id });
    if (owed.status !== "owed") throw new Error(`the payout is ${owed.status}`);
    // What the reconciler raises a week later.
    await raiseMoneyIssue(db, {
      kind: "payout_overdue",
      key: `payout_overdue:${owed.payoutId}`,
      detail: `The farm has been owed this payout for more than 7 days. ${owed.reason}`,
      orderId: order.id,
      merchantId: farmer.id,
      customerId: customer.id,
      amountCents: owed.amountCents,
      currency: "CAD",
    });
    const [issue] = await listed(order.id);
    expect(issue!.actions[0]).toEqual({ action: "pay_farm", disabledReason: null });

    const notYet = await payFarmForIssue(db, stripe, { adminId: admin.id, id: issue!.id });
    expect(notYet.message).toBe(ACCOUNT_NOT_READY_REASON);
    expect((await issueRow(issue!.id)).status).toBe("open");

    fake.completeOnboarding(accountId);
    await deliverAccountNews(accountId);
    const paid = await payFarmForIssue(db, stripe, { adminId: admin.id, id: issue!.id });
    expect(paid.message).toBe(farmPaidMessage(formatMoney(owed.amountCents, "CAD"), order.orderNo));
    expect(await issueRow(issue!.id)).toMatchObject({
      status: "resolved",
      resolvedBy: admin.id,
      resolution: PAID_RESOLUTION,
    });
    expect(fake.list("transfer").filter((t) => t.transfer_group === order.orderNo)).toHaveLength(1);
    expect((await auditOf(issue!.id)).map((a) => [a.action, a.after?.status])).toEqual([
      ["pay_merchant", "owed"],
      ["pay_merchant", "paid"],
    ]);
    const again = await failure(payFarmForIssue(db, stripe, { adminId: admin.id, id: issue!.id }));
    expect(again.status).toBe(409);
  });

  it("pays a disputed order's farms only once Stripe says the dispute is won", async () => {
    const shop = await cardShop(db);
    await readyFarm(shop);
    const { order, farmer } = await paidOrder(shop);
    const dispute = fake.createDispute(order.chargeId!);
    await deliver(fake.events.filter((e) => e.type === "charge.dispute.created").at(-1)!);
    const [issue] = await listed(order.id);
    expect(issue).toMatchObject({
      kind: "dispute_opened",
      stripeIds: { dispute: dispute.id, payment_intent: order.paymentIntentId },
      actions: [
        { action: "pay_farm", disabledReason: null },
        { action: "resolve", disabledReason: null },
      ],
    });

    const open = await failure(payFarmForIssue(db, stripe, { adminId: admin.id, id: issue!.id }));
    expect(open).toMatchObject({ status: 409, message: disputeOpenMessage("needs_response") });
    // Only a bank decides a dispute, so the fake never wins one: this client reads it as won.
    const won = readingDisputesAsWon(stripe);
    const paid = await payFarmForIssue(db, won, { adminId: admin.id, id: issue!.id });
    expect(paid.message).toMatch(new RegExp(`^The dispute on order ${order.orderNo} was won`));
    expect(paid.message).toContain(`${farmer.username} was paid`);
    expect(await issueRow(issue!.id)).toMatchObject({
      status: "resolved",
      resolvedBy: admin.id,
      resolution: disputeReleasedResolution("won", admin.username),
    });
    const [after] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(after!.disputedAt).toBeNull();
    expect(fake.list("transfer").filter((t) => t.transfer_group === order.orderNo)).toHaveLength(1);
    expect((await auditOf(issue!.id)).map((a) => a.action)).toEqual(["pay_merchant"]);
  });

  it("says so when the dispute was lost, and the issue is then resolved with a note", async () => {
    const { order } = await paidOrder(await cardShop(db));
    const dispute = fake.createDispute(order.chargeId!);
    await deliver(fake.events.filter((e) => e.type === "charge.dispute.created").at(-1)!);
    await stripe.disputes.close(String(dispute.id));
    const [issue] = await listed(order.id);
    const lost = await failure(payFarmForIssue(db, stripe, { adminId: admin.id, id: issue!.id }));
    expect(lost).toMatchObject({ status: 409, message: DISPUTE_LOST_MESSAGE });
    expect(await auditOf(issue!.id)).toEqual([]);

    const note = "Dispute lost: the bank kept $21.99; the farm was told.";
    const answer = await resolveMoneyIssue(db, { adminId: admin.id, id: issue!.id, note });
    expect(answer.message).toBe(MONEY_ISSUE_RESOLVED_MESSAGE);
    expect(await issueRow(issue!.id)).toMatchObject({
      status: "resolved",
      resolvedBy: admin.id,
      resolution: note,
    });
    expect(await auditOf(issue!.id)).toEqual([
      expect.objectContaining({
        action: "money_resolve",
        before: { status: "open", kind: "dispute_opened", detail: issue!.detail },
        after: { status: "resolved", resolution: note },
      }),
    ]);
    expect(await listed(order.id)).toEqual([]);
  });
});

describe("resolving and retrying by id", () => {
  it("answers 409 for an issue already resolved, 404 for an unknown id, 409 for a kind that is not retried", async () => {
    await raiseMoneyIssue(db, {
      kind: "unknown_stripe_object",
      key: `unknown:transfer:tr_test_${Date.now()}`,
      detail: "Stripe has a transfer that no order or payout here knows.",
      amountCents: 1234,
      currency: null,
      stripeIds: { transfer: "tr_test" },
    });
    const { issues } = await listMoneyIssues(db, { cardPayments: true });
    const unknown = issues.find((i) => i.kind === "unknown_stripe_object")!;
    expect(unknown).toMatchObject({
      order: null,
      farm: null,
      customer: null,
      amount: "12.34 (another currency)",
      actions: [{ action: "resolve", disabledReason: null }],
    });
    const notRetried = await failure(
      retryMoneyIssue(db, stripe, { adminId: admin.id, id: unknown.id }),
    );
    expect(notRetried).toMatchObject({ status: 409, message: NOT_RETRYABLE_MESSAGE });

    await resolveMoneyIssue(db, { adminId: admin.id, id: unknown.id, note: "A test transfer." });
    const twice = await failure(
      resolveMoneyIssue(db, { adminId: admin.id, id: unknown.id, note: "Again." }),
    );
    expect(twice).toMatchObject({
      status: 409,
      message: alreadyResolvedMessage("A test transfer."),
    });
    const missing = await failure(
      resolveMoneyIssue(db, { adminId: admin.id, id: 2_147_483_647, note: "Nothing." }),
    );
    expect(missing).toMatchObject({ status: 404, message: MONEY_ISSUE_NOT_FOUND_MESSAGE });
  });
});

/** The SDK client with `disputes.retrieve` answering the dispute as `won`, everything else as is. */
function readingDisputesAsWon(client: Stripe): Stripe {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property !== "disputes") return Reflect.get(target, property, receiver) as unknown;
      return {
        retrieve: async (id: string) => ({
          ...(await target.disputes.retrieve(id)),
          status: "won",
        }),
      };
    },
  });
}
