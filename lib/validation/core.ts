/**
 * The core of every field: text with one message at a time (empty, then too long, then bad
 * characters), optional fields, cross-field checks, flags and numbers. Works for a form
 * (react-hook-form with string inputs, "" for empty) and for a route handler (JSON, or multipart
 * strings): empty, null and missing read the same; numbers and booleans may come as strings.
 */
import { z } from "zod";
import { centsToDecimalString, parsePriceToCents } from "@/lib/money";
import { HEX32_PATTERN, normalizeText } from "./charsets";
import { MSG, tooLongMessage } from "./messages";
import { isRowId, NO_ROW_ID } from "@/lib/row-id";
export const LIMITS = {
  personName: 50,
  username: 30,
  email: 254,
  address: 200,
  city: 100,
  postalCode: 10,
  password: 256,
} as const;

export type Ctx = z.core.$RefinementCtx<unknown>;

/** Reports `message` on the field at `path` (relative to the value being checked). */
export function fail(ctx: Ctx, message: string, path?: PropertyKey[]): void {
  ctx.addIssue({ code: "custom", message, ...(path ? { path } : {}) });
}

export interface TextRule {
  /** Message when empty; without it the field is optional. */
  required?: string;
  max?: number;
  tooLong?: string;
  pattern?: RegExp;
  invalid?: string;
  /** Applied after the standard normalisation (NFC, straight quotes, trim). */
  normalize?: (text: string) => string;
  /**
   * The rule as the OpenAPI document states it (its JSON Schema `pattern`): what a client sends,
   * so it allows for `normalize` (a lower-case code the check reads in capitals). Without it the
   * document says only "text".
   */
  documented?: RegExp;
}

function checkText(text: string, rule: TextRule, ctx: Ctx): void {
  if (text.length === 0) {
    if (rule.required) fail(ctx, rule.required);
    return;
  }
  if (rule.max !== undefined && Array.from(text).length > rule.max) {
    fail(ctx, rule.tooLong ?? tooLongMessage(rule.max));
    return;
  }
  if (rule.pattern && !rule.pattern.test(text)) fail(ctx, rule.invalid ?? MSG.required);
}

/** A required text field: normalised, then checked against the rule. Output is the clean text. */
export function requiredText(rule: TextRule & { required: string }) {
  const schema = z
    .string({ error: rule.required })
    .overwrite((s) => (rule.normalize ? rule.normalize(normalizeText(s)) : normalizeText(s)))
    .superRefine((s, ctx) => checkText(s, rule, ctx as Ctx));
  return rule.documented ? schema.meta({ pattern: documentedPattern(rule.documented) }) : schema;
}

/** A documented pattern allows the spaces around the text that the normalisation trims. */
function documentedPattern(pattern: RegExp): string {
  return `^\\s*(?:${pattern.source.replace(/^\^/, "").replace(/\$$/, "")})\\s*$`;
}

function isBlank(value: unknown): boolean {
  return (
    value === undefined || value === null || (typeof value === "string" && value.trim() === "")
  );
}

/**
 * Empty, null or missing → null; anything else must pass `schema`. Null rather than undefined
 * so a service that writes the output clears the column instead of skipping it.
 */
export function optional<S extends z.ZodType>(schema: S) {
  return z
    .preprocess(
      (v: z.input<S> | null | undefined) => (isBlank(v) ? undefined : v),
      schema.optional(),
    )
    .transform((v): z.output<S> | null => (v === undefined ? null : v));
}

/** An optional text field (see `optional`). */
export function optionalText(rule: Omit<TextRule, "required">) {
  return optional(requiredText({ ...rule, required: rule.invalid ?? MSG.required }));
}

/**
 * Runs an object-level check even when some fields already failed, so a form shows every
 * problem at once. The check must read its fields defensively.
 */
export function crossCheck<T>(check: (value: Record<string, unknown>, ctx: Ctx) => void) {
  return z.superRefine<T>((value, ctx) => check(value as Record<string, unknown>, ctx as Ctx), {
    when: (payload) => typeof payload.value === "object" && payload.value !== null,
  });
}

/**
 * Validates a field only some inputs have (weight when sold by weight) from inside a cross
 * check, reporting the field schema's own messages at `field`.
 */
export function checkConditionalField(
  schema: z.ZodType,
  value: unknown,
  field: string,
  ctx: Ctx,
): void {
  const result = schema.safeParse(value);
  if (!result.success)
    for (const issue of result.error.issues) fail(ctx, issue.message, [field, ...issue.path]);
}

// ── numbers and flags ──────────────────────────────────────────────────────────────────────

const TRUE_WORDS = new Set(["true", "1", "on", "yes"]);
const FALSE_WORDS = new Set(["false", "0", "off", "no", ""]);

/** Reads a flag from a checkbox, JSON or multipart ("true", "1", "on"...). Unknown text stays as is. */
export function readFlag(value: unknown): unknown {
  if (typeof value === "number") return value === 1 ? true : value === 0 ? false : value;
  if (typeof value !== "string") return value;
  const word = value.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return value;
}

/** A boolean with a default for a missing value; "true"/"1"/"on"/"yes" and "false"/"0"/"off"/"no"/"" are read. */
export function flag(defaultValue: boolean) {
  return z.preprocess(
    (v: boolean | string | number | null | undefined) =>
      v === undefined || v === null ? defaultValue : readFlag(v),
    z.boolean({ error: MSG.invalidValue }),
  );
}

/**
 * A boolean that must be sent (a settings switch: a missing one is "Required Field", never a
 * default that would overwrite the saved value); read like `flag`.
 */
export function requiredFlag() {
  return z.preprocess(
    (v: boolean | string | number | null | undefined) => (v === null ? undefined : readFlag(v)),
    z.boolean({
      error: (issue) => (issue.input === undefined ? MSG.required : MSG.invalidValue),
    }),
  );
}

/** A whole number from a number or a digits-only string; anything else gives `message`. */
export function integer(
  message: string,
  { min, max, default: fallback }: { min?: number; max?: number; default?: number } = {},
) {
  let schema = z.number({ error: message }).int(message);
  if (min !== undefined) schema = schema.min(min, message);
  if (max !== undefined) schema = schema.max(max, message);
  return z.preprocess((v: number | string | null | undefined) => {
    if (isBlank(v)) return fallback;
    if (typeof v === "string") return /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
    return v;
  }, schema);
}

/**
 * A database id: a positive whole number. One past the columns' range (PostgreSQL `integer`,
 * lib/row-id.ts) names no row, exactly like an id that was deleted: it is read as 0, which no
 * serial column holds, so every service answers it as it answers a missing row (404, or the
 * call's own message) and nothing out of range ever reaches a query.
 */
export const id = (message: string = MSG.invalidValue) =>
  integer(message, { min: 1, max: Number.MAX_SAFE_INTEGER }).transform((value) =>
    isRowId(value) ? value : NO_ROW_ID,
  );

/** `page` of a paged list: starts at 1, defaults to 1. */
export const page = () => integer(MSG.invalidPage, { min: 1, max: 100_000, default: 1 });

/**
 * An amount with at most 2 decimals ("19.99", "5", 5.5), as a string normalised to 2 decimals
 * ("5.00", "5.50"): exact (string arithmetic), and what a numeric column takes. `min`/`max` are
 * in hundredths (cents for money).
 */
export function decimal2(
  messages: { required: string; invalid: string },
  { min = 0, max = 9_999_999 }: { min?: number; max?: number } = {},
) {
  return z
    .union([z.string({ error: messages.required }), z.number({ error: messages.invalid })], {
      error: messages.required,
    })
    .meta({ pattern: DECIMAL2_DOCUMENTED, minimum: min / 100, maximum: max / 100 })
    .transform((v) => (typeof v === "number" ? String(v) : v).trim())
    .superRefine((s, ctx) => {
      if (s.length === 0) return fail(ctx as Ctx, messages.required);
      const hundredths = parsePriceToCents(s);
      if (hundredths === null || hundredths < min || hundredths > max)
        fail(ctx as Ctx, messages.invalid);
    })
    .transform((s) => centsToDecimalString(parsePriceToCents(s) ?? 0));
}

/** What `decimal2` reads from text, as the document states it (a number is bounded instead). */
const DECIMAL2_DOCUMENTED = documentedPattern(/^\d+(?:\.\d{1,2})?$/);

/** 32 hex characters, in small letters (reseller identifier, the `ak` link parameter). */
export function hex32(message: string) {
  return requiredText({
    required: message,
    invalid: message,
    pattern: HEX32_PATTERN,
    normalize: (s) => s.toLowerCase(),
    documented: HEX32_PATTERN,
  });
}
