import "server-only";
import { and, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "@/server/db/client";
import { members, products, reviewReplies, reviews } from "@/server/db/schema";
import { imageUrl } from "@/server/storage";
import { visibleReplies } from "./visible-reviews";

/** The farm's public reply under a review (issue 44, item 2). */
export type ReviewReplyView = {
  /** The farm's name (its username, as its store page shows it). */
  farm: string;
  reply: string;
  /** ISO times the reply was first written and last changed. */
  created_on: string;
  updated_on: string;
};

/**
 * A review as the product page and `GET /api/products/{productId}/reviews` show it (spec part 1
 * section 3 "Review": id, username, avatar_image, score, review text, created_on, author flag),
 * with what issue 44 adds around it: the verified-buyer mark, the farm's reply and, for the
 * author's own review only, whether an operator hid it.
 */
export type ReviewView = {
  id: number;
  username: string;
  /** URL of the reviewer's 400 px avatar, or null. */
  avatar_image: string | null;
  /** 1 to 5. */
  score: number;
  review: string;
  /** ISO time the review was first written. */
  created_on: string;
  /** True when the viewer wrote it (only the author may edit or delete it). */
  author: boolean;
  /** The author received the product (decided on the server, decision 0049). */
  verified_buyer: boolean;
  /** The farm's reply, or null (a hidden reply is null too). */
  reply: ReviewReplyView | null;
  /** True only on the author's own review when an operator hid it; public lists never hold one. */
  hidden: boolean;
};

/** The product's farm, beside the reviewer (both are members). */
const farms = alias(members, "farms");

/** The columns a review is read with (selectReviewViews gives the joins). */
export const REVIEW_VIEW_COLUMNS = {
  id: reviews.id,
  memberId: reviews.memberId,
  score: reviews.score,
  content: reviews.content,
  createdAt: reviews.createdAt,
  verifiedBuyer: reviews.verifiedBuyer,
  hiddenAt: reviews.hiddenAt,
  username: members.username,
  avatarImage: members.avatarImage,
  replyContent: reviewReplies.content,
  replyCreatedAt: reviewReplies.createdAt,
  replyUpdatedAt: reviewReplies.updatedAt,
  farmName: farms.username,
};

/**
 * SELECT REVIEW_VIEW_COLUMNS FROM reviews with the reviewer, the product's farm and the visible
 * reply joined: one statement however many reviews; add the WHERE (with `visibleReviews()` for
 * every public read), order and limit.
 */
export function selectReviewViews(db: Pick<Db, "select">) {
  return db
    .select(REVIEW_VIEW_COLUMNS)
    .from(reviews)
    .innerJoin(members, eq(members.id, reviews.memberId))
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(farms, eq(farms.id, products.merchantId))
    .leftJoin(reviewReplies, and(eq(reviewReplies.reviewId, reviews.id), visibleReplies()));
}

export type ReviewViewRow = {
  id: number;
  memberId: number;
  score: number;
  content: string;
  createdAt: Date;
  verifiedBuyer: boolean;
  hiddenAt: Date | null;
  username: string;
  avatarImage: string | null;
  replyContent: string | null;
  replyCreatedAt: Date | null;
  replyUpdatedAt: Date | null;
  farmName: string | null;
};

/** A row read with REVIEW_VIEW_COLUMNS as the viewer (a member id, or null for a visitor) sees it. */
export function toReviewView(row: ReviewViewRow, viewerId: number | null): ReviewView {
  const author = viewerId !== null && row.memberId === viewerId;
  return {
    id: row.id,
    username: row.username,
    avatar_image: row.avatarImage ? imageUrl(row.avatarImage, "sm") : null,
    score: row.score,
    review: row.content,
    created_on: row.createdAt.toISOString(),
    author,
    verified_buyer: row.verifiedBuyer,
    reply:
      row.replyContent !== null && row.replyCreatedAt && row.replyUpdatedAt
        ? {
            farm: row.farmName ?? "The farm",
            reply: row.replyContent,
            created_on: row.replyCreatedAt.toISOString(),
            updated_on: row.replyUpdatedAt.toISOString(),
          }
        : null,
    hidden: author && row.hiddenAt !== null,
  };
}
