import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ratingRank } from "@/lib/catalog/rating";
import type { Db } from "@/server/db/client";
import { members, products } from "@/server/db/schema";
import { closeTestDb, createTestDb } from "@/tests/db";
import {
  createCustomer,
  createMerchant,
  createProduct,
  createReview,
  type Member,
} from "@/server/db/seed/factories";
import { deleteReview } from "./delete-review";
import { recountRatings } from "./rating-counters";
import { saveReview } from "./save-review";

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => closeTestDb(db));

async function productRating(id: number) {
  const [row] = await db
    .select({
      score: products.score,
      count: products.reviewCount,
      counts: products.ratingCounts,
      rank: products.ratingRank,
    })
    .from(products)
    .where(eq(products.id, id));
  return {
    score: Number(row!.score),
    count: row!.count,
    counts: row!.counts,
    rank: Number(row!.rank),
  };
}

async function farmRating(id: number) {
  const [row] = await db
    .select({ score: members.ratingScore, count: members.ratingCount, rank: members.ratingRank })
    .from(members)
    .where(eq(members.id, id));
  return { score: Number(row!.score), count: row!.count, rank: Number(row!.rank) };
}

const review = (memberId: number, productId: number, score: number) =>
  saveReview(db, { memberId, productId, score, content: "Good." });

describe("recountRatings, through every review write", () => {
  let farm: Member;
  let customers: Member[];
  beforeAll(async () => {
    farm = await createMerchant(db);
    customers = await Promise.all([1, 2, 3, 4].map(() => createCustomer(db)));
  });

  it("keeps the product's average, count, distribution and rank and the farm's over all its products", async () => {
    const apples = await createProduct(db, { merchantId: farm.id });
    const pears = await createProduct(db, { merchantId: farm.id });
    await review(customers[0]!.id, apples.id, 5);
    expect(await productRating(apples.id)).toEqual({
      score: 5,
      count: 1,
      counts: [0, 0, 0, 0, 1],
      rank: 0, // one review is not enough to be ranked
    });

    await review(customers[1]!.id, apples.id, 4);
    await review(customers[2]!.id, apples.id, 3);
    const { rated } = await review(customers[0]!.id, pears.id, 1);
    expect(rated).toEqual({
      productId: pears.id,
      merchantId: farm.id,
      merchantUsername: farm.username,
    });
    expect(await productRating(apples.id)).toEqual({
      score: 4,
      count: 3,
      counts: [0, 0, 1, 1, 1],
      rank: ratingRank(3, 12),
    });
    expect(await farmRating(farm.id)).toEqual({ score: 3.25, count: 4, rank: ratingRank(4, 13) });

    // Edit: the 3-star review becomes a 5; with its id and without.
    const { review: edited } = await review(customers[2]!.id, apples.id, 5);
    expect(await productRating(apples.id)).toMatchObject({ score: 4.67, counts: [0, 0, 0, 1, 2] });
    expect(await farmRating(farm.id)).toMatchObject({ score: 3.75, count: 4 });
    await saveReview(db, {
      memberId: customers[2]!.id,
      productId: apples.id,
      reviewId: edited.id,
      score: 2,
      content: "Changed my mind.",
    });
    expect(await productRating(apples.id)).toMatchObject({ counts: [0, 1, 0, 1, 1] });

    // Delete: both counters drop it.
    await deleteReview(db, { memberId: customers[2]!.id, reviewId: edited.id });
    expect(await productRating(apples.id)).toEqual({
      score: 4.5,
      count: 2,
      counts: [0, 0, 0, 1, 1],
      rank: 0,
    });
    expect(await farmRating(farm.id)).toMatchObject({
      score: 3.33,
      count: 3,
      rank: ratingRank(3, 10),
    });
  });

  it("repairs the counters after a member's deletion took their reviews away", async () => {
    const otherFarm = await createMerchant(db);
    const kale = await createProduct(db, { merchantId: otherFarm.id });
    const leaving = await createCustomer(db);
    await review(leaving.id, kale.id, 1);
    await review(customers[3]!.id, kale.id, 5);
    await db.transaction(async (tx) => {
      await tx.delete(members).where(eq(members.id, leaving.id));
      await recountRatings(tx, kale.id);
    });
    expect(await productRating(kale.id)).toMatchObject({
      score: 5,
      count: 1,
      counts: [0, 0, 0, 0, 1],
    });
    expect(await farmRating(otherFarm.id)).toMatchObject({ score: 5, count: 1 });
  });

  it("counts concurrent reviews of two products of one farm, none lost", async () => {
    const otherFarm = await createMerchant(db);
    const [a, b] = await Promise.all(
      [1, 2].map(() => createProduct(db, { merchantId: otherFarm.id })),
    );
    await Promise.all(
      customers.flatMap((c, i) => [review(c.id, a!.id, 1 + i), review(c.id, b!.id, 5 - i)]),
    );
    expect(await farmRating(otherFarm.id)).toMatchObject({ score: 3, count: 8 });
  });

  it("answers null for a product that does not exist", async () => {
    expect(await recountRatings(db, 987654)).toBeNull();
  });
});

describe("the migration's backfill", () => {
  it("sets every counter from the reviews already written, as recountRatings does", async () => {
    const farm = await createMerchant(db);
    const beans = await createProduct(db, { merchantId: farm.id });
    const customers = await Promise.all([1, 2, 3].map(() => createCustomer(db)));
    for (const [i, c] of customers.entries())
      await createReview(db, { productId: beans.id, memberId: c.id, score: 3 + i });
    const expected = { product: await productRating(beans.id), farm: await farmRating(farm.id) };

    await db.execute(sql`update products set score = 0, review_count = 0,
      rating_counts = '{0,0,0,0,0}', rating_rank = 0 where id = ${beans.id}`);
    await db.execute(sql`update members set rating_score = 0, rating_count = 0, rating_rank = 0
      where id = ${farm.id}`);
    const migration = readFileSync(
      path.join(process.cwd(), "drizzle", "0029_ratings_counters.sql"),
      "utf8",
    );
    const backfill = migration.slice(migration.indexOf("-- Backfill"));
    for (const statement of backfill.split("--> statement-breakpoint"))
      await db.execute(sql.raw(statement));

    expect(await productRating(beans.id)).toEqual(expected.product);
    expect(await farmRating(farm.id)).toEqual(expected.farm);
    expect(expected.product).toEqual({
      score: 4,
      count: 3,
      counts: [0, 0, 1, 1, 1],
      rank: ratingRank(3, 12),
    });
  });
});
