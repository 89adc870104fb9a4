import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const testState = vi.hoisted(() => {
  return { revalidated: [] as Array<[string, unknown]> };
});
// Route handlers run outside Next here: record the invalidations instead.
vi.mock("next/cache", () => ({
  revalidateTag: (tag: string, profile: unknown) => void testState.revalidated.push([tag, profile]),
  cacheLife: () => {},
  cacheTag: () => {},
}));

import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import type { Db } from "@/server/db/client";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import {
  createCustomer,
  createMerchant,
  createProduct,
  createReview,
  type Member,
  type Product,
} from "@/server/db/seed/factories";
import { GET } from "../products/[productId]/reviews/route";
import { DELETE } from "./[reviewId]/route";
import { POST } from "./route";

const SITE = "http://localhost:3000";
let db: Db;
let merchant: Member;
let product: Product;

beforeAll(async () => {
  db = await createRouteTestDb();
  merchant = await createMerchant(db);
  product = await createProduct(db, { merchantId: merchant.id });
});
afterAll(() => closeTestDb(db));
beforeEach(() => {
  testState.revalidated = [];
});

const tokenFor = (m: Member) =>
  encodeSessionToken({
    memberId: m.id,
    sessionVersion: m.sessionVersion,
    signedInAt: nowSeconds(),
  });

type Answer = { status: number; body: Record<string, unknown> };

async function request(
  handler: (req: Request, ctx: { params: Promise<never> }) => Promise<Response>,
  {
    method,
    path,
    member,
    body,
    params = {},
    origin = SITE,
  }: {
    method: string;
    path: string;
    member?: Member;
    body?: unknown;
    params?: Record<string, string>;
    origin?: string;
  },
): Promise<Answer> {
  const headers = new Headers({ origin, "content-type": "application/json" });
  if (member) headers.set("cookie", `_token=${await tokenFor(member)}`);
  const req = new Request(new URL(path, SITE), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const response = await handler(req, { params: Promise.resolve(params) as Promise<never> });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const post = (member: Member | undefined, body: unknown, origin?: string) =>
  request(POST, { method: "POST", path: "/api/reviews", member, body, origin });
const del = (member: Member | undefined, reviewId: number | string) =>
  request(DELETE, {
    method: "DELETE",
    path: `/api/reviews/${reviewId}`,
    member,
    params: { reviewId: String(reviewId) },
  });
const list = (member: Member | undefined, productId: number | string, query = "") =>
  request(GET, {
    method: "GET",
    path: `/api/products/${productId}/reviews${query}`,
    member,
    params: { productId: String(productId) },
  });

const reviewsOf = (productId: number) =>
  db.query.reviews.findMany({ where: (r, { eq }) => eq(r.productId, productId) });
const validBody = (productId: number) => ({
  productId,
  score: 4,
  reviewContent: "Sweet and crunchy!",
});

describe("POST /api/reviews", () => {
  it("answers 401 to a visitor, even with the middleware-bypass header, and stores nothing", async () => {
    expect(await post(undefined, validBody(product.id))).toMatchObject({ status: 401 });
    const bypass = new Request(new URL("/api/reviews", SITE), {
      method: "POST",
      headers: {
        "x-middleware-subrequest": "middleware",
        "content-type": "application/json",
        origin: SITE,
      },
      body: JSON.stringify(validBody(product.id)),
    });
    expect((await POST(bypass, { params: Promise.resolve({}) })).status).toBe(401);
    expect(await reviewsOf(product.id)).toHaveLength(0);
  });

  it("refuses a cookie-authenticated write from another site", async () => {
    const customer = await createCustomer(db);
    expect((await post(customer, validBody(product.id), "https://evil.example")).status).toBe(403);
    expect(await reviewsOf(product.id)).toHaveLength(0);
  });

  it.each([
    ["reviewContent", { reviewContent: "" }, "The review content is empty."],
    ["reviewContent", { reviewContent: "   " }, "The review content is empty."],
    ["reviewContent", { reviewContent: "Tasty <script>" }, "The review content is invalid."],
    ["score", { score: 0 }, "Please rate the product"],
    ["score", { score: undefined }, "Please rate the product"],
    ["score", { score: 6 }, "Please rate the product"],
  ])(
    "answers 422 with the message under %s for %j, changing nothing",
    async (field, change, message) => {
      const customer = await createCustomer(db);
      const { status, body } = await post(customer, { ...validBody(product.id), ...change });
      expect(status).toBe(422);
      expect(body.errors).toEqual({ [field]: [message] });
      expect(await reviewsOf(product.id)).toHaveLength(0);
      expect(testState.revalidated).toEqual([]);
    },
  );

  it("adds a review (201), then updates it (200), and expires the pages showing its product and farm each time", async () => {
    const item = await createProduct(db, { merchantId: merchant.id });
    const customer = await createCustomer(db);
    const added = await post(customer, validBody(item.id));
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      message: "Your review has been added",
      review: {
        id: expect.any(Number),
        username: customer.username,
        avatar_image: null,
        score: 4,
        review: "Sweet and crunchy!",
        created_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        author: true,
        verified_buyer: false,
        reply: null,
        hidden: false,
      },
    });
    // The product page now; the cards of the product and its farm and the lists sorted by
    // rating in the background; no other list.
    expect(testState.revalidated).toEqual([
      [`reviews:${item.id}`, { expire: 0 }],
      [`product:${item.id}`, { expire: 0 }],
      [`card:${item.id}`, "max"],
      [`farm-card:${merchant.id}`, "max"],
      ["products-by-rating", "max"],
      ["farms-by-rating", "max"],
    ]);

    const reviewId = (added.body.review as { id: number }).id;
    const updated = await post(customer, {
      productId: String(item.id),
      reviewId: String(reviewId),
      score: "2",
      reviewContent: "Softer this week.",
    });
    expect(updated).toMatchObject({
      status: 200,
      body: { message: "Your review has been updated", review: { id: reviewId, score: 2 } },
    });
    const row = await db.query.products.findFirst({
      where: (p, { eq }) => eq(p.id, item.id),
      columns: { score: true, reviewCount: true },
    });
    expect(row).toEqual({ score: "2.00", reviewCount: 1 });
  });

  it("answers 404 when editing another member's review, which stays as it was", async () => {
    const item = await createProduct(db, { merchantId: merchant.id });
    const [owner, other] = await Promise.all([createCustomer(db), createCustomer(db)]);
    const theirs = await createReview(db, {
      productId: item.id,
      memberId: owner.id,
      score: 5,
      content: "Mine.",
    });
    const { status } = await post(other, { ...validBody(item.id), reviewId: theirs.id });
    expect(status).toBe(404);
    expect(await reviewsOf(item.id)).toMatchObject([{ id: theirs.id, score: 5, content: "Mine." }]);
  });

  it("refuses the farmer's own product with a clear message", async () => {
    const { status, body } = await post(merchant, validBody(product.id));
    expect(status).toBe(403);
    expect(body).toEqual({
      message: "You cannot review your own product.",
      requestId: expect.any(String),
    });
  });

  it("answers 404 for a deleted product", async () => {
    const gone = await createProduct(db, { merchantId: merchant.id, status: "deleted" });
    const customer = await createCustomer(db);
    expect((await post(customer, validBody(gone.id))).status).toBe(404);
  });
});

describe("DELETE /api/reviews/{reviewId}", () => {
  it("answers 401 to a visitor", async () => {
    const item = await createProduct(db, { merchantId: merchant.id });
    const owner = await createCustomer(db);
    const review = await createReview(db, { productId: item.id, memberId: owner.id });
    expect((await del(undefined, review.id)).status).toBe(401);
    expect(await reviewsOf(item.id)).toHaveLength(1);
  });

  it("answers 404 for another member's review and for ids that name nothing", async () => {
    const item = await createProduct(db, { merchantId: merchant.id });
    const [owner, other] = await Promise.all([createCustomer(db), createCustomer(db)]);
    const review = await createReview(db, { productId: item.id, memberId: owner.id });
    expect((await del(other, review.id)).status).toBe(404);
    expect((await del(other, "abc")).status).toBe(404);
    expect((await del(other, "99999999999")).status).toBe(404);
    expect(await reviewsOf(item.id)).toHaveLength(1);
  });

  it("deletes the author's review and expires the pages showing its product and farm", async () => {
    const item = await createProduct(db, { merchantId: merchant.id });
    const owner = await createCustomer(db);
    const review = await createReview(db, { productId: item.id, memberId: owner.id });
    expect(await del(owner, review.id)).toEqual({
      status: 200,
      body: { message: "The review has been deleted!" },
    });
    expect(await reviewsOf(item.id)).toHaveLength(0);
    expect(testState.revalidated.map(([tag]) => tag)).toEqual([
      `reviews:${item.id}`,
      `product:${item.id}`,
      `card:${item.id}`,
      `farm-card:${merchant.id}`,
      "products-by-rating",
      "farms-by-rating",
    ]);
  });
});

describe("GET /api/products/{productId}/reviews", () => {
  let item: Product;
  let author: Member;
  beforeAll(async () => {
    item = await createProduct(db, { merchantId: merchant.id });
    author = await createCustomer(db);
    for (let i = 0; i < 6; i++) {
      const reviewer = i === 0 ? author : await createCustomer(db);
      await createReview(db, {
        productId: item.id,
        memberId: reviewer.id,
        score: 3,
        content: `Note ${i}`,
        createdAt: new Date(Date.UTC(2026, 1, 1 + i)),
      });
    }
  });

  it("gives a visitor a page of reviews without author flags or a review of their own", async () => {
    const { status, body } = await list(undefined, item.id);
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 6, page: 1, perPage: 5, myReview: null });
    const page = body.reviews as Array<Record<string, unknown>>;
    expect(page).toHaveLength(5);
    expect(Object.keys(page[0]!).sort()).toEqual([
      "author",
      "avatar_image",
      "created_on",
      "hidden",
      "id",
      "reply",
      "review",
      "score",
      "username",
      "verified_buyer",
    ]);
    expect(page.every((r) => r.author === false)).toBe(true);
  });

  it("gives the author their review and its flag on the page it sits on", async () => {
    const { body } = await list(author, item.id, "?page=2");
    expect(body).toMatchObject({ page: 2, total: 6, myReview: { review: "Note 0", author: true } });
    expect(body.reviews).toMatchObject([{ review: "Note 0", author: true }]);
  });

  it.each([
    ["a deleted product", "deleted"],
    ["an unknown product", "unknown"],
    ["a malformed id", "abc"],
  ])("answers 404 for %s", async (_, kind) => {
    const id =
      kind === "deleted"
        ? (await createProduct(db, { merchantId: merchant.id, status: "deleted" })).id
        : kind === "unknown"
          ? 8_888_888
          : "abc";
    expect((await list(undefined, id)).status).toBe(404);
  });

  it("answers 422 for a bad page", async () => {
    expect((await list(undefined, item.id, "?page=0")).status).toBe(422);
  });
});
