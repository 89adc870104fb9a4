import "server-only";

export const JSON_MEDIA_TYPE = "application/json";
export const MULTIPART_MEDIA_TYPE = "multipart/form-data";
export const FORM_MEDIA_TYPE = "application/x-www-form-urlencoded";

/**
 * Thrown when a handler reads a body sent under a content type it does not take; route() answers
 * 415. The point is CSRF as much as hygiene: a page of another site can post `text/plain` (or a
 * form) without a CORS preflight, but never `application/json`, so a JSON call that insists on its
 * content type cannot be forged by a plain form or a "simple" fetch.
 */
export class UnsupportedMediaTypeError extends Error {
  override name = "UnsupportedMediaTypeError";
  constructor(readonly accepted: readonly string[]) {
    super(unsupportedMediaTypeMessage(accepted));
  }
}

export function unsupportedMediaTypeMessage(accepted: readonly string[]): string {
  return `The request body must be sent as ${accepted.join(" or ")}.`;
}

/** `type/subtype` of the request's Content-Type, lower-cased and without parameters; null if none. */
export function mediaTypeOf(req: Request): string | null {
  const header = req.headers.get("content-type");
  if (header === null) return null;
  const type = header.split(";")[0]!.trim().toLowerCase();
  return type || null;
}

/** @throws UnsupportedMediaTypeError unless the request's media type is one of `accepted`. */
export function requireContentType(req: Request, accepted: readonly string[]): void {
  const type = mediaTypeOf(req);
  if (type === null || !accepted.includes(type)) throw new UnsupportedMediaTypeError(accepted);
}
