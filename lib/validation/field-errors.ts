/**
 * The wire shape of a validation error (ARCHITECTURE section 4):
 * `{ "message": "...", "errors": { "field": ["msg", ...] } }`, and how forms display it.
 */

export type FieldErrors = Record<string, string[]>;

/** Key for an issue that belongs to the whole input rather than one field. */
export const FORM_ERROR_KEY = "_form";

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * ZodError (or anything with `issues`) → `{ field: [messages] }`. Nested paths join with dots
 * ("items.0.qty"); a message appears once per field, in the order found.
 */
export function toFieldErrors(error: { issues: readonly IssueLike[] }): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length === 0 ? FORM_ERROR_KEY : issue.path.map(String).join(".");
    const list = (out[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return out;
}

export type JoinStyle = "space" | "comma";

/**
 * One display string per field: registration joins a field's messages with spaces, the product
 * form with commas (part 1 section 5, part 2 section 8).
 */
export function joinFieldErrors(errors: FieldErrors, style: JoinStyle): Record<string, string> {
  const separator = style === "space" ? " " : ", ";
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [field, messages.join(separator)]),
  );
}
