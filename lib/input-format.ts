/**
 * As-you-type formatting for form inputs, and the country defaults of registration and
 * delivery. Pure and client-safe; the validation schemas apply the same normalisation on submit.
 */
import type { Currency } from "./money";
import { PHONE_MAX_LENGTH } from "./constants";
import { getCountry, type CountryCode } from "./regions";

/**
 * "4165551234" → "(416) 555-1234"; partial input stays partial: "41" → "(41", "41655" →
 * "(416) 55". Never longer than 14 characters. Nothing is appended after the last digit, so
 * backspace always removes a digit. An 11-digit number starting with the country code 1
 * (a pasted "+1 416 555 1234") drops the 1: North American area codes never start with 1.
 */
export function formatPhoneInput(value: string): string {
  let digits = value.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  digits = digits.slice(0, 10);
  if (digits.length === 0) return "";
  const area = digits.slice(0, 3);
  const prefix = digits.slice(3, 6);
  const line = digits.slice(6);
  let out = `(${area}`;
  if (prefix) out += `) ${prefix}`;
  if (line) out += `-${line}`;
  return out.slice(0, PHONE_MAX_LENGTH);
}

/** "m5v3l9" → "M5V 3L9", "m5v" → "M5V": capitals, at most 6 letters and digits, a space after 3. */
export function formatCanadianPostalInput(value: string): string {
  const chars = value
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")
    .slice(0, 6);
  return chars.length > 3 ? `${chars.slice(0, 3)} ${chars.slice(3)}` : chars;
}

/** "123456789" → "12345-6789", "1234" → "1234": digits only, a hyphen after 5. */
export function formatZipInput(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 9);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}

export function formatPostalCodeInput(value: string, country: CountryCode): string {
  return country === "CA" ? formatCanadianPostalInput(value) : formatZipInput(value);
}

/** Canada gives CAD, the United States USD (part 1 section 5). */
export function currencyForCountry(country: CountryCode): Currency {
  return getCountry(country).currency;
}

/** The default country follows the visitor's location: US gives United States, otherwise Canada. */
export function defaultCountry(visitorCountryCode?: string | null): CountryCode {
  return visitorCountryCode?.trim().toUpperCase() === "US" ? "US" : "CA";
}
