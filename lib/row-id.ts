/** Ids are PostgreSQL `integer`s: a larger number names no row (and must not reach a query). */
export const MAX_ROW_ID = 2_147_483_647;

/** What an id past the range is read as (lib/validation/core `id`): serial columns start at 1. */
export const NO_ROW_ID = 0;

export function isRowId(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= MAX_ROW_ID;
}

/**
 * A row id from a URL segment ("12"), or null for anything else ("abc", "0", "012", "1e3", too
 * large). Leading zeros are refused so one product has one URL.
 */
export function parseRowId(text: string | undefined): number | null {
  if (!text || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const value = Number(text);
  return isRowId(value) ? value : null;
}
