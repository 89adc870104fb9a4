import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Delivery } from "@/lib/validation/checkout";
import { selectCartLines } from "./cart-lines";
import { fulfilmentFor, stockTakenBy, withOwnHolds } from "./cart-rules";
import { heldStock } from "./get-checkout-cart";
import { deliveryColumns } from "./delivery-columns";
import type { ReviewedItem } from "./place-order-input";
import {
  CART_CHANGED_MESSAGE,
  MAX_CHECK_ATTEMPTS,
  reviewOrderLines,
  type ReviewedLines,
} from "./review-order-lines";
import {
  followStockChanges,
  releaseCardHolds,
  type StockChange,
} from "@/server/catalog/product-stock";
import type { Db } from "@/server/db/client";
import { orders, type PendingLine } from "@/server/db/schema";
import { conflict } from "@/server/errors";
import type { AbandonedOrder } from "./abandon-changed-card-order";
import { CARD_STOCK_HOLD, writeCardOrder, type CardOrderValues } from "./write-card-order";
import { pickupsOf } from "./pickups-of";
import type { ResolvedPickup } from "@/server/pickup/resolve-choices";

/** Stripe's smallest card charge in CAD and USD. */
export const MIN_CARD_AMOUNT_CENTS = 50;
export const BELOW_MIN_CARD_AMOUNT_MESSAGE =
  "A card payment must be at least $0.50. Please add more items or pay in person.";

/** The member's card order awaiting payment, if any. */
export async function findOpenCardOrder(db: Db, customerId: number, lock = false) {
  const query = db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      paymentIntentId: orders.paymentIntentId,
      totalCents: orders.totalCents,
      currency: orders.currency,
      pendingLines: orders.pendingLines,
      deliveryDestination: orders.deliveryDestination,
      firstName: orders.firstName,
      lastName: orders.lastName,
      email: orders.email,
      phone: orders.phone,
      address: orders.address,
      city: orders.city,
      provinceState: orders.provinceState,
      country: orders.country,
      postalCode: orders.postalCode,
      stockHeldUntil: orders.stockHeldUntil,
      /** Its pickup windows (decision 0050), by farm id; `took` a place of a capacity now. */
      pickups: sql<{ windowId: number; day: string; took: number }[]>`(
        select coalesce(json_agg(json_build_object('windowId', op.window_id,
          'day', to_char(op.day, 'YYYY-MM-DD'), 'took', op.took_slot) order by op.merchant_id),
          '[]'::json)
        from order_pickups op where op.order_id = ${orders.id})`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, customerId),
        eq(orders.paymentType, "card"),
        inArray(orders.paymentStatus, ["pending", "failed"]),
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export type OpenedCardOrder = { orderId: number; abandoned: AbandonedOrder | null };

/**
 * Chooses or makes the order awaiting payment for the cart as it is now. The cart is read and
 * checked, then the order is written in one statement that re-checks its products
 * (`writeCardOrder`); a product changed in between is read and checked again, so the answer is
 * the one the check gives a moment later (decision 0026).
 *
 * Stock (decision 0042): what the member's own open order holds counts as left for them. That
 * order is kept when it is the same checkout and still holds its stock (the hold runs
 * CARD_STOCK_HOLD_MINUTES again from now); one whose hold ran out is replaced like a changed one,
 * so the new order takes the stock again (or is refused, naming what is left). A replaced order
 * gives its stock back in the same transaction.
 *
 * Pickup windows (decision 0050): the windows of `delivery.pickup` are checked as at the
 * pay-in-person checkout (`pickupsOf`, the same messages), a place the member's own open order
 * holds counting as theirs; the order takes its places with its stock and holds them alike, and
 * choosing other windows makes another checkout (the open order is replaced).
 */
export async function openCardOrder(
  db: Db,
  input: { customerId: number; delivery: Delivery; items?: readonly ReviewedItem[] | undefined },
): Promise<OpenedCardOrder> {
  const changes: StockChange[] = [];
  const opened = await db.transaction(async (tx) => {
    // The member's cart rows first, as every checkout locks them: concurrent calls queue here.
    let cart = await selectCartLines(tx, input.customerId, { lock: true });
    const open = await findOpenCardOrder(tx, input.customerId, true);
    const holding = open?.stockHeldUntil ? heldStock(open.pendingLines) : new Map<number, string>();
    const ownPlaces = open?.stockHeldUntil ? open.pickups.filter((p) => p.took > 0) : [];
    let openSetAside = false;
    for (let attempt = 1; ; attempt += 1) {
      const reviewed = await reviewOrderLines(tx, {
        customerId: input.customerId,
        cart: withOwnHolds(cart, openSetAside ? new Map() : holding),
        items: input.items,
        paymentType: "by_card",
      });
      const pickups = await pickupsOf(tx, input.delivery, reviewed, openSetAside ? [] : ownPlaces);
      const wanted = cardOrderValues(reviewed, input.delivery, pickups);
      if (open && !openSetAside && sameCheckout(open, wanted) && holdsItsStock(open, pickups)) {
        if (open.stockHeldUntil)
          await tx
            .update(orders)
            .set({ stockHeldUntil: sql`now() + ${CARD_STOCK_HOLD}` })
            .where(eq(orders.id, open.id));
        return { orderId: open.id, abandoned: null };
      }
      if (open && !openSetAside) {
        await tx
          .update(orders)
          .set({ paymentStatus: "abandoned", updatedAt: sql`now()` })
          .where(eq(orders.id, open.id));
        changes.push(...(await releaseCardHolds(tx, sql`o.id = ${open.id}`)).changes);
        openSetAside = true;
        if (holding.size > 0 || ownPlaces.length > 0) {
          // Its stock and places are back: read and check the cart again as everyone now sees it.
          cart = await selectCartLines(tx, input.customerId);
          continue;
        }
      }
      const written = await writeCardOrder(tx, {
        customerId: input.customerId,
        values: wanted,
        pickups,
      });
      if (written !== null) {
        changes.push(...written.stockChanges);
        return {
          orderId: written.orderId,
          abandoned: open ? { orderId: open.id, paymentIntentId: open.paymentIntentId } : null,
        };
      }
      if (attempt === MAX_CHECK_ATTEMPTS) throw conflict(CART_CHANGED_MESSAGE);
      // A farmer changed a product, or another order took stock, since the read: read it
      // again (the rows are still ours).
      cart = await selectCartLines(tx, input.customerId);
    }
  });
  await followStockChanges(db, changes);
  return opened;
}

/** An open order needs no stock nor places, or still holds what it needs. */
function holdsItsStock(
  open: NonNullable<Awaited<ReturnType<typeof findOpenCardOrder>>>,
  pickups: readonly ResolvedPickup[],
): boolean {
  return (
    open.stockHeldUntil !== null ||
    (!(open.pendingLines ?? []).some((l) => l.stockTaken) &&
      !pickups.some((p) => p.capacity !== null))
  );
}

/** The order's amounts, lines, delivery copy and windows, from the checked cart. */
function cardOrderValues(
  reviewed: ReviewedLines,
  delivery: Delivery,
  pickups: readonly ResolvedPickup[],
): CardOrderValues {
  if (reviewed.totalCents < MIN_CARD_AMOUNT_CENTS) throw conflict(BELOW_MIN_CARD_AMOUNT_MESSAGE);
  const pendingLines: PendingLine[] = reviewed.lines
    .map((line) => {
      const stockTaken = stockTakenBy(line);
      return {
        productId: line.productId,
        merchantId: line.merchantId,
        productName: line.name,
        unitPriceCents: line.unitPriceCents,
        unitWeight: line.unitWeight,
        unitWeightSymbol: line.unitWeightSymbol,
        qty: line.qty,
        deliveryService: fulfilmentFor(line.deliveryService, delivery.deliveryDestination),
        // Only a limited product's line takes stock (older orders have no such key at all).
        ...(stockTaken === null ? {} : { stockTaken }),
      };
    })
    .sort((a, b) => a.productId - b.productId);
  return {
    currency: reviewed.currency,
    totalCents: reviewed.totalCents,
    pendingLines,
    pickups: pickups.map((p) => ({ windowId: p.windowId, day: p.day })),
    ...deliveryColumns(delivery),
  };
}

function sameCheckout(
  open: NonNullable<Awaited<ReturnType<typeof findOpenCardOrder>>>,
  wanted: CardOrderValues,
): boolean {
  const { id: _id, orderNo: _no, paymentIntentId: _pi, stockHeldUntil: _held, ...kept } = open;
  const pickups = kept.pickups.map((p) => ({ windowId: p.windowId, day: p.day }));
  return JSON.stringify(canonical({ ...kept, pickups })) === JSON.stringify(canonical(wanted));
}

/** Keys in a fixed order, so two equal checkouts serialise alike. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  return value;
}
