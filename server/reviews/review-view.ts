import "server-only";
import { members, reviews } from "@/server/db/schema";
import { imageUrl } from "@/server/storage";

/**
 * A review as the product page and `GET /api/products/{productId}/reviews` show it (spec part 1
 * section 3 "Review": id, username, avatar_image, score, review text, created_on, author flag).
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
};

/** The columns a review is read with; join `members` on `reviews.member_id`. */
export const REVIEW_VIEW_COLUMNS = {
  id: reviews.id,
  memberId: reviews.memberId,
  score: reviews.score,
  content: reviews.content,
  createdAt: reviews.createdAt,
  username: members.username,
  avatarImage: members.avatarImage,
};

export type ReviewViewRow = {
  id: number;
  memberId: number;
  score: number;
  content: string;
  createdAt: Date;
  username: string;
  avatarImage: string | null;
};

/** A row read with REVIEW_VIEW_COLUMNS as the viewer (a member id, or null for a visitor) sees it. */
export function toReviewView(row: ReviewViewRow, viewerId: number | null): ReviewView {
  return {
    id: row.id,
    username: row.username,
    avatar_image: row.avatarImage ? imageUrl(row.avatarImage, "sm") : null,
    score: row.score,
    review: row.content,
    created_on: row.createdAt.toISOString(),
    author: viewerId !== null && row.memberId === viewerId,
  };
}
