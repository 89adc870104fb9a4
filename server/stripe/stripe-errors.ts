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

/** Stripe did not answer, or answered that it failed (5xx, a timeout, rate limits): try later. */
export function isStripeUnavailable(error: unknown): boolean {
  const unwrapped = error instanceof AppError ? error.cause : error;
  if (error instanceof AppError && error.code === "unavailable") return true;
  return (
    unwrapped instanceof Stripe.errors.StripeConnectionError ||
    unwrapped instanceof Stripe.errors.StripeAPIError ||
    unwrapped instanceof Stripe.errors.StripeRateLimitError ||
    (unwrapped instanceof Stripe.errors.StripeError && (unwrapped.statusCode ?? 0) >= 500)
  );
}

/** Stripe has no such object (404 `resource_missing`): asking again cannot change that. */
export function isMissingAtStripe(error: unknown): boolean {
  const unwrapped = error instanceof AppError ? error.cause : error;
  return (
    unwrapped instanceof Stripe.errors.StripeError &&
    (unwrapped.statusCode === 404 || unwrapped.code === "resource_missing")
  );
}

/** Another request with the same idempotency key is running at Stripe right now (409). */
export function isKeyInUse(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeError &&
    (error.code === "idempotency_key_in_use" ||
      (error.type === "StripeIdempotencyError" && error.statusCode === 409))
  );
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
