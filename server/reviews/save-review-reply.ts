import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { afterCommit } from "@/server/base/follow-ups";
import type { Db } from "@/server/db/client";
import { members, reviewReplies } from "@/server/db/schema";
import { conflict, forbiddenError, notFoundError } from "@/server/errors";
import { REVIEW_TRUST_MESSAGES } from "./messages";
import { assertReviewShown, lockReviewTarget } from "./review-target";
import type { ReviewReplyView } from "./review-view";
import { sendReviewReplyMail } from "./send-review-reply-mail";

export type SaveReviewReplyInput = {
  /** The signed-in member; only the product's farm may reply. */
  memberId: number;
  reviewId: number;
  /** Already validated (lib/validation/review-trust: the review's character rules). */
  content: string;
  /** "create" posts the one reply (a second one is refused); "update" edits it. */
  mode: "create" | "update";
};

export type SaveReviewReplyResult = { productId: number; reply: ReviewReplyView };

/**
 * The product's farm posts its one public reply to a review, or edits it (issue 44, item 2). The
 * review is share-locked while the reply is written, so a reply never lands on a review hidden or
 * deleted meanwhile; the unique review_id makes a second reply a conflict, not a second row. A new
 * reply mails the reviewer after the commit (their `review_reply` notifications).
 *
 * @throws AppError not_found: no such review, or (update) no reply to edit; forbidden: the member
 *   is not the product's farm; conflict: the review is hidden, or (create) it already has a reply
 */
export async function saveReviewReply(
  db: Db,
  { memberId, reviewId, content, mode }: SaveReviewReplyInput,
): Promise<SaveReviewReplyResult> {
  const saved = await db.transaction(async (tx) => {
    const review = await lockReviewTarget(tx, reviewId);
    if (review.farmId !== memberId)
      throw forbiddenError(REVIEW_TRUST_MESSAGES.replyNotYours, {
        logMessage: `member ${memberId} replying to review ${reviewId} of another farm`,
      });
    assertReviewShown(review);
    const [row] =
      mode === "create"
        ? await tx
            .insert(reviewReplies)
            .values({ reviewId, merchantId: memberId, content })
            .onConflictDoNothing()
            .returning()
        : await tx
            .update(reviewReplies)
            .set({ content, updatedAt: sql`now()` })
            .where(
              and(eq(reviewReplies.reviewId, reviewId), eq(reviewReplies.merchantId, memberId)),
            )
            .returning();
    if (!row && mode === "create")
      throw conflict(REVIEW_TRUST_MESSAGES.replyExists, {
        logMessage: `review ${reviewId} already has a reply`,
      });
    if (!row)
      throw notFoundError(REVIEW_TRUST_MESSAGES.replyNotFound, {
        logMessage: `review ${reviewId} has no reply of member ${memberId}`,
      });
    const [farm] = await tx
      .select({ username: members.username })
      .from(members)
      .where(eq(members.id, memberId));
    return { review, row, farm: farm?.username ?? "The farm" };
  });
  if (mode === "create")
    await afterCommit(db, "review reply email", (db) => sendReviewReplyMail(db, reviewId));
  return {
    productId: saved.review.productId,
    reply: {
      farm: saved.farm,
      reply: saved.row.content,
      created_on: saved.row.createdAt.toISOString(),
      updated_on: saved.row.updatedAt.toISOString(),
    },
  };
}
