import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET = "payouts-test-secret-payouts-test-secret-0001";
  process.env.APP_URL = "http://localhost:3000";
});

import type { Db } from "@/server/db/client";
import { members, orderItems, payoutAccounts, payouts } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { confirmByMerchant } from "@/server/orders/confirm-by-merchant";
import { signHandoverToken } from "@/server/orders/handover-code";
import { updateOrderStatus } from "@/server/orders/update-order-status";
import { completeCardReturn } from "@/server/checkout/complete-card-return";
import { handleStripeEvent, verifyStripeEvent } from "@/server/money/handle-stripe-event";
import { startCardCheckout } from "@/server/checkout/start-card-checkout";
import { CARDS, cardShop, intentIdOf, payAsBrowser } from "@/tests/card-checkout";
import { createMerchant } from "@/server/db/seed/factories";
import type { StripeFake, StripeObject } from "@/tests/stripe-fake";
import { setupStripeTestDb } from "@/tests/stripe-test-db";
import { getPayoutsOverview } from "./get-payouts-overview";
import { consumeOnboardingCode, startPayoutOnboarding } from "./onboarding";
import { ACCOUNT_NOT_READY_REASON, payMerchant, payOwedPayouts } from "./pay-merchant";

const APP = "http://localhost:3000";
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

/** Delivers a Connect event the way Stripe does: signed with the Connect secret, verified. */
async function deliverConnect(event: StripeObject) {
  const { payload, header } = fake.signEvent(event, { connect: true });
  const verified = verifyStripeEvent(stripe, {
    payload,
    signature: header,
    secret: fake.connectWebhookSecret,
  });
  return handleStripeEvent(db, stripe, verified);
}
const lastAccountUpdate = (accountId: string) =>
  fake.events.filter((e) => e.type === "account.updated" && e.account === accountId).at(-1)!;

async function onboard(memberId: number) {
  const { url } = await startPayoutOnboarding(db, stripe, { memberId, appUrl: APP });
  const [member] = await db.select().from(members).where(eq(members.id, memberId));
  return { url, accountId: member!.stripeAccountId! };
}

/** A farm whose account Stripe says is ready, selling two products by card, and a customer's paid order. */
async function paidOrderOfReadyFarm() {
  const shop = await cardShop(db);
  await db.update(members).set({ payoutAcctSet: false }).where(eq(members.id, shop.farmer.id));
  const { accountId } = await onboard(shop.farmer.id);
  fake.completeOnboarding(accountId);
  await deliverConnect(lastAccountUpdate(accountId));
  const checkout = await startCardCheckout(db, stripe, {
    customerId: shop.customer.id,
    delivery: shop.delivery,
  });
  if (checkout.state !== "awaiting_payment") throw new Error("not awaiting payment");
  await payAsBrowser(fake, checkout.clientSecret, CARDS.visa);
  await completeCardReturn(db, stripe, {
    customerId: shop.customer.id,
    paymentIntentId: intentIdOf(checkout.clientSecret),
  });
  const lines = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, checkout.orderId))
    .orderBy(orderItems.id);
  return { ...shop, accountId, orderId: checkout.orderId, orderNo: checkout.orderNo, lines };
}

const confirm = (orderId: number, merchantId: number) =>
  confirmByMerchant(db, {
    merchantId,
    orderId,
    token: signHandoverToken(orderId, merchantId),
    stripe,
  });

describe("onboarding", () => {
  it("makes one Express account per farm, in its country, and a fresh link each time", async () => {
    const farm = await createMerchant(db);
    const first = await onboard(farm.id);
    const second = await onboard(farm.id);
    expect(second.accountId).toBe(first.accountId);
    expect(second.url).not.toBe(first.url);
    expect(fake.get("account", first.accountId)).toMatchObject({
      type: "express",
      country: "CA",
      capabilities: { transfers: "inactive", card_payments: "inactive" },
    });
    const links = fake.list("account_link").filter((l) => l.account === first.accountId);
    expect(links).toHaveLength(2);
    expect(links[0]).toMatchObject({ refresh_url: `${APP}/api/payouts/onboarding/refresh` });
    expect(String(links[0]!.return_url)).toMatch(
      new RegExp(`^${APP}/external/accounts/created\\?code=[a-f0-9]{64}$`),
    );
  });

  it("makes a US farm a cross-border account under the recipient agreement", async () => {
    const farm = await createMerchant(db, { country: "US", currency: "USD" });
    const { accountId } = await onboard(farm.id);
    const account = fake.get("account", accountId);
    expect(account).toMatchObject({
      country: "US",
      tos_acceptance: { service_agreement: "recipient" },
    });
    expect((account?.capabilities as Record<string, string>).card_payments).toBeUndefined();
  });

  it("takes the return code once, for its own farm only", async () => {
    const farm = await createMerchant(db);
    const other = await createMerchant(db);
    await onboard(farm.id);
    const link = fake.list("account_link").at(-1)!;
    const code = new URL(String(link.return_url)).searchParams.get("code")!;
    const foreign = await failure(consumeOnboardingCode(db, { memberId: other.id, code }));
    expect(foreign.status).toBe(404);
    await consumeOnboardingCode(db, { memberId: farm.id, code });
    const reused = await failure(consumeOnboardingCode(db, { memberId: farm.id, code }));
    expect(reused.message).toContain("expired or was already used");
    expect(
      (await failure(consumeOnboardingCode(db, { memberId: farm.id, code: "forged" }))).status,
    ).toBe(404);
  });

  it("is ready only when Stripe says so, in any order of events", async () => {
    const farm = await createMerchant(db);
    const { accountId } = await onboard(farm.id);
    fake.setAccountRequirements(accountId, {
      currently_due: ["external_account"],
      payouts_enabled: false,
    });
    const pending = lastAccountUpdate(accountId);
    fake.completeOnboarding(accountId);
    const ready = lastAccountUpdate(accountId);
    const readyAt = Number(ready.created);
    // The newer event first, then the older one: the farm stays ready.
    await deliverConnect(ready);
    await deliverConnect({ ...pending, created: readyAt - 10 });
    const [row] = await db.select().from(members).where(eq(members.id, farm.id));
    expect(row?.payoutAcctSet).toBe(true);
    const [state] = await db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.memberId, farm.id));
    expect(state?.requirements?.currentlyDue).toEqual([]);
    expect((await getPayoutsOverview(db, farm.id)).account).toBe("ready");
  });
});

describe("paying a farm at the handover", () => {
  it("transfers the lines' totals minus their fees once, however often the code is scanned", async () => {
    const order = await paidOrderOfReadyFarm();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => confirm(order.orderId, order.farmer.id)),
    );
    const expected = order.lines.reduce((sum, line) => sum + line.payoutCents!, 0);
    expect(expected).toBe(744 + 1131);
    for (const result of results)
      expect(result.payout).toMatchObject({ status: "paid", amount: "18.75" });

    const transfers = fake.list("transfer").filter((t) => t.transfer_group === order.orderNo);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({
      amount: expected,
      currency: "cad",
      destination: order.accountId,
      source_transaction: expect.stringMatching(/^ch_/),
    });
    const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, order.orderId));
    expect(lines.every((l) => l.transferId === transfers[0]!.id && l.merchantPaidAt)).toBe(true);

    const overview = await getPayoutsOverview(db, order.farmer.id);
    expect(overview.ledger[0]).toMatchObject({
      orderNo: order.orderNo,
      grossCents: 2199,
      feesCents: 2199 - expected,
      netCents: expected,
      status: "paid",
    });
    expect(overview.totals).toEqual([
      { currency: "CAD", thisMonthCents: expected, allTimeCents: expected },
    ]);
  });

  it("keeps a transfer Stripe could not make as owed, and makes exactly one when tried again", async () => {
    const order = await paidOrderOfReadyFarm();
    fake.injectFault({ method: "POST", path: "/v1/transfers", kind: "500", times: 5 });
    const first = await confirm(order.orderId, order.farmer.id);
    expect(first.payout).toMatchObject({ status: "owed" });
    fake.clearFaults();
    fake.injectFault({ method: "POST", path: "/v1/transfers", kind: "lost" });
    expect(
      await payMerchant(db, stripe, { orderId: order.orderId, merchantId: order.farmer.id }),
    ).toMatchObject({
      status: "paid",
    });
    expect(fake.list("transfer").filter((t) => t.transfer_group === order.orderNo)).toHaveLength(1);
  });

  it("owes a farm whose account is not ready, and pays it when Stripe says it is", async () => {
    const order = await paidOrderOfReadyFarm();
    fake.setAccountRequirements(order.accountId, {
      payouts_enabled: false,
      currently_due: ["external_account"],
    });
    await deliverConnect(lastAccountUpdate(order.accountId));
    const owed = await confirm(order.orderId, order.farmer.id);
    expect(owed.payout).toMatchObject({ status: "owed", reason: ACCOUNT_NOT_READY_REASON });
    expect((await getPayoutsOverview(db, order.farmer.id)).ledger[0]).toMatchObject({
      status: "owed",
    });

    fake.completeOnboarding(order.accountId);
    const handled = await deliverConnect(lastAccountUpdate(order.accountId));
    expect(handled.readyMerchantId).toBe(order.farmer.id);
    const outcomes = await payOwedPayouts(db, stripe, order.farmer.id);
    expect(outcomes).toEqual([expect.objectContaining({ status: "paid" })]);
    const [row] = await db.select().from(payouts).where(eq(payouts.orderId, order.orderId));
    expect(row).toMatchObject({ status: "paid", failureReason: null });
  });

  it("reverses a paid-out line's part when it is refunded afterwards", async () => {
    const order = await paidOrderOfReadyFarm();
    await confirm(order.orderId, order.farmer.id);
    // The customer received the items; the farmer refunds one line later.
    const line = order.lines[0]!;
    await updateOrderStatus(db, {
      merchantId: order.farmer.id,
      orderItemId: line.id,
      status: "refunded",
      stripe,
    });
    const [transfer] = fake.list("transfer").filter((t) => t.transfer_group === order.orderNo);
    expect(transfer).toMatchObject({ amount_reversed: line.payoutCents });
    const overview = await getPayoutsOverview(db, order.farmer.id);
    expect(overview.ledger[0]?.netCents).toBe(order.lines[1]!.payoutCents);
  });
});

describe("card checkout and farms that cannot be paid", () => {
  it("leaves out the lines of a farm without a ready payout account, naming them", async () => {
    const shop = await cardShop(db);
    await db.update(members).set({ payoutAcctSet: false }).where(eq(members.id, shop.farmer.id));
    const refused = await failure(
      startCardCheckout(db, stripe, {
        customerId: shop.customer.id,
        delivery: shop.delivery,
        items: [{ pKey: shop.products[0]!.pKey, qty: 2 }],
      }),
    );
    expect(refused.message).toContain("cannot be paid by card yet");
  });
});
