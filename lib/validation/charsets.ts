/**
 * The character sets of the spec's rules, built once. "Letters" means letters of any script
 * (Unicode \p{L} plus combining marks), so Québec names and "Jalapeño" pass; digits are 0-9.
 * Text is NFC-normalised and smart punctuation straightened before any set is checked.
 */

/** Phone keyboards type ’ “ ” – — … and no-break spaces; the spec's sets list the ASCII forms. */
export function straightenPunctuation(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201A\u201B\u2032\u02BC]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F\u2033]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/\u2026/g, "...")
    .replace(/[\u00A0\u2007\u202F]/g, " ");
}

/** NFC, straightened punctuation, trimmed: the form every free-text field is checked in. */
export function normalizeText(text: string): string {
  return straightenPunctuation(text.normalize("NFC")).trim();
}

const LETTERS = "\\p{L}\\p{M}";
const DIGITS = "0-9";

function escapeForClass(chars: string): string {
  return chars.replace(/[\\\]\[^-]/g, "\\$&");
}

interface CharsetSpec {
  letters?: boolean;
  digits?: boolean;
  /** "space" allows only U+0020; "any" allows every whitespace, newlines included. */
  whitespace?: "space" | "any";
  punctuation?: string;
}

function classBody({ letters, digits, whitespace, punctuation = "" }: CharsetSpec): string {
  return [
    letters ? LETTERS : "",
    digits ? DIGITS : "",
    whitespace === "any" ? "\\s" : whitespace === "space" ? " " : "",
    escapeForClass(punctuation),
  ].join("");
}

/** A whole-string matcher for a character set: `^[...]+$` (the empty string never matches). */
export function charset(spec: CharsetSpec): RegExp {
  return new RegExp(`^[${classBody(spec)}]+$`, "u");
}

/** Matches every character outside the set (global), for removing them. */
export function outsideCharset(spec: CharsetSpec): RegExp {
  return new RegExp(`[^${classBody(spec)}]`, "gu");
}

/** First and last names: letters, spaces, apostrophes. */
export const PERSON_NAME_CHARS = charset({ letters: true, whitespace: "space", punctuation: "'" });

/** Usernames: small letters, digits, underscore (ASCII: they appear in URLs). */
export const USERNAME_CHARS = /^[a-z0-9_]+$/;

/** Street address: letters, digits, spaces, comma, apostrophe, period, hyphen. */
export const ADDRESS_CHARS = charset({
  letters: true,
  digits: true,
  whitespace: "space",
  punctuation: ",'.-",
});

/**
 * City: letters, spaces, apostrophe, hyphen, and the period the spec leaves out: 179 towns of
 * the project's own place list are written with one (St. Catharines, Sault Ste. Marie).
 */
export const CITY_CHARS = charset({ letters: true, whitespace: "space", punctuation: "'.-" });

/** My Local address: letters, digits, space, hyphen, period. */
export const LOCAL_ADDRESS_CHARS = charset({
  letters: true,
  digits: true,
  whitespace: "space",
  punctuation: ".-",
});

/** My Local postal code before the country rule: letters, digits, space, hyphen. */
export const LOCAL_POSTAL_CHARS = /^[A-Za-z0-9 -]+$/;

/** Product name and detail, and reseller names: letters, digits, whitespace, - . , _ : ; ' " $ ! # ( ) / [ ]. */
export const PRODUCT_TEXT_CHARS = charset({
  letters: true,
  digits: true,
  whitespace: "any",
  punctuation: `-.,_:;'"$!#()/[]`,
});

/**
 * Reviews, and every other free text the spec calls "safe" or "limited" (messages, contact
 * content): letters, digits, whitespace, . , ' " _ - ? ! @ # $ % ^ & * ( ) + = \ / [ ] { } ; : ` ~.
 */
const SAFE_TEXT_SPEC: CharsetSpec = {
  letters: true,
  digits: true,
  whitespace: "any",
  punctuation: `.,'"_-?!@#$%^&*()+=\\/[]{};:\`~`,
};
export const SAFE_TEXT_CHARS = charset(SAFE_TEXT_SPEC);
/** Characters outside SAFE_TEXT_CHARS (global): what a message field names and offers to remove. */
export const SAFE_TEXT_DISALLOWED = outsideCharset(SAFE_TEXT_SPEC);

/** Merchant introduction: letters, digits and ' " ? ! - _ space . , (line breaks allowed too). */
export const INTRODUCTION_CHARS = charset({
  letters: true,
  digits: true,
  whitespace: "any",
  punctuation: `'"?!-_.,`,
});

/**
 * Search keywords: what names, emails, addresses and order numbers need, nothing that SQL
 * or HTML gives meaning to (no ; * % = < > \ `).
 */
const KEYWORD_SPEC: CharsetSpec = {
  letters: true,
  digits: true,
  whitespace: "space",
  punctuation: `.,'"-_@#&+()/:!?`,
};
export const KEYWORD_CHARS = charset(KEYWORD_SPEC);
/** Characters outside KEYWORD_CHARS (global), for removing them one by one. */
export const KEYWORD_DISALLOWED = outsideCharset(KEYWORD_SPEC);

/** text@text.text with no spaces (part 2 section 5, forgot password). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** (416) 555-1234 */
export const PHONE_FORMATTED_PATTERN = /^\(\d{3}\) \d{3}-\d{4}$/;
/** (416) 555-1234 or 4165551234 */
export const PHONE_LOOSE_PATTERN = /^(?:\(\d{3}\) \d{3}-\d{4}|\d{10})$/;

/** A1A or A1A 1A1 (registration: the second half is optional). */
export const CA_POSTAL_PATTERN = /^[A-Z]\d[A-Z](?: \d[A-Z]\d)?$/;
/** A1A 1A1 (delivery: a full code). */
export const CA_POSTAL_FULL_PATTERN = /^[A-Z]\d[A-Z] \d[A-Z]\d$/;
/** 12345 or 12345-6789 */
export const US_ZIP_PATTERN = /^\d{5}(?:-\d{4})?$/;

/** A province, territory or state code: two capitals (which ones depends on the country). */
export const REGION_CODE_PATTERN = /^[A-Z]{2}$/;

/** An opaque URL-safe token: reset codes, user keys, ids. */
export const URL_TOKEN_PATTERN = /^[A-Za-z0-9_-]+$/;

/** 32 hexadecimal characters: a reseller identifier, the `ak` of merchant registration. */
export const HEX32_PATTERN = /^[0-9a-fA-F]{32}$/;
