import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_SIZES } from "@/lib/constants";
import type { Db } from "@/server/db/client";
import { products, reviews } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { closeTestDb, createTestDb } from "@/tests/db";
import {
  createCustomer,
  createMerchant,
  createProduct,
  createReview,
  type Member,
  type Product,
} from "@/server/db/seed/factories";
import { deleteReview } from "./delete-review";
import { getMyReview } from "./get-my-review";
import { listReviews } from "./list-reviews";
import { REVIEW_MESSAGES } from "./messages";
import { saveReview } from "./save-review";

let db: Db;
let merchant: Member;

beforeAll(async () => {
  db = await createTestDb();
  merchant = await createMerchant(db);
});
afterAll(() => closeTestDb(db));

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function productRow(id: number) {
  const [row] = await db
    .select({ score: products.score, reviewCount: products.reviewCount })
    .from(products)
    .where(eq(products.id, id));
  return { score: Number(row!.score), reviewCount: row!.reviewCount };
}

const reviewCountOf = async (productId: number) =>
  (await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.productId, productId)))
    .length;

describe("saveReview", () => {
  let product: Product;
  beforeAll(async () => {
    product = await createProduct(db, { merchantId: merchant.id });
  });

  it("adds a member's review and makes it the product's score", async () => {
    const customer = await createCustomer(db);
    const { created, review } = await saveReview(db, {
      memberId: customer.id,
      productId: product.id,
      score: 4,
      content: "Crisp and sweet.",
    });
    expect(created).toBe(true);
    expect(review).toMatchObject({
      username: customer.username,
      score: 4,
      review: "Crisp and sweet.",
      author: true,
      avatar_image: null,
    });
    expect(new Date(review.created_on).getTime()).not.toBeNaN();
    expect(await productRow(product.id)).toEqual({ score: 4, reviewCount: 1 });
  });

  it("updates the review when the member writes again, with or without its id (one review per member)", async () => {
    const customer = await createCustomer(db);
    const first = await saveReview(db, {
      memberId: customer.id,
      productId: product.id,
      score: 2,
      content: "Too soft.",
    });
    const again = await saveReview(db, {
      memberId: customer.id,
      productId: product.id,
      score: 3,
      content: "Better this week.",
    });
    expect(again.created).toBe(false);
    expect(again.review.id).toBe(first.review.id);

    const edited = await saveReview(db, {
      memberId: customer.id,
      productId: product.id,
      reviewId: first.review.id,
      score: 5,
      content: "Perfect now!",
    });
    expect(edited).toMatchObject({
      created: false,
      review: { id: first.review.id, score: 5, review: "Perfect now!" },
    });
    expect(await getMyReview(db, { productId: product.id, memberId: customer.id })).toMatchObject({
      id: first.review.id,
      score: 5,
    });
  });

  it("keeps the average right as reviews are added, changed and deleted", async () => {
    const item = await createProduct(db, { merchantId: merchant.id });
    const [a, b, c] = await Promise.all([
      createCustomer(db),
      createCustomer(db),
      createCustomer(db),
    ]);
    const ra = await saveReview(db, {
      memberId: a!.id,
      productId: item.id,
      score: 5,
      content: "Great.",
    });
    await saveReview(db, { memberId: b!.id, productId: item.id, score: 4, content: "Good." });
    await saveReview(db, { memberId: c!.id, productId: item.id, score: 2, content: "Meh." });
    expect(await productRow(item.id)).toEqual({ score: 3.67, reviewCount: 3 });

    await saveReview(db, {
      memberId: c!.id,
      productId: item.id,
      score: 3,
      content: "Fine after all.",
    });
    expect(await productRow(item.id)).toEqual({ score: 4, reviewCount: 3 });

    await deleteReview(db, { memberId: a!.id, reviewId: ra.review.id });
    expect(await productRow(item.id)).toEqual({ score: 3.5, reviewCount: 2 });
  });

  it("counts concurrent reviews of one product exactly", async () => {
    const item = await createProduct(db, { merchantId: merchant.id });
    const reviewers = await Promise.all(Array.from({ length: 8 }, () => createCustomer(db)));
    await Promise.all(
      reviewers.map((m, i) =>
        saveReview(db, {
          memberId: m.id,
          productId: item.id,
          score: (i % 5) + 1,
          content: `Review ${i}`,
        }),
      ),
    );
    // Scores 1,2,3,4,5,1,2,3: 21 / 8.
    expect(await productRow(item.id)).toEqual({ score: 2.63, reviewCount: 8 });
  });

  it("refuses the farmer's review of their own product, and changes nothing", async () => {
    const error = await failure(
      saveReview(db, {
        memberId: merchant.id,
        productId: product.id,
        score: 5,
        content: "Mine is best.",
      }),
    );
    expect(error.code).toBe("forbidden");
    expect(error.publicMessage).toBe(REVIEW_MESSAGES.ownProduct);
    expect(await getMyReview(db, { productId: product.id, memberId: merchant.id })).toBeNull();
  });

  it("lets another farmer review the product", async () => {
    const neighbour = await createMerchant(db);
    const { created } = await saveReview(db, {
      memberId: neighbour.id,
      productId: product.id,
      score: 5,
      content: "A fellow grower approves.",
    });
    expect(created).toBe(true);
  });

  it.each([
    ["deleted", { status: "deleted" as const, deletedAt: new Date() }],
    ["permanently removed", { status: "removed" as const, removedAt: new Date() }],
  ])("refuses a review of a %s product", async (_, state) => {
    const gone = await createProduct(db, { merchantId: merchant.id, ...state });
    const customer = await createCustomer(db);
    const error = await failure(
      saveReview(db, { memberId: customer.id, productId: gone.id, score: 4, content: "Hello" }),
    );
    expect(error.code).toBe("not_found");
    expect(await reviewCountOf(gone.id)).toBe(0);
  });

  it.each([0, 2_147_483_648, 999_999])(
    "answers not found for a product id that names nothing (%s)",
    async (productId) => {
      const customer = await createCustomer(db);
      expect(
        (
          await failure(
            saveReview(db, { memberId: customer.id, productId, score: 4, content: "Hello" }),
          )
        ).code,
      ).toBe("not_found");
    },
  );

  it("answers not found when editing another member's review, which stays as it was", async () => {
    const [owner, other] = await Promise.all([createCustomer(db), createCustomer(db)]);
    const theirs = await createReview(db, {
      productId: product.id,
      memberId: owner.id,
      score: 3,
      content: "Original words.",
    });
    const error = await failure(
      saveReview(db, {
        memberId: other.id,
        productId: product.id,
        reviewId: theirs.id,
        score: 1,
        content: "Vandalised.",
      }),
    );
    expect(error.code).toBe("not_found");
    expect(error.publicMessage).toBe(REVIEW_MESSAGES.reviewNotFound);
    const [row] = await db.select().from(reviews).where(eq(reviews.id, theirs.id));
    expect(row).toMatchObject({ score: 3, content: "Original words.", memberId: owner.id });
    expect(await getMyReview(db, { productId: product.id, memberId: other.id })).toBeNull();
  });

  it("answers not found when the review id belongs to another product", async () => {
    const customer = await createCustomer(db);
    const other = await createProduct(db, { merchantId: merchant.id });
    const review = await createReview(db, { productId: other.id, memberId: customer.id });
    const error = await failure(
      saveReview(db, {
        memberId: customer.id,
        productId: product.id,
        reviewId: review.id,
        score: 2,
        content: "Moved?",
      }),
    );
    expect(error.code).toBe("not_found");
  });
});

describe("deleteReview", () => {
  it("deletes the author's review and resets the score when it was the last one", async () => {
    const item = await createProduct(db, { merchantId: merchant.id });
    const customer = await createCustomer(db);
    const { review } = await saveReview(db, {
      memberId: customer.id,
      productId: item.id,
      score: 5,
      content: "Lovely.",
    });
    expect(await deleteReview(db, { memberId: customer.id, reviewId: review.id })).toMatchObject({
      productId: item.id,
    });
    expect(await productRow(item.id)).toEqual({ score: 0, reviewCount: 0 });
    expect(await reviewCountOf(item.id)).toBe(0);
  });

  it("answers not found for another member's review and keeps it", async () => {
    const item = await createProduct(db, { merchantId: merchant.id });
    const [owner, other] = await Promise.all([createCustomer(db), createCustomer(db)]);
    const review = await createReview(db, { productId: item.id, memberId: owner.id });
    const error = await failure(deleteReview(db, { memberId: other.id, reviewId: review.id }));
    expect(error.code).toBe("not_found");
    expect(await reviewCountOf(item.id)).toBe(1);
    expect(await productRow(item.id)).toEqual({ score: 5, reviewCount: 1 });
  });

  it("answers not found the second time", async () => {
    const item = await createProduct(db, { merchantId: merchant.id });
    const customer = await createCustomer(db);
    const review = await createReview(db, { productId: item.id, memberId: customer.id });
    await deleteReview(db, { memberId: customer.id, reviewId: review.id });
    expect(
      (await failure(deleteReview(db, { memberId: customer.id, reviewId: review.id }))).code,
    ).toBe("not_found");
  });
});

describe("listReviews", () => {
  let item: Product;
  let reviewers: Member[];

  beforeAll(async () => {
    item = await createProduct(db, { merchantId: merchant.id });
    reviewers = await Promise.all(Array.from({ length: 7 }, () => createCustomer(db)));
    const day = 24 * 60 * 60 * 1000;
    for (const [i, m] of reviewers.entries()) {
      const when = new Date(Date.UTC(2026, 0, 1) + i * day);
      await createReview(db, {
        productId: item.id,
        memberId: m.id,
        score: (i % 5) + 1,
        content: `Review number ${i}`,
        createdAt: when,
      });
    }
  });

  it("pages five at a time, newest first, with the total", async () => {
    const first = await listReviews(db, { productId: item.id });
    expect(first).toMatchObject({ total: 7, page: 1, perPage: PAGE_SIZES.reviews });
    expect(first.reviews.map((r) => r.review)).toEqual(
      [6, 5, 4, 3, 2].map((i) => `Review number ${i}`),
    );
    expect(first.reviews[0]).toMatchObject({
      username: reviewers[6]!.username,
      score: 2,
      author: false,
      created_on: "2026-01-07T00:00:00.000Z",
    });

    const second = await listReviews(db, { productId: item.id, page: 2 });
    expect(second.reviews.map((r) => r.review)).toEqual(["Review number 1", "Review number 0"]);
    expect((await listReviews(db, { productId: item.id, page: 3 })).reviews).toEqual([]);
  });

  it("flags the viewer's own review only", async () => {
    const page = await listReviews(db, { productId: item.id, viewerId: reviewers[5]!.id });
    expect(page.reviews.filter((r) => r.author).map((r) => r.username)).toEqual([
      reviewers[5]!.username,
    ]);
  });

  it("answers an empty page for a product without reviews", async () => {
    const fresh = await createProduct(db, { merchantId: merchant.id });
    expect(await listReviews(db, { productId: fresh.id })).toEqual({
      reviews: [],
      total: 0,
      page: 1,
      perPage: 5,
    });
  });

  it("answers not found for a deleted product's reviews", async () => {
    const gone = await createProduct(db, { merchantId: merchant.id, status: "deleted" });
    expect((await failure(listReviews(db, { productId: gone.id }))).code).toBe("not_found");
  });
});
