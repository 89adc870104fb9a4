/**
 * How ratings are ranked and read out (decision 0047). Pure: the counters are kept in SQL by
 * server/reviews/rating-counters.ts, which writes the same formula.
 */

/** Reviews a product or farm needs before sort by rating ranks it at all. */
export const RATING_MIN_COUNT = 3;
/** The Bayesian prior: every rating starts as this many reviews... */
export const RATING_PRIOR_WEIGHT = 5;
/** ...of this many stars (the middle of the scale). */
export const RATING_PRIOR_MEAN = 3;

/**
 * Sort by rating's key: the Bayesian average (C·m + Σ scores) / (C + n) with C =
 * RATING_PRIOR_WEIGHT and m = RATING_PRIOR_MEAN, once n ≥ RATING_MIN_COUNT; 0 before (such
 * products come after every ranked one). So one 5-star review never outranks twelve at 4.6.
 */
export function ratingRank(count: number, scoreSum: number): number {
  if (count < RATING_MIN_COUNT) return 0;
  const rank = (RATING_PRIOR_WEIGHT * RATING_PRIOR_MEAN + scoreSum) / (RATING_PRIOR_WEIGHT + count);
  return Math.round(rank * 10_000) / 10_000;
}

/** "4.6 out of 5, 12 reviews" (one decimal), "No reviews yet" without any. */
export function ratingLabel(score: number, count: number): string {
  if (!(count > 0)) return "No reviews yet";
  const rounded = Math.round(score * 10) / 10;
  return `${rounded} out of 5, ${count} ${count === 1 ? "review" : "reviews"}`;
}

/** A distribution's bar width: its share of all reviews, 0-100 (whole percent). */
export function ratingShare(count: number, total: number): number {
  return total > 0 ? Math.round((count / total) * 100) : 0;
}
