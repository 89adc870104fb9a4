// Not marked server-only: proxy.ts imports it (the proxy bundle refuses server-only modules).

/**
 * Input that can never be right, refused at the edge before any service runs (issue 22): PostgreSQL
 * text cannot hold NUL (U+0000), so a NUL that reaches a query fails it with a 500 and logs the
 * statement and its parameters; a broken percent-escape in a path makes Next's route matching
 * throw. route() and proxy.ts answer both with a 4xx in the API's error shape.
 */

/** What a client reads for a path that cannot be decoded or holds a control character. */
export const MALFORMED_PATH_MESSAGE = "The address is not valid.";

/** What a client reads, under the field, for a value holding NUL. */
export const NUL_CHARACTER_MESSAGE = "This field contains a character that is not allowed.";

/** C0 control characters and DEL: never part of a path segment this site serves. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** Whether a decoded path segment or route parameter holds a control character. */
export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/** Whether a raw (still percent-encoded) pathname has a broken escape or decodes to a control character. */
export function isMalformedPath(rawPathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPathname);
  } catch {
    return true;
  }
  return hasControlCharacter(decoded);
}

/**
 * The path (["items", 0, "name"]) of the first string or object key holding NUL in a parsed JSON
 * value, or null when there is none. Depth-first, in document order.
 */
export function findNulCharacter(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNulCharacter(item, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes("\u0000")) return [...path, key.replaceAll("\u0000", "")];
      const found = findNulCharacter(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
