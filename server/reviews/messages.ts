/** What the review calls answer (spec part 1 section 8 "Review"), word for word. */
export const REVIEW_MESSAGES = {
  added: "Your review has been added",
  updated: "Your review has been updated",
  deleted: "The review has been deleted!",
  productNotFound: "This product is not available for reviews.",
  reviewNotFound: "The review could not be found.",
  ownProduct: "You cannot review your own product.",
} as const;

/** What the reply, report and moderation calls answer (issue 44, decision 0049). */
export const REVIEW_TRUST_MESSAGES = {
  replyAdded: "Your reply has been posted.",
  replyUpdated: "Your reply has been updated.",
  replyDeleted: "Your reply has been deleted.",
  replyNotFound: "There is no reply to this review.",
  replyNotYours: "Only the farm that sells this product can reply to its reviews.",
  replyExists: "This review already has your reply. Edit it instead.",
  reviewHidden:
    "This review was hidden by our moderators, so it can no longer be replied to or reported.",
  replyHidden: "This reply was hidden by our moderators, so it can no longer be reported.",
  reported: "Thank you. Our moderators will look at it.",
  reportOwn: "You cannot report your own words.",
  reportedBefore: "You have already reported this.",
  hidden: "It is hidden now.",
  restored: "It is shown again.",
  dismissed: "The reports were dismissed.",
  nothingToDismiss: "There is no open report to dismiss.",
  alreadyHidden: "It is already hidden.",
  notHidden: "It is not hidden.",
} as const;
