/**
 * Stripe's error answers: `{ error: { type, code?, decline_code?, message, param?, ... } }` with the
 * HTTP status Stripe uses for each type, because the SDK picks its error class from the status
 * (400/404 → StripeInvalidRequestError or, for type idempotency_error, StripeIdempotencyError;
 * 401 → StripeAuthenticationError; 402 → StripeCardError; 409 and 5xx → StripeAPIError).
 */

export type ErrorBody = {
  type: "invalid_request_error" | "card_error" | "idempotency_error" | "api_error";
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  [extra: string]: unknown;
};

/** Thrown by handlers; the server turns it into the answer. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message);
  }

  toJSON(): { error: ErrorBody } {
    return { error: this.body };
  }
}

function withDocUrl(body: ErrorBody): ErrorBody {
  if (!body.code) return body;
  return {
    ...body,
    doc_url: `https://stripe.com/docs/error-codes/${body.code.replace(/_/g, "-")}`,
  };
}

export function invalidRequest(
  message: string,
  details: { code?: string; param?: string; status?: number; [extra: string]: unknown } = {},
): StripeApiError {
  const { status = 400, ...rest } = details;
  return new StripeApiError(
    status,
    withDocUrl({ type: "invalid_request_error", message, ...rest }),
  );
}

export function missingParam(param: string): StripeApiError {
  return invalidRequest(`Missing required param: ${param}.`, { code: "parameter_missing", param });
}

export function invalidParam(param: string, message: string): StripeApiError {
  return invalidRequest(message, { code: "parameter_invalid", param });
}

export function resourceMissing(label: string, id: string, param?: string): StripeApiError {
  return invalidRequest(`No such ${label}: '${id}'`, {
    code: "resource_missing",
    status: 404,
    ...(param ? { param } : {}),
  });
}

/** A 402: the card was refused. `extra` carries payment_intent / setup_intent / charge as Stripe does. */
export function cardError(
  decline: { code: string; declineCode?: string; message: string; param?: string },
  extra: Record<string, unknown> = {},
): StripeApiError {
  return new StripeApiError(
    402,
    withDocUrl({
      type: "card_error",
      code: decline.code,
      ...(decline.declineCode ? { decline_code: decline.declineCode } : {}),
      message: decline.message,
      ...(decline.param ? { param: decline.param } : {}),
      ...extra,
    }),
  );
}

export function authError(message: string): StripeApiError {
  return new StripeApiError(401, { type: "invalid_request_error", message });
}

export function apiError(): StripeApiError {
  return new StripeApiError(500, {
    type: "api_error",
    message: "An unknown error occurred. (injected by the Stripe fake)",
  });
}
