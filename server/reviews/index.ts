import "server-only";

// What other domains may use of reviews.
export { deleteReview } from "./delete-review";
export { getMyReview } from "./get-my-review";
export { getCachedFirstReviews, listReviews, type ReviewPage } from "./list-reviews";
export { REVIEW_MESSAGES } from "./messages";
export { recountRatings, type RecountedRatings } from "./rating-counters";
export { expireReviewPages } from "./invalidate-review-caches";
export { markVerifiedBuyers } from "./verified-buyer";
export { visibleReviews, visibleReplies } from "./visible-reviews";
export { saveReview, type SaveReviewResult } from "./save-review";
export type { ReviewView } from "./review-view";
