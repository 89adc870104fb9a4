import "server-only";
import { SUBSCRIPTION_REQUIRED, SUBSCRIPTION_REQUIRED_MESSAGE } from "@/lib/validation/messaging";
import { AppError, forbiddenError, notFoundError } from "@/server/errors";

/** What the callers read (spec part 1 section 8; the rest are ours). */
export const MESSAGING_MESSAGES = {
  sent: "Successfully Sent!",
  deleted: "The conversation has been deleted.",
  notFound: "The conversation could not be found.",
} as const;

/** Anyone who is not one of the two sides gets the same 404 as for a missing conversation. */
export const conversationNotFound = (): AppError => notFoundError(MESSAGING_MESSAGES.notFound);

/**
 * The plan gate's refusal: a 403 whose `errors.plan` carries the 'Hey There!' modal state, so the
 * page can tell it from any other refusal.
 */
export const subscriptionRequired = (): AppError =>
  forbiddenError(SUBSCRIPTION_REQUIRED_MESSAGE, {
    fieldErrors: { plan: [SUBSCRIPTION_REQUIRED] },
  });
