import "server-only";
import { isNull } from "drizzle-orm";
import { reviewReplies, reviews } from "@/server/db/schema";

/**
 * The one condition every public read of reviews goes through (pages, lists, counts, score and
 * structured data, decision 0049): a review an operator hid is left out everywhere at once. Only
 * the author's own reads (getMyReview, the viewer answer) and the moderation queue see it.
 */
export const visibleReviews = () => isNull(reviews.hiddenAt);

/** The same for the farm's replies: a hidden reply is left out under its review. */
export const visibleReplies = () => isNull(reviewReplies.hiddenAt);
