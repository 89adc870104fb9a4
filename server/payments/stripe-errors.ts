import "server-only";
import Stripe from "stripe";
import { AppError } from "@/server/errors";

export const PAYMENT_SERVICE_UNAVAILABLE_MESSAGE =
  "We could not reach the card payment service. Please try again in a moment.";

/**
 * Runs one Stripe call and turns its failures into what the customer can act on: Stripe down, slow
 * or rate limiting us is a 503 "try again" (our idempotency keys make the retry safe); a card error
 * carries Stripe's own message for the customer; anything else (a bug on our side, a key that was
 * refused) is an internal error whose details go to the log only.
 */
export async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toAppError(what, error);
  }
}

export function toAppError(what: string, error: unknown): unknown {
  if (error instanceof AppError || !(error instanceof Stripe.errors.StripeError)) return error;
  const logMessage = `stripe: ${what} failed (${error.type}${error.code ? ` ${error.code}` : ""})`;
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    (error.statusCode ?? 0) >= 500
  ) {
    return new AppError("unavailable", PAYMENT_SERVICE_UNAVAILABLE_MESSAGE, {
      logMessage,
      cause: error,
    });
  }
  if (error instanceof Stripe.errors.StripeCardError)
    return new AppError("conflict", error.message, { logMessage, cause: error });
  return new AppError("internal", undefined, { logMessage, cause: error });
}
