import "server-only";
import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { createElement } from "react";
import { ReviewReplyEmail } from "@/emails/review-reply-email";
import type { Db } from "@/server/db/client";
import { members, products, reviewReplies, reviews } from "@/server/db/schema";
import { sendMail } from "@/server/email";
import { getEnv } from "@/server/env";
import { log } from "@/server/log";

const farms = alias(members, "farms");

/**
 * Mails the reviewer the farm's reply to their review, after the reply committed (sendMail skips
 * it when they turned `review_reply` mails off). A reply deleted meanwhile mails nobody; a mail
 * that fails is logged, never retried.
 */
export async function sendReviewReplyMail(db: Db, reviewId: number): Promise<void> {
  const [row] = await db
    .select({
      memberId: members.id,
      email: members.email,
      firstName: members.firstName,
      productId: products.id,
      productName: products.name,
      farm: farms.username,
      reply: reviewReplies.content,
    })
    .from(reviewReplies)
    .innerJoin(reviews, eq(reviews.id, reviewReplies.reviewId))
    .innerJoin(members, eq(members.id, reviews.memberId))
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(farms, eq(farms.id, products.merchantId))
    .where(eq(reviewReplies.reviewId, reviewId));
  if (!row) return;
  try {
    await sendMail(db, {
      to: row.email,
      subject: `${row.farm} replied to your review of ${row.productName}`,
      category: "review_reply",
      memberId: row.memberId,
      react: createElement(ReviewReplyEmail, {
        appUrl: getEnv().APP_URL,
        firstName: row.firstName,
        productId: row.productId,
        productName: row.productName,
        farm: row.farm,
        reply: row.reply,
      }),
    });
  } catch (error) {
    log.error({ err: error, reviewId }, "review reply email not sent");
  }
}
