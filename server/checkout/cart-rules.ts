import "server-only";
import type { Currency, PaymentType } from "@/lib/constants";
import { stockNeeded, unitsLeft } from "@/lib/catalog/stock";
import type { CartLine } from "./cart-lines";

/**
 * The checkout rules on cart lines, pure so the preview and the order placement apply the same
 * ones (ARCHITECTURE section 5: Currency, Stock). Messages are ours: the spec has the rules only.
 */

const PAYMENT_WORDS: Record<PaymentType, string> = {
  in_person: "paid in person",
  by_card: "paid by card",
};
const CURRENCY_WORDS: Record<Currency, string> = { CAD: "Canadian dollars", USD: "US dollars" };

export const EMPTY_CART_MESSAGE = "There is nothing in your cart to check out.";

/** The cart tab a line belongs to: the product offers that payment option. */
export function allowsPaymentType(
  line: Pick<CartLine, "payInPerson" | "payByCard">,
  paymentType: PaymentType,
): boolean {
  return paymentType === "in_person" ? line.payInPerson : line.payByCard;
}

export type UnavailableReason =
  | "inactive"
  | "out_of_stock"
  | "payment_option"
  /** By card only: the farm cannot be paid out yet (no ready payout account), so nothing is taken. */
  | "payout_not_ready";

/** Whole units of the line's product that can be bought now; null when unlimited (decision 0042). */
export function lineUnitsLeft(line: Pick<CartLine, "availableQty" | "unitWeight">): number | null {
  return unitsLeft(line.availableQty, line.unitWeight);
}

/**
 * What the line takes from its product's stock when ordered (`qty × unit_weight`, numeric text),
 * or null when the product is unlimited: what the order's write takes, in the same statement.
 */
export function stockTakenBy(line: Pick<CartLine, "availableQty" | "qty" | "unitWeight">) {
  return line.availableQty === null ? null : stockNeeded(line.qty, line.unitWeight);
}

/**
 * The lines as the member's card checkout sees them: what their own order awaiting payment holds
 * (`holds`, product id → amount) is theirs, so it counts as left for them.
 */
export function withOwnHolds(lines: readonly CartLine[], holds: ReadonlyMap<number, string>) {
  if (holds.size === 0) return [...lines];
  return lines.map((line) => {
    const held = holds.get(line.productId);
    if (held === undefined || line.availableQty === null) return line;
    const cents = (value: string) => Math.round(Number(value) * 100);
    const total = cents(line.availableQty) + cents(held);
    return {
      ...line,
      availableQty: `${Math.floor(total / 100)}.${String(total % 100).padStart(2, "0")}`,
    };
  });
}

/** Why a line cannot be bought now with this payment type, or null when it can. */
export function unavailableReason(
  line: CartLine,
  paymentType: PaymentType,
): UnavailableReason | null {
  if (!line.isActive) return "inactive";
  // Sold out as the spec's SOLD OUT: switched off, or a limited product with no whole unit left.
  if (!line.inStock || lineUnitsLeft(line) === 0) return "out_of_stock";
  if (!allowsPaymentType(line, paymentType)) return "payment_option";
  if (paymentType === "by_card" && !line.merchantPayoutReady) return "payout_not_ready";
  return null;
}

/** How the preview explains a line it leaves out of the order (it stays in the cart). */
export const UNAVAILABLE_LABELS: Record<Exclude<UnavailableReason, "payment_option">, string> = {
  inactive: "No longer available",
  out_of_stock: "Out of stock",
  payout_not_ready: "The farm cannot take card payments yet. Pay in person instead.",
};

/**
 * When a line asks for more than is left of its product: the message naming the product and what
 * is left (decision 0042; nothing is ordered until the customer lowers it). Null when it fits.
 */
export function shortageProblem(line: CartLine, where: "order" | "cart"): string | null {
  const units = lineUnitsLeft(line);
  if (units === null || units === 0 || line.qty <= units) return null;
  const left = `Only ${units} of ${line.name} ${units === 1 ? "is" : "are"} left`;
  return where === "order"
    ? `${left}, and your order asks for ${line.qty}. Please review your order again.`
    : `${left}, and your cart has ${line.qty}. Please lower the quantity in your cart.`;
}

/**
 * Why a reviewed line can no longer be ordered, naming the product; null when it still can. The
 * customer goes back to the preview, which then shows what changed.
 */
export function placementProblem(line: CartLine, paymentType: PaymentType): string | null {
  const reason = unavailableReason(line, paymentType);
  if (reason === null) return shortageProblem(line, "order");
  const what =
    reason === "inactive"
      ? "is no longer available"
      : reason === "out_of_stock"
        ? "is now out of stock"
        : reason === "payout_not_ready"
          ? "cannot be paid by card yet: its farm has not finished setting up payouts"
          : `can no longer be ${PAYMENT_WORDS[paymentType]}`;
  return `${line.name} ${what}. Please review your order again.`;
}

export type CurrencyConflict = { keep: Currency; move: CartLine[]; message: string };

/**
 * One checkout holds one currency. When lines mix them, the lines to move out are those not in
 * the member's own currency (or, without one, not in the currency of the first line).
 */
export function currencyConflict(
  lines: readonly CartLine[],
  preferred: Currency | null,
): CurrencyConflict | null {
  const currencies = new Set(lines.map((line) => line.currency));
  if (currencies.size < 2) return null;
  const keep = preferred && currencies.has(preferred) ? preferred : lines[0]!.currency;
  const move = lines.filter((line) => line.currency !== keep);
  const names = move.map((line) => line.name).join(", ");
  const other = move[0]!.currency;
  return {
    keep,
    move,
    message:
      `One order is paid in one currency, and your cart mixes ${CURRENCY_WORDS[keep]} and ${CURRENCY_WORDS[other]}. ` +
      `Please move these items to your Dream Tracker and check them out separately: ${names}.`,
  };
}

export type CurrencyTotal = { currency: Currency; totalCents: number };

/** Integer cents per currency, in the order the currencies first appear. */
export function totalsByCurrency(
  lines: readonly Pick<CartLine, "currency" | "unitPriceCents" | "qty">[],
): CurrencyTotal[] {
  const totals = new Map<Currency, number>();
  for (const line of lines)
    totals.set(line.currency, (totals.get(line.currency) ?? 0) + line.unitPriceCents * line.qty);
  return [...totals].map(([currency, totalCents]) => ({ currency, totalCents }));
}

export { FULFILMENT_LABELS, fulfilmentFor } from "@/lib/checkout/fulfilment";

/** "ea" when not sold by weight, else "2 lbs" (the price unit of product cards). */
export function priceUnitLabel(
  line: Pick<CartLine, "weightRequired" | "unitWeight" | "unitWeightSymbol">,
): string {
  if (!line.weightRequired || !line.unitWeightSymbol) return "ea";
  return `${formatWeight(line.unitWeight)} ${line.unitWeightSymbol}`;
}

/** "2.00" → "2", "0.50" → "0.5": numeric(10,2) text without trailing zeros. */
function formatWeight(weight: string): string {
  return weight.includes(".") ? weight.replace(/\.?0+$/, "") : weight;
}
