/**
 * Building blocks every domain schema is made of: people (names, username, email, phone,
 * password) and places (country, address, city, province/state, postal code), on top of the
 * core field helpers re-exported from ./core.
 */
import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "@/lib/constants";
import { formatPhoneInput } from "@/lib/input-format";
import { COUNTRY_NAMES, parseCountry, isRegionOf, type CountryCode } from "@/lib/regions";
import {
  ADDRESS_CHARS,
  CA_POSTAL_FULL_PATTERN,
  CA_POSTAL_PATTERN,
  CITY_CHARS,
  EMAIL_PATTERN,
  PERSON_NAME_CHARS,
  PHONE_FORMATTED_PATTERN,
  PHONE_LOOSE_PATTERN,
  REGION_CODE_PATTERN,
  US_ZIP_PATTERN,
  USERNAME_CHARS,
} from "./charsets";
import { crossCheck, fail, LIMITS, requiredText, type Ctx } from "./core";
import { MSG, tooLongMessage } from "./messages";

export * from "./core";

// ── people ─────────────────────────────────────────────────────────────────────────────────

/** Letters, spaces, apostrophes; repeated spaces collapse. */
export function personName(messages: { required: string; invalid: string }) {
  return requiredText({
    ...messages,
    max: LIMITS.personName,
    pattern: PERSON_NAME_CHARS,
    normalize: (s) => s.replace(/ {2,}/g, " "),
  });
}

export const firstName = (required: string = MSG.required) =>
  personName({ required, invalid: MSG.invalidFirstName });
export const lastName = (required: string = MSG.required) =>
  personName({ required, invalid: MSG.invalidLastName });

/** Small letters, digits, underscore. The message differs between registration and profile. */
export function username(invalid: string) {
  return requiredText({
    required: MSG.required,
    invalid,
    max: LIMITS.username,
    pattern: USERNAME_CHARS,
  });
}

/** text@text.text without spaces; stored in small letters so sign-in ignores case. */
export function email(required: string = MSG.required) {
  return requiredText({
    required,
    invalid: MSG.invalidEmail,
    max: LIMITS.email,
    pattern: EMAIL_PATTERN,
    normalize: (s) => s.toLowerCase(),
  });
}

/** Registration and profile: (NNN) NNN-NNNN only (the form formats while typing). */
export function phoneFormatted(required: string = MSG.required) {
  return requiredText({
    required,
    invalid: MSG.invalidPhone,
    pattern: PHONE_FORMATTED_PATTERN,
    documented: PHONE_FORMATTED_PATTERN,
  });
}

/** Delivery and resellers: (NNN) NNN-NNNN or 10 digits; stored in the formatted form. */
export function phoneLoose(required: string = MSG.required) {
  return requiredText({
    required,
    invalid: MSG.invalidPhone,
    pattern: PHONE_LOOSE_PATTERN,
    documented: PHONE_LOOSE_PATTERN,
  }).transform((s) => formatPhoneInput(s));
}

/**
 * The password rule: at least 12 characters with a small letter, a capital, a digit and a
 * symbol. "Symbol" is any character that is not a letter, digit or space; the message's list
 * (!@#$%^*) gives examples. Never trimmed.
 */
export function isStrongPassword(password: string): boolean {
  return (
    Array.from(password).length >= PASSWORD_MIN_LENGTH &&
    /\p{Ll}/u.test(password) &&
    /\p{Lu}/u.test(password) &&
    /[0-9]/.test(password) &&
    /[^\p{L}\p{N}\s]/u.test(password)
  );
}

export function password(messages: { required: string; rule: string }) {
  return z.string({ error: messages.required }).superRefine((s, ctx) => {
    if (s.length === 0) return fail(ctx as Ctx, messages.required);
    if (s.length > LIMITS.password) return fail(ctx as Ctx, tooLongMessage(LIMITS.password));
    if (!isStrongPassword(s)) fail(ctx as Ctx, messages.rule);
  });
}

/** A confirmation field: only non-empty here; equality is a cross-field check. */
export function passwordConfirmation(required: string = MSG.required) {
  return z.string({ error: required }).min(1, required);
}

// ── address ────────────────────────────────────────────────────────────────────────────────

/**
 * The names `parseCountry` reads, as the document states them: any case, dots anywhere ("U.S.A."),
 * any spaces between words.
 */
const COUNTRY_DOCUMENTED = new RegExp(
  `^\\.*(?:${COUNTRY_NAMES.map((name) =>
    Array.from(name, (c) => (c === " " ? "[\\s.]+" : `[${c}${c.toUpperCase()}]\\.*`)).join(""),
  ).join("|")})$`,
);

/** Canada or the United States, written as a code or a name; the output is "CA" or "US". */
export function country(required: string = MSG.required) {
  return requiredText({ required, documented: COUNTRY_DOCUMENTED })
    .superRefine((s, ctx) => {
      if (s.length > 0 && !parseCountry(s)) fail(ctx as Ctx, MSG.invalidCountry);
    })
    .transform((s) => parseCountry(s) as CountryCode);
}

export const address = () =>
  requiredText({
    required: MSG.required,
    invalid: MSG.invalidAddress,
    max: LIMITS.address,
    pattern: ADDRESS_CHARS,
  });

export const city = () =>
  requiredText({
    required: MSG.required,
    invalid: MSG.invalidCity,
    max: LIMITS.city,
    pattern: CITY_CHARS,
  });

/** Two letters, in capitals; whether the country has it is checked with the country (`checkRegionAndPostal`). */
export const provinceState = () =>
  requiredText({
    required: MSG.required,
    invalid: MSG.invalidProvinceState,
    pattern: REGION_CODE_PATTERN,
    normalize: (s) => s.toUpperCase(),
    documented: /^[A-Za-z]{2}$/,
  });

/** Capitals, single spaces; a 6-character Canadian code gets its space: "a1a1a1" → "A1A 1A1". */
export function normalizePostalCode(value: string): string {
  const upper = value.trim().toUpperCase().replace(/\s+/g, " ");
  return /^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(upper) ? `${upper.slice(0, 3)} ${upper.slice(3)}` : upper;
}

/** Normalised and required; the country rule is applied by `checkRegionAndPostal`. */
export const postalCode = () =>
  requiredText({
    required: MSG.required,
    max: LIMITS.postalCode,
    invalid: MSG.invalidPostalCode,
    normalize: normalizePostalCode,
    documented: POSTAL_DOCUMENTED,
  });

/** A Canadian code (the first half alone where the rule allows it) or a ZIP, in any case. */
const POSTAL_DOCUMENTED = /^(?:[A-Za-z]\d[A-Za-z](?:\s*\d[A-Za-z]\d)?|\d{5}(?:-\d{4})?)$/;

export type PostalRule = "full" | "fsa-allowed";

/** The message for a postal code that breaks its country's rule, or null when it is fine. */
export function postalCodeProblem(
  country: CountryCode,
  code: string,
  rule: PostalRule = "full",
): string | null {
  if (country === "US") return US_ZIP_PATTERN.test(code) ? null : MSG.invalidZipCode;
  const pattern = rule === "full" ? CA_POSTAL_FULL_PATTERN : CA_POSTAL_PATTERN;
  return pattern.test(normalizePostalCode(code)) ? null : MSG.invalidPostalCode;
}

/**
 * Cross-field address rules: the province/state must belong to the country, the postal code
 * must follow the country's rule. Reads raw values defensively (fields may have failed).
 */
export function checkRegionAndPostal(
  value: { country?: unknown; provinceState?: unknown; postalCode?: unknown },
  ctx: Ctx,
  rule: PostalRule = "full",
): void {
  const code = typeof value.country === "string" ? parseCountry(value.country) : undefined;
  if (!code) return;
  const region = value.provinceState;
  if (typeof region === "string" && REGION_CODE_PATTERN.test(region) && !isRegionOf(code, region)) {
    fail(ctx, MSG.invalidProvinceState, ["provinceState"]);
  }
  const postal = value.postalCode;
  if (typeof postal === "string" && postal.length > 0 && postal.length <= LIMITS.postalCode) {
    const problem = postalCodeProblem(code, postal, rule);
    if (problem) fail(ctx, problem, ["postalCode"]);
  }
}

/** Confirmation must equal the password; reported on the confirmation field once both are filled. */
export function passwordsMatch(passwordField: string, confirmField: string, message: string) {
  return crossCheck((value, ctx) => {
    const a = value[passwordField];
    const b = value[confirmField];
    if (typeof a === "string" && typeof b === "string" && a !== "" && b !== "" && a !== b)
      fail(ctx, message, [confirmField]);
  });
}
