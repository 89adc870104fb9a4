import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const testState = vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET = "viewer-test-secret-viewer-test-secret-0123456";
  return { db: undefined as unknown, statements: 0 };
});
// The route waits for the request (`connection()`), which needs Next's request scope.
vi.mock(import("next/server"), async (importOriginal) => ({
  ...(await importOriginal()),
  connection: async () => {},
}));
vi.mock(import("@/server/db/client"), async (importOriginal) => ({
  ...(await importOriginal()),
  getDb: async () => testState.db as Db,
}));

import { GET as getViewer } from "@/app/api/viewer/route";
import { loadViewerAnswer } from "@/server/viewer/load-viewer-answer";
import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import type { Db } from "@/server/db/client";
import { members, products } from "@/server/db/schema";
import { raiseMoneyIssue } from "@/server/stripe/money-issues";
import { closeTestDb, createTestDb } from "@/tests/db";
import {
  createCartItem,
  createConversation,
  createCustomer,
  createDreamTrackerItem,
  createLocalLocation,
  createMerchant,
  createMessage,
  createProduct,
  createReview,
  createAdmin,
} from "@/server/db/seed/factories";

let db: Db;

beforeAll(async () => {
  db = await createTestDb();
  // Counts what reaches the database: the answer must be one statement for a member.
  const execute = db.execute.bind(db);
  const counting = new Proxy(db, {
    get(target, key, receiver) {
      if (key === "execute")
        return (...args: Parameters<typeof execute>) => (testState.statements++, execute(...args));
      if (key === "select") {
        return (...args: unknown[]) => {
          testState.statements++;
          return (target.select as (...a: unknown[]) => unknown)(...args);
        };
      }
      return Reflect.get(target, key, receiver);
    },
  });
  testState.db = counting;
});

afterAll(() => closeTestDb(db));

beforeEach(() => {
  testState.statements = 0;
});

async function cookieFor(memberId: number): Promise<string> {
  const [row] = await db
    .select({ sv: members.sessionVersion })
    .from(members)
    .where(eq(members.id, memberId));
  const token = await encodeSessionToken({
    memberId,
    sessionVersion: row!.sv,
    signedInAt: nowSeconds(),
    secondFactorAt: nowSeconds(),
  });
  return `_token=${encodeURIComponent(token)}`;
}

const request = (cookie?: string) =>
  new Request("http://localhost/api/viewer", cookie ? { headers: { cookie } } : {});

describe("loadViewerAnswer (GET /api/viewer)", () => {
  it("answers a visitor from cookies alone, with the My Local dialog opening by itself", async () => {
    const answer = await loadViewerAnswer(request(), 5);
    expect(answer).toMatchObject({
      viewer: null,
      cartCounts: { cart: 0, dreamtracker: 0 },
      unreadMessages: 0,
      myLocal: { initial: null, defaultCountry: "CA", autoOpen: true },
      myReview: null,
    });
    expect(testState.statements).toBe(0);
    const dismissed = await loadViewerAnswer(request("loc_dialog_dismissed=1"), null);
    expect(dismissed.myLocal?.autoOpen).toBe(false);
    expect(dismissed).not.toHaveProperty("myReview");
  });

  it("reads a customer's session, badges, My Local and own review in one statement", async () => {
    const farm = await createMerchant(db);
    const [a, b, c] = [
      await createProduct(db, { merchantId: farm.id }),
      await createProduct(db, { merchantId: farm.id }),
      await createProduct(db, { merchantId: farm.id }),
    ];
    const customer = await createCustomer(db, { firstName: "Ada" });
    await createCartItem(db, { memberId: customer.id, productId: a.id });
    await createCartItem(db, { memberId: customer.id, productId: b.id });
    await createDreamTrackerItem(db, { memberId: customer.id, productId: c.id });
    await createLocalLocation(db, { memberId: customer.id, radiusKm: 25 });
    const review = await createReview(db, {
      productId: a.id,
      memberId: customer.id,
      score: 4,
      content: "Crisp.",
    });
    const cookie = await cookieFor(customer.id);
    testState.statements = 0;

    const answer = await loadViewerAnswer(request(cookie), a.id);
    expect(testState.statements).toBe(1);
    expect(answer.viewer).toEqual({
      role: "customer",
      username: customer.username,
      firstName: "Ada",
    });
    expect(answer.cartCounts).toEqual({ cart: 2, dreamtracker: 1 });
    expect(answer.myLocal).toMatchObject({
      autoOpen: false,
      initial: { city: "Toronto", radius: 25, latitude: 43.6525 },
    });
    expect(answer.myReview).toMatchObject({
      id: review.id,
      score: 4,
      review: "Crisp.",
      author: true,
      username: customer.username,
    });

    const other = await loadViewerAnswer(request(cookie), b.id);
    expect(other.myReview).toBeNull();
  });

  it("tells a product's own farm, and no one else, when the product last changed", async () => {
    const farm = await createMerchant(db);
    const otherFarm = await createMerchant(db);
    const customer = await createCustomer(db);
    const product = await createProduct(db, { merchantId: farm.id });
    // Made by the database (microseconds), then edited through Drizzle (milliseconds).
    const [made] = await db
      .select({ updatedAt: products.updatedAt })
      .from(products)
      .where(eq(products.id, product.id));
    const farmCookie = await cookieFor(farm.id);
    testState.statements = 0;

    const own = await loadViewerAnswer(request(farmCookie), product.id);
    expect(testState.statements).toBe(1);
    // As the page's copy carries it (getProductDetail: updatedAt.toISOString()).
    expect(own.ownProductVersion).toBe(made?.updatedAt.toISOString());

    const edited = new Date(Date.now() + 60_000);
    await db.update(products).set({ updatedAt: edited }).where(eq(products.id, product.id));
    expect((await loadViewerAnswer(request(farmCookie), product.id)).ownProductVersion).toBe(
      edited.toISOString(),
    );

    for (const member of [customer, otherFarm]) {
      const answer = await loadViewerAnswer(request(await cookieFor(member.id)), product.id);
      expect(answer.ownProductVersion).toBeNull();
    }
    expect((await loadViewerAnswer(request(), product.id)).ownProductVersion).toBeNull();
    expect(await loadViewerAnswer(request(farmCookie), null)).not.toHaveProperty(
      "ownProductVersion",
    );
  });

  it("counts the member's conversations holding unread messages in the same one statement", async () => {
    const farm = await createMerchant(db);
    const customer = await createCustomer(db);
    const mine = await createConversation(db, { merchantId: farm.id, customerId: customer.id });
    await createMessage(db, { conversationId: mine.id, senderMemberId: customer.id });
    await createMessage(db, { conversationId: mine.id, senderMemberId: customer.id });
    const visitor = await createConversation(db, { merchantId: farm.id });
    await createMessage(db, { conversationId: visitor.id, senderMemberId: null });
    const farmCookie = await cookieFor(farm.id);
    testState.statements = 0;
    const answer = await loadViewerAnswer(request(farmCookie), null);
    expect(testState.statements).toBe(1);
    expect(answer.unreadMessages).toBe(2);
    expect(
      (await loadViewerAnswer(request(await cookieFor(customer.id)), null)).unreadMessages,
    ).toBe(0);
  });

  // Issue 39: the admin menu's Money entry counts the open money issues; nobody else sees it.
  it("counts the open money issues for an admin only, in the same one statement", async () => {
    const admin = await createAdmin(db);
    const customer = await createCustomer(db);
    await raiseMoneyIssue(db, {
      kind: "dispute_opened",
      key: "viewer-test:1",
      detail: "A dispute.",
    });
    await raiseMoneyIssue(db, { kind: "payout_overdue", key: "viewer-test:2", detail: "Owed." });
    testState.statements = 0;
    const answer = await loadViewerAnswer(request(await cookieFor(admin.id)), null);
    expect(testState.statements).toBe(1);
    expect(answer.menuCounts).toEqual({ "admin-money": 2, "admin-reviews": 0 });
    expect(
      (await loadViewerAnswer(request(await cookieFor(customer.id)), null)).menuCounts,
    ).toBeUndefined();
  });

  it("gives merchants no My Local and treats a stale session as a visitor", async () => {
    const farm = await createMerchant(db);
    const cookie = await cookieFor(farm.id);
    const answer = await loadViewerAnswer(request(cookie), null);
    expect(answer.viewer?.role).toBe("merchant");
    expect(answer.myLocal).toBeNull();

    await db.update(members).set({ sessionVersion: 99 }).where(eq(members.id, farm.id));
    expect((await loadViewerAnswer(request(cookie), null)).viewer).toBeNull();
  });
});

describe("GET /api/viewer", () => {
  const cleared = (response: Response) =>
    response.headers
      .getSetCookie()
      .filter((line) => /Max-Age=0/i.test(line))
      .map((line) => line.slice(0, line.indexOf("=")))
      .sort();

  it("removes the login cookies when the session cannot be initialised (spec part 1 section 4)", async () => {
    const customer = await createCustomer(db);
    const cookie = `${await cookieFor(customer.id)}; authenticated=true; member_type=customer`;
    expect(cleared(await getViewer(request(cookie)))).toEqual([]);

    await db.update(members).set({ sessionVersion: 99 }).where(eq(members.id, customer.id));
    const stale = await getViewer(request(cookie));
    expect(((await stale.json()) as { viewer: unknown }).viewer).toBeNull();
    expect(cleared(stale)).toEqual(["_token", "authenticated", "member_type"]);
  });

  it("sets no cookie for a visitor who never signed in", async () => {
    expect((await getViewer(request())).headers.getSetCookie()).toEqual([]);
  });
});
