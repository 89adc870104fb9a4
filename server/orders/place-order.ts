import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Delivery } from "@/lib/validation/checkout";
import { selectCartLines } from "@/server/checkout/cart-lines";
import { fulfilmentFor } from "@/server/checkout/cart-rules";
import { deliveryColumns } from "@/server/checkout/delivery-columns";
import type { ReviewedItem } from "@/server/checkout/place-order-input";
import { reviewOrderLines } from "@/server/checkout/review-order-lines";
import type { Db } from "@/server/db/client";
import { cartItems, orderItems, orders } from "@/server/db/schema";
import { conflict } from "@/server/errors";

export {
  CART_CHANGED_MESSAGE,
  ORDER_TOO_LARGE_MESSAGE,
} from "@/server/checkout/review-order-lines";
export const CHECKOUT_KEY_USED_MESSAGE =
  "This checkout has already been used. Please reload the page and try again.";

export type PlaceOrderInput = {
  customerId: number;
  /** Made when the preview rendered: the same key always answers the same order. */
  checkoutKey: string;
  /** Already validated with deliverySchema. */
  delivery: Delivery;
  /** The lines the customer reviewed; without them, every cart line that can be paid in person now. */
  items?: readonly ReviewedItem[] | undefined;
};

export type PlacedOrder = { orderId: number; orderNo: string; created: boolean };

/**
 * Pay in person: turns the member's pay-in-person cart lines into one order, exactly once per
 * checkout key, in one transaction. The cart rows are re-read under a row lock; the lines the
 * customer reviewed must still be there with the same quantities and every product is re-checked
 * (active, in stock, still offered for pay in person); a cart mixing currencies is refused; the
 * total is computed here in integer cents; each line keeps a snapshot of its product; the ordered
 * rows leave the cart. Lines sold out or no longer sold that were not reviewed stay in the cart.
 * It sends no mail: the caller sends the order-placed emails (`sendOrderPlacedEmails`) when
 * `created` is true; the pay-in-person route does it after its HTTP answer.
 *
 * Retries with the same key (a double click, two tabs, a lost answer) get the first order back
 * with `created: false`: the key is unique in the database, so twenty concurrent calls make one.
 *
 * @throws AppError conflict: nothing to order, the cart changed since it was reviewed, a reviewed
 *   product can no longer be ordered (named), currencies are mixed (naming the items to move), or
 *   the key belongs to another member's order.
 */
export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<PlacedOrder> {
  return db.transaction(async (tx) => {
    // Lock first: a concurrent checkout of this member waits here, then sees its rows gone.
    const lines = await selectCartLines(tx, input.customerId, { lock: true });
    const existing = await findOrderByCheckoutKey(tx, input.checkoutKey);
    if (existing) return answerExisting(existing, input.customerId);

    const {
      lines: selected,
      currency,
      totalCents,
    } = await reviewOrderLines(tx, {
      customerId: input.customerId,
      cart: lines,
      items: input.items,
      paymentType: "in_person",
    });

    const [order] = await tx
      .insert(orders)
      .values({
        customerId: input.customerId,
        checkoutKey: input.checkoutKey,
        paymentType: "in_person",
        paymentStatus: "not_required",
        currency,
        totalCents,
        ...deliveryColumns(input.delivery),
      })
      .onConflictDoNothing({ target: orders.checkoutKey })
      .returning({ id: orders.id, orderNo: orders.orderNo });
    if (!order) {
      // Another call with this key committed between our check and our insert.
      const winner = await findOrderByCheckoutKey(tx, input.checkoutKey);
      if (!winner) throw conflict(CHECKOUT_KEY_USED_MESSAGE);
      return answerExisting(winner, input.customerId);
    }

    // By product: the sales trigger locks each product at commit, in this order, so two checkouts
    // sharing products (or a checkout and a cancel, which updates its lines in the same order) lock
    // them in the same order and cannot deadlock. The farmers' line counters are locked before, at
    // this insert, in farmer id order (drizzle/0008 and 0015).
    const byProduct = [...selected].sort((a, b) => a.productId - b.productId);
    await tx.insert(orderItems).values(
      byProduct.map((line) => ({
        orderId: order.id,
        productId: line.productId,
        merchantId: line.merchantId,
        productName: line.name,
        unitPriceCents: line.unitPriceCents,
        unitWeight: line.unitWeight,
        unitWeightSymbol: line.unitWeightSymbol,
        qty: line.qty,
        deliveryService: fulfilmentFor(line.deliveryService, input.delivery.deliveryDestination),
      })),
    );
    await tx.delete(cartItems).where(
      and(
        eq(cartItems.memberId, input.customerId),
        inArray(
          cartItems.id,
          selected.map((line) => line.cartItemId),
        ),
      ),
    );
    return { orderId: order.id, orderNo: order.orderNo, created: true };
  });
}

type ExistingOrder = { id: number; orderNo: string; customerId: number };

async function findOrderByCheckoutKey(
  db: Db,
  checkoutKey: string,
): Promise<ExistingOrder | undefined> {
  const [row] = await db
    .select({ id: orders.id, orderNo: orders.orderNo, customerId: orders.customerId })
    .from(orders)
    .where(eq(orders.checkoutKey, checkoutKey))
    .limit(1);
  return row;
}

function answerExisting(order: ExistingOrder, customerId: number): PlacedOrder {
  // A key is a random uuid; one that names another member's order is refused without saying whose.
  if (order.customerId !== customerId) throw conflict(CHECKOUT_KEY_USED_MESSAGE);
  return { orderId: order.id, orderNo: order.orderNo, created: false };
}
