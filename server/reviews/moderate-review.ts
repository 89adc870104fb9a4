import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { ReviewReportTarget } from "@/lib/review-trust";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import type { Db } from "@/server/db/client";
import { products, reviewReplies, reviewReports, reviews } from "@/server/db/schema";
import { conflict, notFoundError } from "@/server/errors";
import { isRowId } from "@/lib/row-id";
import { REVIEW_MESSAGES, REVIEW_TRUST_MESSAGES } from "./messages";
import { recountRatings, type RecountedRatings } from "./rating-counters";

export type ModerationAction = "hide" | "restore" | "dismiss";

export type ModerateReviewInput = {
  adminId: number;
  reviewId: number;
  /** The review itself or the farm's reply under it. */
  target: ReviewReportTarget;
  action: ModerationAction;
  /** Why, in the operator's words: kept in the audit trail. */
  reason: string;
};

/**
 * An operator hides, restores, or dismisses the reports of a review or a reply (issue 44, item 3),
 * audited in the same transaction (who, what, why). Hiding resolves the item's open reports; a
 * review's hide and restore recount the product's score and review count (a hidden review counts
 * for nothing), with the product row locked first as every review write does. The caller expires
 * the product's cached pages (`invalidateReviewCaches`), so the change shows on every instance at
 * once.
 *
 * @returns the product the review is about, and the message for the operator
 * @throws AppError not_found: no such review or reply; conflict: hiding what is hidden, restoring
 *   what is shown, dismissing when no report is open
 */
export async function moderateReview(
  db: Db,
  { adminId, reviewId, target, action, reason }: ModerateReviewInput,
): Promise<{ productId: number; rated: RecountedRatings | null; message: string }> {
  if (!isRowId(reviewId)) throw notFoundError(REVIEW_MESSAGES.reviewNotFound);
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ productId: reviews.productId })
      .from(reviews)
      .where(eq(reviews.id, reviewId));
    if (!found) throw notFoundError(REVIEW_MESSAGES.reviewNotFound);
    await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, found.productId))
      .for("update");
    const item = await lockItem(tx, reviewId, target);
    const openReports = and(
      eq(reviewReports.reviewId, reviewId),
      item.replyId === null
        ? isNull(reviewReports.replyId)
        : eq(reviewReports.replyId, item.replyId),
      isNull(reviewReports.resolvedAt),
    );
    const auditTarget =
      item.replyId === null ? `review:${reviewId}` : `review_reply:${item.replyId}`;
    const hidden = item.hiddenAt !== null;

    if (action === "dismiss") {
      const dismissed = await tx
        .update(reviewReports)
        .set({ resolvedAt: sql`now()`, outcome: "dismissed" })
        .where(openReports)
        .returning({ id: reviewReports.id });
      if (dismissed.length === 0) throw conflict(REVIEW_TRUST_MESSAGES.nothingToDismiss);
      await recordAdminAction(tx, {
        adminId,
        action: "review_dismiss",
        target: auditTarget,
        before: { openReports: dismissed.length },
        after: { openReports: 0, reason },
      });
      return { productId: found.productId, rated: null, message: REVIEW_TRUST_MESSAGES.dismissed };
    }

    if (action === "hide" && hidden) throw conflict(REVIEW_TRUST_MESSAGES.alreadyHidden);
    if (action === "restore" && !hidden) throw conflict(REVIEW_TRUST_MESSAGES.notHidden);
    const hiddenAt = action === "hide" ? sql`now()` : null;
    if (item.replyId === null)
      await tx.update(reviews).set({ hiddenAt }).where(eq(reviews.id, reviewId));
    else await tx.update(reviewReplies).set({ hiddenAt }).where(eq(reviewReplies.id, item.replyId));
    const resolved =
      action === "hide"
        ? await tx
            .update(reviewReports)
            .set({ resolvedAt: sql`now()`, outcome: "hidden" })
            .where(openReports)
            .returning({ id: reviewReports.id })
        : [];
    // The visible set of reviews changed: the product's kept score and count follow it.
    const rated = item.replyId === null ? await recountRatings(tx, found.productId) : null;
    await recordAdminAction(tx, {
      adminId,
      action: action === "hide" ? "review_hide" : "review_restore",
      target: auditTarget,
      before: { hidden },
      after: {
        hidden: !hidden,
        reason,
        ...(action === "hide" ? { reportsResolved: resolved.length } : {}),
      },
    });
    return {
      productId: found.productId,
      rated,
      message: action === "hide" ? REVIEW_TRUST_MESSAGES.hidden : REVIEW_TRUST_MESSAGES.restored,
    };
  });
}

/** The review or its reply, locked for the change. */
async function lockItem(
  tx: Db,
  reviewId: number,
  target: ReviewReportTarget,
): Promise<{ replyId: number | null; hiddenAt: Date | null }> {
  if (target === "review") {
    const [review] = await tx
      .select({ hiddenAt: reviews.hiddenAt })
      .from(reviews)
      .where(eq(reviews.id, reviewId))
      .for("update");
    if (!review) throw notFoundError(REVIEW_MESSAGES.reviewNotFound);
    return { replyId: null, hiddenAt: review.hiddenAt };
  }
  const [reply] = await tx
    .select({ id: reviewReplies.id, hiddenAt: reviewReplies.hiddenAt })
    .from(reviewReplies)
    .where(eq(reviewReplies.reviewId, reviewId))
    .for("update");
  if (!reply) throw notFoundError(REVIEW_TRUST_MESSAGES.replyNotFound);
  return { replyId: reply.id, hiddenAt: reply.hiddenAt };
}
