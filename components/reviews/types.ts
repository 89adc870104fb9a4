import type { ReviewPage } from "@/server/reviews/list-reviews";
import type { ReviewView } from "@/server/reviews/review-view";

export type { ReviewPage, ReviewView };

/**
 * Who reads the reviews, as far as the form cares: not known yet (the cached page before the
 * session part streams in), a visitor, or a member with their own review (null when none).
 */
export type ReviewsViewer =
  | { kind: "pending" }
  | { kind: "visitor" }
  | { kind: "member"; isOwnProduct: boolean; myReview: ReviewView | null };

/** What the review calls answer with (docs/api/reviews.md). */
export type ReviewListAnswer = ReviewPage & { myReview: ReviewView | null };
export type SaveReviewAnswer = { message: string; review: ReviewView };

/** Spec part 1 section 8 "Review": every failure reads the same. */
export const REVIEW_FAILURE_MESSAGE = "Oopsy, something went wrong";
export const NO_REVIEWS_MESSAGE = "No reviews for this item yet.";
