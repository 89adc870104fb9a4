import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { MSG } from "@/lib/validation/messages";
import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import type { Db } from "@/server/db/client";
import type { MoneyIssueKind } from "@/server/db/schema";
import type { RouteHandler, RouteParams } from "@/server/http/route";
import { raiseMoneyIssue } from "@/server/stripe/money-issues";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import {
  createAdmin,
  createCustomer,
  createMerchant,
  createOrder,
  createProduct,
  type Member,
} from "@/server/db/seed/factories";
import { GET as audit } from "../admin/audit/route";
import { POST as payForIssue } from "../admin/money/[id]/pay/route";
import { POST as resolveIssue } from "../admin/money/[id]/resolve/route";
import { POST as retryIssue } from "../admin/money/[id]/retry/route";
import { GET as moneyIssues } from "../admin/money/route";
import { POST as cancelOrderLine } from "./cancelOrderLine/route";
import { POST as findMembers } from "./findMembersByKeyword/route";
import { POST as findOrders } from "./findOrdersByKeyword/route";
import { POST as payMerchant } from "./payMerchant/route";
import { POST as updatePassword } from "./updatePassword/route";

const SITE = "http://localhost:3000";
let db: Db;
let admin: Member;
let customer: Member;
let farm: Member;
let order: Awaited<ReturnType<typeof createOrder>>;
/** An open money issue that no refused call may touch. */
let issueId: number;

beforeAll(async () => {
  db = await createRouteTestDb();
  [admin, customer, farm] = [
    await createAdmin(db),
    await createCustomer(db),
    await createMerchant(db),
  ];
  const product = await createProduct(db, { merchantId: farm.id });
  order = await createOrder(db, { customerId: customer.id, items: [{ productId: product.id }] });
  issueId = await raiseIssue("amount_mismatch:pi_routes");
});
afterAll(() => closeTestDb(db));

type CallOptions = { method?: string; path?: string; body?: unknown };

async function call<P extends RouteParams>(
  handler: RouteHandler<P>,
  member: Member | null,
  { method = "POST", path = "/api/x", body, params }: CallOptions & { params?: P },
) {
  const headers = new Headers({ origin: SITE });
  if (body !== undefined) headers.set("content-type", "application/json");
  if (member)
    headers.set(
      "cookie",
      `_token=${await encodeSessionToken({
        memberId: member.id,
        sessionVersion: (await db.query.members.findFirst({
          where: (m, { eq }) => eq(m.id, member.id),
        }))!.sessionVersion,
        signedInAt: nowSeconds(),
        // Admins sign in with a second factor; a fresh one lets the sensitive calls through.
        secondFactorAt: nowSeconds(),
      })}`,
    );
  const response = await handler(
    new Request(new URL(path, SITE), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    { params: Promise.resolve(params ?? ({} as P)) },
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** An issue the Money page lists (what a webhook raises for a payment of another amount). */
async function raiseIssue(key: string, kind: MoneyIssueKind = "amount_mismatch"): Promise<number> {
  await raiseMoneyIssue(db, {
    kind,
    key,
    merchantId: kind === "payout_overdue" ? farm.id : null,
    detail: "Stripe took $5.00 for an order of $4.50. The order was not placed.",
    orderId: order.id,
    customerId: customer.id,
    amountCents: 500,
    currency: "CAD",
    stripeIds: { payment_intent: key.split(":")[1]! },
  });
  const row = await db.query.moneyIssues.findFirst({ where: (t, { eq }) => eq(t.key, key) });
  return row!.id;
}
const issueStatus = async (id: number) =>
  (await db.query.moneyIssues.findFirst({ where: (t, { eq }) => eq(t.id, id) }))!.status;

const lineActive = async () =>
  (await db.query.orderItems.findFirst({ where: (t, { eq }) => eq(t.id, order.items[0]!.id) }))!
    .active;

describe("the admin calls refuse everyone but an admin, changing nothing", () => {
  // Every handler takes the `{id}` of the money calls; the others ignore it.
  const calls: [string, RouteHandler<{ id: string }>, CallOptions][] = [
    ["findMembersByKeyword", findMembers, { body: { keyword: "a" } }],
    ["updatePassword", updatePassword, { body: { userId: 1, password: "New-Orchard-Pass-1!" } }],
    ["findOrdersByKeyword", findOrders, { body: { keyword: "a" } }],
    ["cancelOrderLine", cancelOrderLine, { body: { id: 1 } }],
    ["payMerchant", payMerchant, { body: { id: 1 } }],
    ["audit", audit, { method: "GET" }],
    ["money issues", moneyIssues, { method: "GET" }],
    ["retry a money issue", retryIssue, {}],
    ["pay the farm of a money issue", payForIssue, {}],
    ["resolve a money issue", resolveIssue, { body: { note: "Settled by hand." } }],
  ];
  const who: [string, () => Member | null, number][] = [
    ["a visitor", () => null, 401],
    ["a customer", () => customer, 403],
    ["a farm", () => farm, 403],
  ];
  for (const [name, handler, request] of calls)
    for (const [label, member, status] of who)
      it(`${name}: ${label} gets ${status}`, async () => {
        const before = await db.query.members.findFirst({
          where: (m, { eq }) => eq(m.id, customer.id),
        });
        const answer = await call(handler, member(), {
          ...request,
          body:
            name === "updatePassword"
              ? { userId: customer.id, password: "New-Orchard-Pass-1!" }
              : name === "cancelOrderLine"
                ? { id: order.items[0]!.id }
                : request.body,
          params: { id: String(issueId) },
        });
        expect(answer.status).toBe(status);
        expect(answer.body).not.toHaveProperty("users");
        expect(answer.body).not.toHaveProperty("orders");
        const after = await db.query.members.findFirst({
          where: (m, { eq }) => eq(m.id, customer.id),
        });
        expect(after!.passwordHash).toBe(before!.passwordHash);
        expect(await lineActive()).toBe(true);
        expect(await issueStatus(issueId)).toBe("open");
        expect(await db.query.adminActions.findMany()).toEqual([]);
      });
});

describe("POST /api/scripts/findMembersByKeyword and findOrdersByKeyword", () => {
  it("answers { users } and { orders } to an admin", async () => {
    const users = await call(findMembers, admin, { body: { keyword: customer.username } });
    expect(users.status).toBe(200);
    expect(users.body.users).toEqual([
      {
        userId: customer.id,
        firstName: customer.firstName,
        lastName: customer.lastName,
        email: customer.email,
        username: customer.username,
        memberType: "customer",
        secondFactor: false,
      },
    ]);
    const orders = await call(findOrders, admin, { body: { keyword: order.orderNo } });
    expect(orders.status).toBe(200);
    expect(orders.body.orders).toEqual([
      expect.objectContaining({ id: order.items[0]!.id, orderNo: order.orderNo, active: 1 }),
    ]);
  });

  it("blanks an SQL-looking keyword (the spec's order-search rule): members finds nobody", async () => {
    const answer = await call(findMembers, admin, { body: { keyword: "' OR 1=1 --" } });
    expect(answer).toEqual({ status: 200, body: { users: [] } });
  });

  it.each([
    ["findMembersByKeyword", findMembers],
    ["findOrdersByKeyword", findOrders],
  ] as const)("%s refuses a keyword that is not text, as the document does", async (_, handler) => {
    for (const [body, message] of [
      [{ keyword: 42 }, MSG.invalidValue],
      [{}, MSG.required],
    ] as const) {
      const answer = await call(handler, admin, { body });
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({ errors: { keyword: [message] } });
    }
  });
});

describe("POST /api/scripts/updatePassword", () => {
  it.each([
    ["a weak password", { userId: 1, password: "short" }, "password", MSG.passwordRule],
    ["no password", { userId: 1 }, "password", MSG.required],
    ["no member id", { password: "New-Orchard-Pass-1!" }, "userId", MSG.invalidValue],
  ])("refuses %s with the registration rule's message", async (_label, body, field, message) => {
    const answer = await call(updatePassword, admin, { body });
    expect(answer.status).toBe(422);
    expect((answer.body.errors as Record<string, string[]>)[field]).toEqual([message]);
  });

  it("sets the password of a member and says so", async () => {
    const member = await createCustomer(db);
    const answer = await call(updatePassword, admin, {
      body: { userId: member.id, password: "New-Orchard-Pass-1!" },
    });
    expect(answer).toEqual({ status: 200, body: { message: "The password has been updated." } });
  });
});

describe("POST /api/scripts/cancelOrderLine and payMerchant", () => {
  it("cancels a line once, then says it is already cancelled", async () => {
    const product = await createProduct(db, { merchantId: farm.id });
    const mine = await createOrder(db, {
      customerId: customer.id,
      items: [{ productId: product.id }],
    });
    const id = mine.items[0]!.id;
    expect(await call(cancelOrderLine, admin, { body: { id } })).toEqual({
      status: 200,
      body: { message: `The line of order ${mine.orderNo} has been cancelled.` },
    });
    const again = await call(cancelOrderLine, admin, { body: { id } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      `This line of order ${mine.orderNo} has already been cancelled.`,
    );
    expect((await call(cancelOrderLine, admin, { body: { id: 999_999 } })).status).toBe(404);
  });

  it("says plainly that card payments are not configured when an admin pays a farm without Stripe", async () => {
    const answer = await call(payMerchant, admin, { body: { id: order.items[0]!.id } });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toMatch(/not configured/);
  });
});

describe("the Money page's calls (no Stripe keys here)", () => {
  const at = (id: number | string) => ({ params: { id: String(id) } });

  it("lists the open issues with the order, the customer and the amount, and a total", async () => {
    const answer = await call(moneyIssues, admin, { method: "GET", path: "/api/admin/money" });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ count: 1, nextBefore: null, lastCheck: null });
    expect(answer.body.issues).toEqual([
      expect.objectContaining({
        id: issueId,
        kind: "amount_mismatch",
        order: { id: order.id, orderNo: order.orderNo },
        customer: { name: `${customer.firstName} ${customer.lastName}`, email: customer.email },
        amount: "$5.00",
        actions: [{ action: "resolve", disabledReason: null }],
      }),
    ]);
    const bad = await call(moneyIssues, admin, {
      method: "GET",
      path: "/api/admin/money?before=2147483648",
    });
    expect(bad.status).toBe(422);
  });

  it("refuses a resolve without a note, or with a note over 500 characters", async () => {
    for (const body of [{}, { note: "   " }, { note: "x".repeat(501) }]) {
      const answer = await call(resolveIssue, admin, { body, ...at(issueId) });
      expect(answer.status).toBe(422);
      expect(Object.keys(answer.body.errors as object)).toEqual(["note"]);
    }
    expect(await issueStatus(issueId)).toBe("open");
  });

  it("resolves with a trimmed note once; the second answer is 409, an unknown id 404", async () => {
    const id = await raiseIssue("amount_mismatch:pi_resolve");
    const answer = await call(resolveIssue, admin, {
      body: { note: "  Refunded the $0.50 by hand in Stripe.  " },
      ...at(id),
    });
    expect(answer).toEqual({ status: 200, body: { message: "The issue is marked resolved." } });
    const row = await db.query.moneyIssues.findFirst({ where: (t, { eq }) => eq(t.id, id) });
    expect(row).toMatchObject({
      status: "resolved",
      resolution: "Refunded the $0.50 by hand in Stripe.",
    });
    const again = await call(resolveIssue, admin, { body: { note: "Again." }, ...at(id) });
    expect(again).toEqual({
      status: 409,
      body: {
        message: "This issue has already been resolved: Refunded the $0.50 by hand in Stripe.",
        requestId: expect.any(String),
      },
    });
    const unknown = await call(resolveIssue, admin, {
      body: { note: "No." },
      ...at(2_147_483_647),
    });
    expect(unknown.status).toBe(404);
    for (const bad of ["2147483648", "0", "abc"])
      expect((await call(resolveIssue, admin, { body: { note: "No." }, ...at(bad) })).status).toBe(
        422,
      );
  });

  it("says a retry or a payment needs card payments, after saying what cannot be retried or paid", async () => {
    const notRetried = await call(retryIssue, admin, at(issueId));
    expect(notRetried.status).toBe(409);
    expect(notRetried.body.message).toMatch(/^Only a failed refund/);
    const notPaid = await call(payForIssue, admin, at(issueId));
    expect(notPaid.status).toBe(409);
    expect(notPaid.body.message).toMatch(/^Only an overdue payout/);
    const id = await raiseIssue("payout_overdue:pi_kind", "payout_overdue");
    const noStripe = await call(payForIssue, admin, at(id));
    expect(noStripe).toEqual({
      status: 409,
      body: {
        message: "Card payments are not configured on this marketplace yet.",
        requestId: expect.any(String),
      },
    });
    expect((await call(retryIssue, admin, at(2_147_483_647))).status).toBe(404);
  });
});

describe("GET /api/admin/audit", () => {
  it("reads the trail with who did what", async () => {
    const answer = await call(audit, admin, { method: "GET", path: "/api/admin/audit" });
    expect(answer.status).toBe(200);
    const entries = answer.body.entries as { action: string; adminUsername: string }[];
    expect(entries.map((e) => e.action)).toContain("order_cancel");
    expect(entries.every((e) => e.adminUsername === admin.username)).toBe(true);
    expect(answer.body).toHaveProperty("nextBefore", null);
  });
});
