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
 * value, or null when there is none. Depth-first, in document order. It walks with its own stack,
 * not by recursion: JSON nested thousands deep (`[[[[…]]]]`, a few kilobytes) must be a 4xx from
 * the schema, not a stack overflow and a 500.
 */
export function findNulCharacter(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | null {
  // Each visit knows its parent, so a path is built only for the value that is found.
  type Visit = { value: unknown; key: string | number | null; parent: Visit | null };
  const pathOf = (visit: Visit | null, last: (string | number)[] = []) => {
    const keys: (string | number)[] = [];
    for (let at = visit; at?.parent; at = at.parent) keys.push(at.key!);
    return [...path, ...keys.reverse(), ...last];
  };
  const pending: Visit[] = [{ value, key: null, parent: null }];
  while (pending.length > 0) {
    const visit = pending.pop()!;
    if (typeof visit.value === "string") {
      if (visit.value.includes("\u0000")) return pathOf(visit);
      continue;
    }
    if (visit.value === null || typeof visit.value !== "object") continue;
    const entries: [string | number, unknown][] = Array.isArray(visit.value)
      ? visit.value.map((item, index) => [index, item])
      : Object.entries(visit.value);
    for (const [key] of entries)
      if (typeof key === "string" && key.includes("\u0000"))
        return pathOf(visit, [key.replaceAll("\u0000", "")]);
    // Reversed onto the stack, so the first child is looked at first (document order).
    for (let i = entries.length - 1; i >= 0; i--)
      pending.push({ value: entries[i]![1], key: entries[i]![0], parent: visit });
  }
  return null;
}
