import "server-only";
import { eq, sql } from "drizzle-orm";
import { deliveryDestinationForCart } from "@/lib/validation/checkout";
import type { Currency, DeliveryDestination, DeliveryMethod, PaymentType } from "@/lib/constants";
import type { Db } from "@/server/db/client";
import { members, type PendingLine } from "@/server/db/schema";
import { imageUrl } from "@/server/storage";
import { selectCartLines, type CartLine } from "./cart-lines";
import {
  allowsPaymentType,
  currencyConflict,
  priceUnitLabel,
  shortageProblem,
  totalsByCurrency,
  unavailableReason,
  withOwnHolds,
  type CurrencyTotal,
  type UnavailableReason,
} from "./cart-rules";

/** One line as the checkout pages show it. */
export type CheckoutLine = {
  pKey: string;
  productId: number;
  name: string;
  /** URL of the small image, or null. */
  imageUrl: string | null;
  qty: number;
  unitPriceCents: number;
  lineTotalCents: number;
  currency: Currency;
  /** "ea" or "2 lbs". */
  priceUnit: string;
  deliveryService: DeliveryMethod;
  merchantId: number;
  merchantUsername: string;
  merchantName: string;
};

/** A line of the cart tab that cannot be bought now: it stays in the cart, out of this order. */
export type UnavailableLine = CheckoutLine & {
  reason: Exclude<UnavailableReason, "payment_option">;
};

export type CheckoutCart = {
  paymentType: PaymentType;
  /** What this checkout orders: the lines of the cart tab that can be bought now. */
  lines: CheckoutLine[];
  /** Lines of the cart tab that are sold out or no longer sold (shown, not ordered). */
  unavailable: UnavailableLine[];
  totals: CurrencyTotal[];
  /** What stops the order (a mix of currencies, naming the items to move); empty when it can be placed. */
  problems: string[];
  /** Where Proceed to Next would go: home when any line is delivered (spec part 1 section 2 "Cart"). */
  suggestedDestination: DeliveryDestination;
};

/**
 * The member's cart for one payment type (the lines whose product offers it, as the cart's tabs
 * show them): the lines that can be bought now, the ones that cannot (sold out or no longer sold:
 * they stay in the cart), and what would stop the order (currencies mixed, or a line asking for
 * more than is left of a limited product). By card, what the member's own order awaiting payment
 * holds counts as left for them (decision 0042). Two statements whatever the size of the cart.
 */
export async function getCheckoutCart(
  db: Db,
  { memberId, paymentType }: { memberId: number; paymentType: PaymentType },
): Promise<CheckoutCart> {
  const [cart, [member]] = await Promise.all([
    selectCartLines(db, memberId),
    db
      .select({
        currency: members.currency,
        // The lines the member's card order awaiting payment holds stock for (decision 0042).
        held:
          paymentType === "by_card"
            ? sql<PendingLine[] | null>`(select o.pending_lines from orders o
                where o.customer_id = ${members}.id and o.payment_type = 'card'
                  and o.payment_status in ('pending', 'failed')
                  and o.stock_held_until is not null limit 1)`
            : sql<PendingLine[] | null>`null::jsonb`,
      })
      .from(members)
      .where(eq(members.id, memberId))
      .limit(1),
  ]);
  const lines = withOwnHolds(cart, heldStock(member?.held ?? null));
  const ofTab = lines.filter((line) => allowsPaymentType(line, paymentType));
  const buyable = ofTab.filter((line) => unavailableReason(line, paymentType) === null);
  const unavailable = ofTab.flatMap((line) => {
    const reason = unavailableReason(line, paymentType);
    return reason === "inactive" || reason === "out_of_stock" || reason === "payout_not_ready"
      ? [{ ...toCheckoutLine(line), reason }]
      : [];
  });
  const conflict = currencyConflict(buyable, member?.currency ?? null);
  const short = buyable.flatMap((line) => shortageProblem(line, "cart") ?? []);
  return {
    paymentType,
    lines: buyable.map(toCheckoutLine),
    unavailable,
    totals: totalsByCurrency(buyable),
    problems: [...short, ...(conflict ? [conflict.message] : [])],
    suggestedDestination: deliveryDestinationForCart(
      buyable.map((line) => ({
        delivery_service: line.deliveryService === "free_delivery" ? 1 : 0,
      })),
    ),
  };
}

function toCheckoutLine(line: CartLine): CheckoutLine {
  return {
    pKey: line.pKey,
    productId: line.productId,
    name: line.name,
    imageUrl: line.image ? imageUrl(line.image, "sm") : null,
    qty: line.qty,
    unitPriceCents: line.unitPriceCents,
    lineTotalCents: line.unitPriceCents * line.qty,
    currency: line.currency,
    priceUnit: priceUnitLabel(line),
    deliveryService: line.deliveryService,
    merchantId: line.merchantId,
    merchantUsername: line.merchantUsername,
    merchantName: `${line.merchantFirstName} ${line.merchantLastName}`,
  };
}

/** Product id → the stock an order's pending lines hold for it. */
export function heldStock(lines: readonly PendingLine[] | null): Map<number, string> {
  const held = new Map<number, string>();
  for (const line of lines ?? []) if (line.stockTaken) held.set(line.productId, line.stockTaken);
  return held;
}
