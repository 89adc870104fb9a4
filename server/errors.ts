import "server-only";

/** The only error codes services throw, and the HTTP status each one answers with. */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  validation: 422,
  rate_limited: 429,
  internal: 500,
  /** A service we depend on (the card payment provider) did not answer; trying again may work. */
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export type FieldErrors = Record<string, string[]>;

/** What the user reads when the thrower gives no message of its own. */
const DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  bad_request: "The request could not be understood.",
  unauthorized: "Please log in to continue.",
  forbidden: "You are not allowed to do that.",
  not_found: "The page or item could not be found.",
  conflict: "This conflicts with the current state. Please reload and try again.",
  validation: "Please check the form.",
  rate_limited: "Too many attempts. Please try again later.",
  internal: "Something went wrong. Please try again later.",
  unavailable: "The service is not available right now. Please try again in a moment.",
};

export const GENERIC_ERROR_MESSAGE = DEFAULT_MESSAGES.internal;

export type AppErrorOptions = {
  /** For the log only: what happened, with ids. Defaults to the user-facing message. */
  logMessage?: string;
  /** For the log only: the underlying error. */
  cause?: unknown;
  /** Per-field messages, sent as `errors` (mostly with `validation`). */
  fieldErrors?: FieldErrors;
};

/**
 * An expected failure a service reports to its caller. `message` is what the user reads, so it
 * never carries ids, SQL or internals; `logMessage` and `cause` are for the log.
 *
 * `internal` is the exception: its message is logged and the user always gets the generic text,
 * so a hurried `new AppError("internal", err.message)` cannot leak anything.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly logMessage: string;
  readonly fieldErrors: FieldErrors | undefined;

  constructor(code: ErrorCode, message?: string, options: AppErrorOptions = {}) {
    super(
      message ?? DEFAULT_MESSAGES[code],
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = "AppError";
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.logMessage = options.logMessage ?? this.message;
    this.fieldErrors = options.fieldErrors;
  }

  /** The text sent to the client. */
  get publicMessage(): string {
    return this.code === "internal" ? GENERIC_ERROR_MESSAGE : this.message;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

// Shorthands for `throw notFound("The product could not be found.")`. Named with an `Error` suffix
// where next/navigation exports a same-named function that pages use.
export const badRequest = (message?: string, options?: AppErrorOptions) =>
  new AppError("bad_request", message, options);
export const unauthorizedError = (message?: string, options?: AppErrorOptions) =>
  new AppError("unauthorized", message, options);
export const forbiddenError = (message?: string, options?: AppErrorOptions) =>
  new AppError("forbidden", message, options);
export const notFoundError = (message?: string, options?: AppErrorOptions) =>
  new AppError("not_found", message, options);
export const conflict = (message?: string, options?: AppErrorOptions) =>
  new AppError("conflict", message, options);
export const rateLimited = (message?: string, options?: AppErrorOptions) =>
  new AppError("rate_limited", message, options);
export const internalError = (logMessage: string, cause?: unknown) =>
  new AppError("internal", undefined, { logMessage, cause });

/** A 422 with messages under fields, e.g. `validationError({ username: ["The username is taken."] })`. */
export const validationError = (fieldErrors: FieldErrors, message?: string) =>
  new AppError("validation", message, { fieldErrors });
