import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/db/client";
import {
  adminActions,
  emailOutbox,
  products,
  reviewReplies,
  reviewReports,
  reviews,
} from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { closeTestDb, createTestDb } from "@/tests/db";
import {
  createAdmin,
  createCustomer,
  createMerchant,
  createOrder,
  createProduct,
  createReview,
  type Member,
  type Product,
} from "@/server/db/seed/factories";
import { updateOrderStatus } from "@/server/orders/update-order-status";
import { deleteReview } from "./delete-review";
import { deleteReviewReply } from "./delete-review-reply";
import { getMyReview } from "./get-my-review";
import { listAdminActions } from "@/server/admin/list-admin-actions";
import { listModerationQueue } from "./list-moderation-queue";
import { listReviews } from "./list-reviews";
import { REVIEW_MESSAGES, REVIEW_TRUST_MESSAGES } from "./messages";
import { moderateReview } from "./moderate-review";
import { reportReview } from "./report-review";
import { saveReview } from "./save-review";
import { saveReviewReply } from "./save-review-reply";

let db: Db;
let farm: Member;
let otherFarm: Member;
let admin: Member;

beforeAll(async () => {
  db = await createTestDb();
  [farm, otherFarm, admin] = await Promise.all([
    createMerchant(db),
    createMerchant(db),
    createAdmin(db),
  ]);
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

/** A product of `farm` with one review by a fresh customer. */
async function reviewed(content = "Sweet and crisp.") {
  const product = await createProduct(db, { merchantId: farm.id });
  const author = await createCustomer(db);
  const review = await createReview(db, { productId: product.id, memberId: author.id, content });
  return { product, author, review };
}

const countOf = async (productId: number) =>
  (
    await db
      .select({ count: products.reviewCount, score: products.score })
      .from(products)
      .where(eq(products.id, productId))
  )[0]!;

describe("verified buyer", () => {
  let product: Product;
  beforeAll(async () => {
    product = await createProduct(db, { merchantId: farm.id });
  });

  it("marks a review written after the member received the product, not before", async () => {
    const buyer = await createCustomer(db);
    const browser = await createCustomer(db);
    await createOrder(db, {
      customerId: buyer.id,
      items: [{ productId: product.id, status: "customer_received" }],
    });
    await createOrder(db, {
      customerId: browser.id,
      items: [{ productId: product.id, status: "order_created" }],
    });
    const input = { productId: product.id, score: 5, content: "Lovely." };
    expect((await saveReview(db, { ...input, memberId: buyer.id })).review.verified_buyer).toBe(
      true,
    );
    expect((await saveReview(db, { ...input, memberId: browser.id })).review.verified_buyer).toBe(
      false,
    );
  });

  it("marks the review when the line reaches customer_received later, in the status change", async () => {
    const buyer = await createCustomer(db);
    const order = await createOrder(db, {
      customerId: buyer.id,
      items: [{ productId: product.id, status: "ready_for_pickup" }],
    });
    await saveReview(db, { memberId: buyer.id, productId: product.id, score: 4, content: "Good." });
    expect(
      (await getMyReview(db, { productId: product.id, memberId: buyer.id }))?.verified_buyer,
    ).toBe(false);
    await updateOrderStatus(db, {
      merchantId: farm.id,
      orderItemId: order.items[0]!.id,
      status: "customer_received",
    });
    expect(
      (await getMyReview(db, { productId: product.id, memberId: buyer.id }))?.verified_buyer,
    ).toBe(true);
  });

  it("refuses the farm's review of its own product with a clear message", async () => {
    const error = await failure(
      saveReview(db, { memberId: farm.id, productId: product.id, score: 5, content: "Best!" }),
    );
    expect([error.status, error.publicMessage]).toEqual([403, REVIEW_MESSAGES.ownProduct]);
  });
});

describe("the farm's reply", () => {
  it("posts, edits and deletes the farm's one reply, shown under the review with the farm's name, and mails the reviewer", async () => {
    const { product, author, review } = await reviewed();
    const posted = await saveReviewReply(db, {
      memberId: farm.id,
      reviewId: review.id,
      content: "Thank you! <b>See you Saturday</b>",
      mode: "create",
    });
    expect(posted).toMatchObject({
      productId: product.id,
      reply: { farm: farm.username, reply: "Thank you! <b>See you Saturday</b>" },
    });
    const page = await listReviews(db, { productId: product.id });
    expect(page.reviews[0]!.reply).toMatchObject({ farm: farm.username });
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.to, author.email));
    expect(mails.map((m) => m.subject)).toContain(
      `${farm.username} replied to your review of ${product.name}`,
    );

    await saveReviewReply(db, {
      memberId: farm.id,
      reviewId: review.id,
      content: "Edited.",
      mode: "update",
    });
    expect((await listReviews(db, { productId: product.id })).reviews[0]!.reply?.reply).toBe(
      "Edited.",
    );
    await deleteReviewReply(db, { memberId: farm.id, reviewId: review.id });
    expect((await listReviews(db, { productId: product.id })).reviews[0]!.reply).toBeNull();
  });

  it.each([
    ["another farm", () => otherFarm.id, "create", 403, REVIEW_TRUST_MESSAGES.replyNotYours],
    ["the reviewer", "author", "create", 403, REVIEW_TRUST_MESSAGES.replyNotYours],
    ["the farm, a second time", () => farm.id, "second", 409, REVIEW_TRUST_MESSAGES.replyExists],
    [
      "the farm, to a hidden review",
      () => farm.id,
      "hidden",
      409,
      REVIEW_TRUST_MESSAGES.reviewHidden,
    ],
    [
      "the farm, to a deleted review",
      () => farm.id,
      "deleted",
      404,
      REVIEW_MESSAGES.reviewNotFound,
    ],
  ] as const)(
    "refuses a reply by %s and stores nothing new",
    async (_, who, situation, status, message) => {
      const { author, review } = await reviewed();
      const memberId = who === "author" ? author.id : who();
      if (situation === "second")
        await saveReviewReply(db, {
          memberId: farm.id,
          reviewId: review.id,
          content: "First.",
          mode: "create",
        });
      if (situation === "hidden")
        await moderateReview(db, {
          adminId: admin.id,
          reviewId: review.id,
          target: "review",
          action: "hide",
          reason: "Abuse",
        });
      if (situation === "deleted")
        await deleteReview(db, { memberId: author.id, reviewId: review.id });
      const before = await db
        .select()
        .from(reviewReplies)
        .where(eq(reviewReplies.reviewId, review.id));
      const error = await failure(
        saveReviewReply(db, { memberId, reviewId: review.id, content: "Hello.", mode: "create" }),
      );
      expect([error.status, error.publicMessage]).toEqual([status, message]);
      expect(
        await db.select().from(reviewReplies).where(eq(reviewReplies.reviewId, review.id)),
      ).toEqual(before);
    },
  );
});

describe("reports and moderation", () => {
  it.each([
    ["one's own review", "own", "review", 403, REVIEW_TRUST_MESSAGES.reportOwn],
    ["the farm's own reply", "farm", "reply", 403, REVIEW_TRUST_MESSAGES.reportOwn],
    ["a review a second time", "twice", "review", 409, REVIEW_TRUST_MESSAGES.reportedBefore],
    ["a hidden review", "hidden", "review", 409, REVIEW_TRUST_MESSAGES.reviewHidden],
    ["a deleted review", "deleted", "review", 404, REVIEW_MESSAGES.reviewNotFound],
    ["a missing reply", "noReply", "reply", 404, REVIEW_TRUST_MESSAGES.replyNotFound],
  ] as const)(
    "refuses a report of %s and stores nothing",
    async (_, situation, target, status, message) => {
      const { author, review } = await reviewed();
      const reporter = await createCustomer(db);
      if (target === "reply" && situation !== "noReply")
        await saveReviewReply(db, {
          memberId: farm.id,
          reviewId: review.id,
          content: "Thanks.",
          mode: "create",
        });
      const reporterId =
        situation === "own" ? author.id : situation === "farm" ? farm.id : reporter.id;
      if (situation === "twice")
        await reportReview(db, { reporterId, reviewId: review.id, target, reason: "spam" });
      if (situation === "hidden")
        await moderateReview(db, {
          adminId: admin.id,
          reviewId: review.id,
          target: "review",
          action: "hide",
          reason: "Abuse",
        });
      if (situation === "deleted")
        await deleteReview(db, { memberId: author.id, reviewId: review.id });
      const before = await db
        .select()
        .from(reviewReports)
        .where(eq(reviewReports.reviewId, review.id));
      const error = await failure(
        reportReview(db, { reporterId, reviewId: review.id, target, reason: "offensive" }),
      );
      expect([error.status, error.publicMessage]).toEqual([status, message]);
      expect(
        await db.select().from(reviewReports).where(eq(reviewReports.reviewId, review.id)),
      ).toEqual(before);
    },
  );

  it("queues a reported review with its reports and author's history; hiding takes it out of the page and the counts, audited; restoring brings it back", async () => {
    const { product, author, review } = await reviewed("Rude words here.");
    const second = await createCustomer(db);
    await createReview(db, { productId: product.id, memberId: second.id, score: 3 });
    const reporter = await createCustomer(db);
    await reportReview(db, {
      reporterId: reporter.id,
      reviewId: review.id,
      target: "review",
      reason: "offensive",
    });

    const queue = await listModerationQueue(db, { view: "reported" });
    const item = queue.items.find((i) => i.reviewId === review.id && i.target === "review");
    expect(item).toMatchObject({
      text: "Rude words here.",
      author: author.username,
      productName: product.name,
      reports: [{ reason: "offensive", reporter: reporter.username, open: true }],
      history: { written: 1, hidden: 0, reported: 1 },
    });
    expect(queue.openCount).toBeGreaterThanOrEqual(1);
    expect(await countOf(product.id)).toEqual({ count: 2, score: "4.00" });

    await moderateReview(db, {
      adminId: admin.id,
      reviewId: review.id,
      target: "review",
      action: "hide",
      reason: "Insults the farmer",
    });
    const page = await listReviews(db, { productId: product.id });
    expect(page.reviews.map((r) => r.id)).not.toContain(review.id);
    expect(await countOf(product.id)).toEqual({ count: 1, score: "3.00" });
    expect(await getMyReview(db, { productId: product.id, memberId: author.id })).toMatchObject({
      id: review.id,
      hidden: true,
    });
    expect(
      (await listModerationQueue(db, { view: "reported" })).items.some(
        (i) => i.reviewId === review.id,
      ),
    ).toBe(false);
    const [audit] = await db
      .select()
      .from(adminActions)
      .where(
        and(eq(adminActions.target, `review:${review.id}`), eq(adminActions.action, "review_hide")),
      );
    expect(audit).toMatchObject({
      adminId: admin.id,
      after: { hidden: true, reason: "Insults the farmer" },
    });

    await moderateReview(db, {
      adminId: admin.id,
      reviewId: review.id,
      target: "review",
      action: "restore",
      reason: "Appeal accepted",
    });
    expect(await countOf(product.id)).toEqual({ count: 2, score: "4.00" });
    const [restored] = await db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(restored!.hiddenAt).toBeNull();
  });

  it("dismisses a reply's reports without hiding it, and refuses to dismiss twice", async () => {
    const { review } = await reviewed();
    await saveReviewReply(db, {
      memberId: farm.id,
      reviewId: review.id,
      content: "Thanks.",
      mode: "create",
    });
    const reporter = await createCustomer(db);
    await reportReview(db, {
      reporterId: reporter.id,
      reviewId: review.id,
      target: "reply",
      reason: "spam",
    });
    const input = {
      adminId: admin.id,
      reviewId: review.id,
      target: "reply" as const,
      action: "dismiss" as const,
      reason: "Fine",
    };
    expect((await moderateReview(db, input)).message).toBe(REVIEW_TRUST_MESSAGES.dismissed);
    const error = await failure(moderateReview(db, input));
    expect([error.status, error.publicMessage]).toEqual([
      409,
      REVIEW_TRUST_MESSAGES.nothingToDismiss,
    ]);
    const [reply] = await db
      .select()
      .from(reviewReplies)
      .where(eq(reviewReplies.reviewId, review.id));
    expect(reply!.hiddenAt).toBeNull();
  });

  it.each([
    ["hide what is hidden", "hide", 409, REVIEW_TRUST_MESSAGES.alreadyHidden],
    ["restore what is shown", "restore", 409, REVIEW_TRUST_MESSAGES.notHidden],
  ] as const)("refuses to %s", async (_, action, status, message) => {
    const { review } = await reviewed();
    if (action === "hide")
      await moderateReview(db, {
        adminId: admin.id,
        reviewId: review.id,
        target: "review",
        action: "hide",
        reason: "x",
      });
    const error = await failure(
      moderateReview(db, {
        adminId: admin.id,
        reviewId: review.id,
        target: "review",
        action,
        reason: "y",
      }),
    );
    expect([error.status, error.publicMessage]).toEqual([status, message]);
  });

  it("names moderation entries in the audit trail: the review's author and product, the reply's review", async () => {
    const { product, author, review } = await reviewed();
    await saveReviewReply(db, {
      memberId: farm.id,
      reviewId: review.id,
      content: "Thanks.",
      mode: "create",
    });
    const [reply] = await db
      .select()
      .from(reviewReplies)
      .where(eq(reviewReplies.reviewId, review.id));
    for (const target of ["reply", "review"] as const)
      await moderateReview(db, {
        adminId: admin.id,
        reviewId: review.id,
        target,
        action: "hide",
        reason: "Abuse",
      });
    const { entries } = await listAdminActions(db);
    const named = (target: string) => entries.find((e) => e.target === target);
    expect(named(`review:${review.id}`)).toMatchObject({
      action: "review_hide",
      targetLabel: `Review by @${author.username} of ${product.name}`,
      targetHref: `/products/${product.id}#reviews`,
    });
    expect(named(`review_reply:${reply!.id}`)).toMatchObject({
      action: "review_hide",
      targetLabel: `The farm's reply to @${author.username}'s review of ${product.name}`,
      targetHref: `/products/${product.id}#reviews`,
    });
  });
});
