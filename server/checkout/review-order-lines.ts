import "server-only";
import { eq } from "drizzle-orm";
import type { Currency, PaymentType } from "@/lib/constants";
import { formatMoney } from "@/lib/money";
import type { Db } from "@/server/db/client";
import { members } from "@/server/db/schema";
import { conflict } from "@/server/errors";
import type { CartLine } from "./cart-lines";
import {
  EMPTY_CART_MESSAGE,
  currencyConflict,
  placementProblem,
  unavailableReason,
} from "./cart-rules";
import type { ReviewedItem } from "./place-order-input";

export const CART_CHANGED_MESSAGE =
  "Your cart changed since you reviewed it. Please review your order again.";
export const ORDER_TOO_LARGE_MESSAGE =
  "This order is too large to place at once. Please split it into smaller orders.";
/**
 * How often a checkout reads and checks the cart again when it changed between the check and the
 * write (decision 0026), before it answers CART_CHANGED_MESSAGE.
 */
export const MAX_CHECK_ATTEMPTS = 3;
/** orders.total_cents is a 4-byte integer. */
const MAX_TOTAL_CENTS = 2_147_483_647;

export type ReviewedLines = { lines: CartLine[]; currency: Currency; totalCents: number };

/**
 * The cart lines one checkout orders, checked as placing the order requires, for either payment
 * type: exactly the reviewed lines when the client sent them (each still in the cart with the same
 * quantity and, when sent, the same unit price), else every line of the tab that can be bought
 * now, as the preview shows them. Every product is re-checked (active, in stock, still offered for
 * this payment type), a mix of currencies is refused (naming the items to move), and the total is
 * computed here in integer cents. `cart` is the member's cart, read under lock by the caller.
 *
 * @throws AppError conflict: nothing to order, the cart changed since it was reviewed, a product
 *   can no longer be ordered (named), currencies are mixed, or the total is too large
 */
export async function reviewOrderLines(
  db: Db,
  {
    customerId,
    cart,
    items,
    paymentType,
  }: {
    customerId: number;
    cart: readonly CartLine[];
    items: readonly ReviewedItem[] | undefined;
    paymentType: PaymentType;
  },
): Promise<ReviewedLines> {
  const selected = chooseLines(cart, items, paymentType);
  if (selected.length === 0) throw conflict(EMPTY_CART_MESSAGE);
  const problems = selected.flatMap((line) => placementProblem(line, paymentType) ?? []);
  if (problems.length > 0) throw conflict(problems.join(" "));
  if (new Set(selected.map((line) => line.currency)).size > 1) {
    // Only a mix needs the member's own currency (it decides which lines are named to move).
    const [customer] = await db
      .select({ currency: members.currency })
      .from(members)
      .where(eq(members.id, customerId))
      .limit(1);
    const mixed = currencyConflict(selected, customer?.currency ?? null);
    if (mixed) throw conflict(mixed.message);
  }

  const totalCents = selected.reduce((sum, line) => sum + line.unitPriceCents * line.qty, 0);
  if (totalCents > MAX_TOTAL_CENTS) throw conflict(ORDER_TOO_LARGE_MESSAGE);
  return { lines: selected, currency: selected[0]!.currency, totalCents };
}

function chooseLines(
  lines: readonly CartLine[],
  reviewed: readonly ReviewedItem[] | undefined,
  paymentType: PaymentType,
): CartLine[] {
  if (!reviewed) return lines.filter((line) => unavailableReason(line, paymentType) === null);
  const byKey = new Map(lines.map((line) => [line.pKey, line]));
  const chosen = new Map<string, CartLine>();
  for (const item of reviewed) {
    const line = byKey.get(item.pKey);
    if (!line || chosen.has(item.pKey)) throw conflict(CART_CHANGED_MESSAGE);
    if (line.qty !== item.qty) {
      throw conflict(
        `The quantity of ${line.name} in your cart is now ${line.qty}. Please review your order again.`,
      );
    }
    if (item.unitPriceCents !== undefined && line.unitPriceCents !== item.unitPriceCents) {
      throw conflict(
        `The price of ${line.name} is now ${formatMoney(line.unitPriceCents, line.currency)}. Please review your order again.`,
      );
    }
    chosen.set(item.pKey, line);
  }
  return lines.filter((line) => chosen.has(line.pKey));
}
