import type { CartItem } from "@/lib/cart/types";
import type { Currency } from "@/lib/money";

/** The sum of the items that can be bought, per currency (a list may mix CAD and USD). */
export function totalsByCurrency(
  items: readonly CartItem[],
): { currency: Currency; cents: number }[] {
  const totals = new Map<Currency, number>();
  for (const item of items) {
    if (!item.purchasable) continue;
    totals.set(item.currency, (totals.get(item.currency) ?? 0) + item.unit_price_cents * item.qty);
  }
  return [...totals].map(([currency, cents]) => ({ currency, cents }));
}

export function hasMixedCurrencies(items: readonly CartItem[]): boolean {
  return new Set(items.map((item) => item.currency)).size > 1;
}
