/**
 * Stock by quantity (issue 41, decision 0042), as the pages, the cart and the checkout all read
 * it. A product is unlimited (`available_qty` null) or has a quantity left in its own unit: each,
 * or its weight unit when sold by weight. A customer buys whole units of `unit_weight` (one jar,
 * one 2 lbs bag), so what they can buy is the quantity left divided by the unit weight, rounded
 * down. Client-safe: no zod, no server code.
 */

/** The most a farm may say it has (the form's "absurd" bound). */
export const STOCK_MAX = 1_000_000;
/** "Only N left" shows from this many units down, unless the farm says otherwise. */
export const DEFAULT_LOW_STOCK_AT = 5;

/** Hundredths of a numeric(10,2) value given as text or number ("12.50" → 1250), exactly. */
function hundredths(value: string | number): number {
  const text = typeof value === "number" ? value.toFixed(2) : value.trim();
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return Math.round(Number(text) * 100);
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/**
 * Whole units a customer can buy now: null when the product is unlimited, else the quantity left
 * over the unit weight, rounded down (10 kg at 3 kg a unit is 3).
 */
export function unitsLeft(
  availableQty: string | number | null,
  unitWeight: string | number,
): number | null {
  if (availableQty === null) return null;
  const per = hundredths(unitWeight);
  return per > 0 ? Math.floor(hundredths(availableQty) / per) : 0;
}

/** True when the page should say "Only N left": some left, and no more than the farm's threshold. */
export function isLowStock(units: number | null, lowStockAt: number): units is number {
  return units !== null && units > 0 && units <= lowStockAt;
}

/** The hint under the price on the store and product pages. */
export function onlyLeftText(units: number): string {
  return `Only ${units} left`;
}

/** What the cart answers when a quantity asks for more than is left (the product named). */
export function onlyLeftMessage(name: string, units: number): string {
  if (units <= 0) return `${name} is sold out.`;
  return `Only ${units} of ${name} ${units === 1 ? "is" : "are"} left.`;
}

/** The amount of stock `qty` units take, as numeric text ("7.50"), exactly. */
export function stockNeeded(qty: number, unitWeight: string | number): string {
  const total = qty * hundredths(unitWeight);
  return `${Math.floor(total / 100)}.${String(total % 100).padStart(2, "0")}`;
}
