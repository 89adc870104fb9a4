import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET = "admin-tools-test-secret-admin-tools-test-secret";
  process.env.APP_URL = "http://localhost:3000";
});

import { verifyPassword } from "@/server/auth/password";
import type { Db } from "@/server/db/client";
import {
  adminActions,
  emailOutbox,
  members,
  orderItems,
  passwordResetTokens,
} from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { handleStripeEvent, verifyStripeEvent } from "@/server/money/handle-stripe-event";
import { completeCardReturn } from "@/server/checkout/complete-card-return";
import { startCardCheckout } from "@/server/checkout/start-card-checkout";
import { startPayoutOnboarding } from "@/server/payouts/onboarding";
import { CARDS, cardShop, intentIdOf, payAsBrowser } from "@/tests/card-checkout";
import {
  createAdmin,
  createCustomer,
  createMerchant,
  createOrder,
  createProduct,
  type Member,
} from "@/server/db/seed/factories";
import type { StripeFake } from "@/tests/stripe-fake";
import { setupStripeTestDb } from "@/tests/stripe-test-db";
import {
  CARD_LINE_NEEDS_STRIPE_MESSAGE,
  alreadyCancelledLineMessage,
  handedOverLineMessage,
  cancelOrderLine,
  cancelledAndRefundedLineMessage,
} from "./cancel-order-line";
import { findMembersByKeyword } from "./find-members-by-keyword";
import { findOrdersByKeyword } from "./find-orders-by-keyword";
import { listAdminActions } from "./list-admin-actions";
import { NOTHING_TO_PAY_MESSAGES, payMerchantForLine } from "./pay-merchant-for-line";
import { ADMIN_PASSWORD_REFUSED_MESSAGE, updateMemberPassword } from "./update-member-password";

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

const auditOf = (target: string) =>
  db.select().from(adminActions).where(eq(adminActions.target, target)).orderBy(adminActions.id);

/** A paid card order of a farm whose Stripe account is ready (so it can be paid out). */
async function paidCardOrder() {
  const shop = await cardShop(db);
  await db.update(members).set({ payoutAcctSet: false }).where(eq(members.id, shop.farmer.id));
  await startPayoutOnboarding(db, stripe, { memberId: shop.farmer.id, appUrl: "http://x" });
  const [farm] = await db.select().from(members).where(eq(members.id, shop.farmer.id));
  const accountId = farm!.stripeAccountId!;
  fake.completeOnboarding(accountId);
  const event = fake.events
    .filter((e) => e.type === "account.updated" && e.account === accountId)
    .at(-1)!;
  const { payload, header } = fake.signEvent(event, { connect: true });
  await handleStripeEvent(
    db,
    stripe,
    verifyStripeEvent(stripe, { payload, signature: header, secret: fake.connectWebhookSecret }),
  );
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
  return { ...shop, accountId, orderNo: checkout.orderNo, lines };
}

describe("findMembersByKeyword", () => {
  it("finds members by a part of their username, email, first or last name, newest first", async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const byName = await createCustomer(db, { firstName: `Ann${tag}` });
    const byEmail = await createMerchant(db, { email: `box.${tag}@example.com` });
    const byUsername = await createCustomer(db, { username: `u_${tag}` });
    const byLastName = await createCustomer(db, { lastName: `Lee${tag}` });
    await createCustomer(db);
    const users = await findMembersByKeyword(db, { keyword: tag.toUpperCase() });
    expect(users.map((u) => u.userId)).toEqual([
      byLastName.id,
      byUsername.id,
      byEmail.id,
      byName.id,
    ]);
    expect(users[2]).toEqual({
      userId: byEmail.id,
      firstName: byEmail.firstName,
      lastName: byEmail.lastName,
      email: byEmail.email,
      username: byEmail.username,
      memberType: "merchant",
      secondFactor: false,
    });
  });

  it("matches a keyword under three characters only as a whole username or member number", async () => {
    const short = await createCustomer(db, { username: "qz" });
    expect((await findMembersByKeyword(db, { keyword: "qz" })).map((u) => u.userId)).toEqual([
      short.id,
    ]);
    expect((await findMembersByKeyword(db, { keyword: "q" })).length).toBe(0);
    expect(await findMembersByKeyword(db, { keyword: "" })).toEqual([]);
  });
});

describe("updateMemberPassword", () => {
  it("sets the password, ends every session, spends reset links, mails the member and records who did it", async () => {
    const member = await createCustomer(db);
    await db.insert(passwordResetTokens).values({
      memberId: member.id,
      tokenHash: `hash-${member.id}`,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    await updateMemberPassword(db, {
      adminId: admin.id,
      userId: member.id,
      password: "New-Orchard-Pass-1!",
    });
    const [after] = await db.select().from(members).where(eq(members.id, member.id));
    expect(await verifyPassword(after!.passwordHash, "New-Orchard-Pass-1!")).toBe(true);
    expect(after!.sessionVersion).toBe(member.sessionVersion + 1);
    const [token] = await db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.memberId, member.id));
    expect(token!.usedAt).not.toBeNull();
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.to, member.email));
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining("password was changed")]);
    const [audit] = await auditOf(`member:${member.id}`);
    expect(audit).toMatchObject({ adminId: admin.id, action: "password_reset" });
    expect(JSON.stringify(audit)).not.toContain("New-Orchard-Pass-1!");
  });

  it("refuses an unknown member (404) and another admin's account (403), changing nothing", async () => {
    expect(
      (
        await failure(
          updateMemberPassword(db, {
            adminId: admin.id,
            userId: 999_999,
            password: "New-Orchard-Pass-1!",
          }),
        )
      ).status,
    ).toBe(404);
    const other = await createAdmin(db);
    const refused = await failure(
      updateMemberPassword(db, {
        adminId: admin.id,
        userId: other.id,
        password: "New-Orchard-Pass-1!",
      }),
    );
    expect([refused.status, refused.message]).toEqual([403, ADMIN_PASSWORD_REFUSED_MESSAGE]);
    const [same] = await db.select().from(members).where(eq(members.id, other.id));
    expect(same!.sessionVersion).toBe(other.sessionVersion);
    expect(await auditOf(`member:${other.id}`)).toEqual([]);
  });
});

describe("findOrdersByKeyword", () => {
  it("finds lines by order number, customer name or email, farm username or email, and product name", async () => {
    const tag = `kw${Date.now().toString(36)}`;
    const farm = await createMerchant(db, { username: `farm_${tag}` });
    const customer = await createCustomer(db, { email: `buyer.${tag}@example.com` });
    const product = await createProduct(db, { merchantId: farm.id, name: `Plums ${tag}` });
    const other = await createProduct(db, { merchantId: (await createMerchant(db)).id });
    const order = await createOrder(db, {
      customerId: customer.id,
      items: [{ productId: product.id, qty: 3 }, { productId: other.id }],
    });
    const ids = async (keyword: string) =>
      (await findOrdersByKeyword(db, { keyword })).map((o) => o.id).sort((a, b) => a - b);
    const both = order.items.map((i) => i.id).sort((a, b) => a - b);
    const mine = order.items.filter((i) => i.productId === product.id).map((i) => i.id);
    expect(await ids(order.orderNo)).toEqual(both);
    expect(await ids(`buyer.${tag}`)).toEqual(both);
    expect(await ids(`farm_${tag}`)).toEqual(mine);
    expect(await ids(`Plums ${tag}`)).toEqual(mine);
    expect(await ids(`${tag}-nothing`)).toEqual([]);

    const [line] = await findOrdersByKeyword(db, { keyword: `Plums ${tag}` });
    expect(line).toEqual({
      id: mine[0],
      orderId: order.id,
      orderNo: order.orderNo,
      customerName: `${customer.firstName} ${customer.lastName}`,
      customerEmail: customer.email,
      merchantName: `${farm.firstName} ${farm.lastName}`,
      merchantUsername: farm.username,
      merchantEmail: farm.email,
      productName: `Plums ${tag}`,
      unitPrice: (product.unitPriceCents / 100).toFixed(2),
      currency: product.currency,
      qty: 3,
      quantity: 3,
      createdAt: order.createdAt.toISOString(),
      active: 1,
      status: "order_created",
      paymentType: "in_person",
      merchantPayment: "in_person",
      cancel: "cancel",
      confirmedAt: null,
      productUrl: `/products/${product.id}`,
    });
  });

  it("lists the newest lines for an empty keyword, at most 50", async () => {
    const newest = await findOrdersByKeyword(db, { keyword: "" });
    expect(newest.length).toBeGreaterThan(0);
    expect(newest.length).toBeLessThanOrEqual(50);
    const times = newest.map((o) => o.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe("cancelOrderLine", () => {
  it("cancels an in-person line once: active 0, cancelled, mails, one audit row", async () => {
    const farm = await createMerchant(db);
    const customer = await createCustomer(db);
    const product = await createProduct(db, { merchantId: farm.id });
    const order = await createOrder(db, {
      customerId: customer.id,
      items: [{ productId: product.id }],
    });
    const id = order.items[0]!.id;
    const results = await Promise.allSettled([
      cancelOrderLine(db, null, { adminId: admin.id, id }),
      cancelOrderLine(db, null, { adminId: admin.id, id }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect((refused.reason as AppError).message).toBe(alreadyCancelledLineMessage(order.orderNo));
    const [line] = await db.select().from(orderItems).where(eq(orderItems.id, id));
    expect(line).toMatchObject({ active: false, status: "cancelled", qualifiedToCancel: false });
    const audit = await auditOf(`order_item:${id}`);
    expect(audit).toHaveLength(1);
    // The Audit Trail names the line (issue 42, item 7).
    const { entries } = await listAdminActions(db);
    expect(entries.find((entry) => entry.target === `order_item:${id}`)).toMatchObject({
      targetLabel: `Order ${order.orderNo} · ${product.name}`,
      targetHref: "/orderManager",
    });
    expect(audit[0]).toMatchObject({
      action: "order_cancel",
      before: { active: true, status: "order_created" },
      after: { active: false, status: "cancelled" },
    });
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.to, customer.email));
    expect(mails.map((m) => m.subject)).toEqual([`Your order ${order.orderNo} is cancelled`]);
    const [farmMail] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, farm.email));
    expect(farmMail!.subject).toBe(`Order ${order.orderNo} was cancelled by Our operators`);
    const lines = await findOrdersByKeyword(db, { keyword: order.orderNo });
    expect(lines[0]).toMatchObject({ active: 0, merchantPayment: "in_person" });
  });

  // Issue 42, item 6: a line handed over and paid in person has nothing left to cancel.
  it("refuses a line handed over and paid in person, and the manager shows it cannot be cancelled", async () => {
    const farm = await createMerchant(db);
    const customer = await createCustomer(db);
    const product = await createProduct(db, { merchantId: farm.id });
    const order = await createOrder(db, {
      customerId: customer.id,
      items: [{ productId: product.id, status: "customer_received" }],
    });
    const id = order.items[0]!.id;
    expect((await findOrdersByKeyword(db, { keyword: order.orderNo }))[0]).toMatchObject({
      cancel: "handed_over",
    });
    const refused = (await cancelOrderLine(db, null, { adminId: admin.id, id }).catch(
      (error: unknown) => error,
    )) as AppError;
    expect([refused.status, refused.message]).toEqual([409, handedOverLineMessage(order.orderNo)]);
    const [line] = await db.select().from(orderItems).where(eq(orderItems.id, id));
    expect(line).toMatchObject({ active: true, status: "customer_received" });
    expect(await auditOf(`order_item:${id}`)).toEqual([]);

    // Confirmed by the QR code but still shown as ready: the same.
    const scanned = await createOrder(db, {
      customerId: customer.id,
      items: [{ productId: product.id }],
    });
    await db
      .update(orderItems)
      .set({ confirmedAt: new Date() })
      .where(eq(orderItems.id, scanned.items[0]!.id));
    await expect(
      cancelOrderLine(db, null, { adminId: admin.id, id: scanned.items[0]!.id }),
    ).rejects.toThrow(handedOverLineMessage(scanned.orderNo));
  });

  it("refunds a paid card line exactly once, however often it is pressed", async () => {
    const shop = await paidCardOrder();
    const line = shop.lines[0]!;
    const outcomes = await Promise.allSettled([
      cancelOrderLine(db, stripe, { adminId: admin.id, id: line.id }),
      cancelOrderLine(db, stripe, { adminId: admin.id, id: line.id }),
    ]);
    const done = outcomes.find((o) => o.status === "fulfilled") as PromiseFulfilledResult<{
      message: string;
    }>;
    expect(done.value.message).toBe(cancelledAndRefundedLineMessage(shop.orderNo, "$9.00"));
    const refunds = fake
      .list("refund")
      .filter((r) => (r.metadata as Record<string, string>).order_item_id === String(line.id));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amount).toBe(900);
    const [after] = await db.select().from(orderItems).where(eq(orderItems.id, line.id));
    expect(after).toMatchObject({ active: false, status: "cancelled" });
    expect(after!.refundId).toBe(refunds[0]!.id);
    // the other line is untouched
    const [other] = await db.select().from(orderItems).where(eq(orderItems.id, shop.lines[1]!.id));
    expect(other).toMatchObject({ active: true, refundId: null });
  });

  it("refuses a paid card line when Stripe is not configured, changing nothing", async () => {
    const shop = await paidCardOrder();
    const refused = await failure(
      cancelOrderLine(db, null, { adminId: admin.id, id: shop.lines[0]!.id }),
    );
    expect([refused.status, refused.message]).toEqual([409, CARD_LINE_NEEDS_STRIPE_MESSAGE]);
    const [line] = await db.select().from(orderItems).where(eq(orderItems.id, shop.lines[0]!.id));
    expect(line!.active).toBe(true);
  });
});

describe("payMerchantForLine", () => {
  it("pays the farm once for its lines of the order, even for two clicks at once, and records it", async () => {
    const shop = await paidCardOrder();
    const [first] = await findOrdersByKeyword(db, { keyword: shop.orderNo });
    expect(first!.merchantPayment).toBe("payable");
    const results = await Promise.allSettled(
      shop.lines.map((line) => payMerchantForLine(db, stripe, { adminId: admin.id, id: line.id })),
    );
    expect(results.some((r) => r.status === "fulfilled")).toBe(true);
    const transfers = fake.list("transfer").filter((t) => t.transfer_group === shop.orderNo);
    expect(transfers).toHaveLength(1);
    const lines = await findOrdersByKeyword(db, { keyword: shop.orderNo });
    expect(lines.map((l) => l.merchantPayment)).toEqual(["paid", "paid"]);
    const again = await failure(
      payMerchantForLine(db, stripe, { adminId: admin.id, id: shop.lines[0]!.id }),
    );
    expect([again.status, again.message]).toEqual([409, NOTHING_TO_PAY_MESSAGES.paid]);
    const audit = await db
      .select()
      .from(adminActions)
      .where(and(eq(adminActions.action, "pay_merchant"), eq(adminActions.adminId, admin.id)));
    expect(audit.some((a) => (a.after as { status?: string }).status === "paid")).toBe(true);
  });

  it("has nothing to pay for an in-person line or a cancelled card line", async () => {
    const farm = await createMerchant(db);
    const product = await createProduct(db, { merchantId: farm.id });
    const order = await createOrder(db, {
      customerId: (await createCustomer(db)).id,
      items: [{ productId: product.id }],
    });
    const inPerson = await failure(
      payMerchantForLine(db, stripe, { adminId: admin.id, id: order.items[0]!.id }),
    );
    expect(inPerson.message).toBe(NOTHING_TO_PAY_MESSAGES.in_person);
    const shop = await paidCardOrder();
    await cancelOrderLine(db, stripe, { adminId: admin.id, id: shop.lines[0]!.id });
    const closed = await failure(
      payMerchantForLine(db, stripe, { adminId: admin.id, id: shop.lines[0]!.id }),
    );
    expect(closed.message).toBe(NOTHING_TO_PAY_MESSAGES.closed);
    expect(
      (await failure(payMerchantForLine(db, stripe, { adminId: admin.id, id: 999_999 }))).status,
    ).toBe(404);
  });
});

describe("listAdminActions", () => {
  it("reads the trail newest first, 20 at a time, with who did it", async () => {
    const member = await createCustomer(db);
    for (let i = 0; i < 21; i++)
      await updateMemberPassword(db, {
        adminId: admin.id,
        userId: member.id,
        password: "New-Orchard-Pass-1!",
      });
    const first = await listAdminActions(db);
    expect(first.entries.length).toBe(20);
    expect(first.entries[0]).toMatchObject({
      adminUsername: admin.username,
      action: "password_reset",
      target: `member:${member.id}`,
    });
    const ids = first.entries.map((e) => e.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const all: number[] = [...ids];
    let before = first.nextBefore;
    while (before) {
      const page = await listAdminActions(db, { before });
      all.push(...page.entries.map((e) => e.id));
      before = page.nextBefore;
    }
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe((await db.select().from(adminActions)).length);
  });
});
