/** Product reviews (part 1 section 5 "Review"): saved as productId, reviewId, score, reviewContent. */
import { z } from "zod";
import { SAFE_TEXT_CHARS } from "./charsets";
import { MSG } from "./messages";
import { id, integer, optional, page, requiredText } from "./shared";

export const REVIEW_MAX_LENGTH = 2000;

/** 1 to 5 stars; 0 or no score means the product was not rated. */
export const reviewScore = () => integer(MSG.reviewRate, { min: 1, max: 5 });

/** Letters, digits, whitespace and . , ' " _ - ? ! @ # $ % ^ & * ( ) + = \ / [ ] { } ; : ` ~ */
export const reviewContent = () =>
  requiredText({
    required: MSG.reviewEmpty,
    invalid: MSG.reviewInvalid,
    max: REVIEW_MAX_LENGTH,
    pattern: SAFE_TEXT_CHARS,
  });

/** Write (no reviewId) or edit (reviewId) a review. */
export const reviewSchema = z.object({
  productId: id(),
  reviewId: optional(id()),
  score: reviewScore(),
  reviewContent: reviewContent(),
});

/** GET /api/products/{productId}/reviews?page= */
export const reviewListQuerySchema = z.object({ page: page() });

export type ReviewInput = z.input<typeof reviewSchema>;
export type Review = z.output<typeof reviewSchema>;
