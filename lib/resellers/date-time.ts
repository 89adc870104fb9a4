/**
 * The reseller transaction filter's dates: the call and the address carry "dd/mm/yyyy, hh:mm:ss"
 * (spec part 2 section 5), the page's date pickers (`<input type="datetime-local">`) hold
 * "yyyy-mm-ddThh:mm:ss". No zod here: the filter's client component imports this.
 */

const DMY_DATE_TIME = /^(\d{2})\/(\d{2})\/(\d{4}),? (\d{2}):(\d{2}):(\d{2})$/;
const PICKER_VALUE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;

/** True when the numbers name a real moment ("31/02/2024, 10:00:00" does not). */
function isRealMoment(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
) {
  const probe = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    probe.getUTCFullYear() === year &&
    probe.getUTCMonth() === month - 1 &&
    probe.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60
  );
}

/**
 * "dd/mm/yyyy, hh:mm:ss" (24 h, as en-GB `toLocaleString` writes it; the comma may be left out) →
 * "yyyy-mm-ddThh:mm:ss", a wall-clock time without zone, or null when it is not a real moment
 * ("31/02/2024, 10:00:00"). The service reads it in the marketplace's time zone.
 */
export function parseDmyDateTime(text: string): string | null {
  const match = DMY_DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [dd, mm, yyyy, hh, mi, ss] = match.slice(1) as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const real = isRealMoment(+yyyy, +mm, +dd, +hh, +mi, +ss);
  return real ? `${yyyy}-${mm}-${dd}T${hh}:${mi}:${ss}` : null;
}

/** The picker's value for a bound from the address: "" when the address's text is not a date. */
export function pickerValueOf(dmy: string): string {
  return parseDmyDateTime(dmy) ?? "";
}

/**
 * A picker's value → "dd/mm/yyyy, hh:mm:ss". The browser leaves out zero seconds
 * ("2026-11-01T09:30"), and may add milliseconds; "" stays "" (no bound). Anything else is
 * handed on as it is, for the filter's schema to refuse rather than drop.
 */
export function dmyOfPickerValue(value: string): string {
  const match = PICKER_VALUE.exec(value);
  if (!match) return value;
  const [yyyy, mm, dd, hh, mi, ss = "00"] = match.slice(1) as [
    string,
    string,
    string,
    string,
    string,
    string | undefined,
  ];
  return `${dd}/${mm}/${yyyy}, ${hh}:${mi}:${ss}`;
}
