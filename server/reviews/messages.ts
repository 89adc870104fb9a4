/** What the review calls answer (spec part 1 section 8 "Review"), word for word. */
export const REVIEW_MESSAGES = {
  added: "Your review has been added",
  updated: "Your review has been updated",
  deleted: "The review has been deleted!",
  productNotFound: "This product is not available for reviews.",
  reviewNotFound: "The review could not be found.",
  ownProduct: "You cannot review your own product.",
} as const;
