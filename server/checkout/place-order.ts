import "server-only";
import { eq } from "drizzle-orm";
import type { Delivery } from "@/lib/validation/checkout";
import { selectCartLines } from "./cart-lines";
import type { ReviewedItem } from "./place-order-input";
import {
  CART_CHANGED_MESSAGE,
  MAX_CHECK_ATTEMPTS,
  reviewOrderLines,
  type ReviewedLines,
} from "./review-order-lines";
import type { Db } from "@/server/db/client";
import { orders } from "@/server/db/schema";
import { AppError, conflict } from "@/server/errors";
import { afterCommit } from "@/server/base/follow-ups";
import { followStockChanges } from "@/server/catalog/product-stock";
import { sendOrderPlacedEmails } from "./send-order-placed-emails";
import { writeOrder } from "./write-order";
import { pickupsOf } from "./pickups-of";

export { CART_CHANGED_MESSAGE, ORDER_TOO_LARGE_MESSAGE } from "./review-order-lines";
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
 * checkout key. The cart is read and checked, then the order, its lines and the cart change are
 * written in one statement (`writeOrder`) that first locks the ordered cart rows and writes only if
 * they are still there with the quantities read and their products still pass the check. The
 * lines the customer reviewed must still be in the cart with the same quantities and every
 * product is re-checked (active, in stock, still offered for pay in person); a cart mixing
 * currencies is refused; the total is computed here in integer cents; each line keeps a snapshot
 * of its product; the ordered rows leave the cart. A line of a limited product takes its stock in
 * that same statement (decision 0042); a line asking for more than is left is refused with a
 * message naming the product and what is left, and nothing is ordered. Lines sold out or no longer sold that were not
 * reviewed stay in the cart. A cart or a product changed between the read and the write (another
 * tab, a farmer's edit) is read and checked again, so the answer is the one the check gives for
 * the cart as it is now.
 * The call that created the order schedules its order-placed emails (`afterCommit`): after the
 * answer inside a request, before this returns in a script or a test.
 *
 * Retries with the same key (a double click, two tabs, a lost answer) get the first order back
 * with `created: false`: the key is unique in the database, so twenty concurrent calls make one.
 *
 * @throws AppError conflict: nothing to order, the cart changed since it was reviewed, a reviewed
 *   product can no longer be ordered (named), currencies are mixed (naming the items to move), or
 *   the key belongs to another member's order.
 */
export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<PlacedOrder> {
  for (let attempt = 1; ; attempt += 1) {
    const cart = await selectCartLines(db, input.customerId);
    let reviewed: ReviewedLines;
    try {
      reviewed = await reviewOrderLines(db, {
        customerId: input.customerId,
        cart,
        items: input.items,
        paymentType: "in_person",
      });
    } catch (error) {
      // A retry of a placed checkout finds its lines gone from the cart: the key answers it.
      if (!(error instanceof AppError)) throw error;
      const existing = await findOrderByCheckoutKey(db, input.checkoutKey);
      if (existing) return answerExisting(existing, input.customerId);
      throw error;
    }

    const pickups = await pickupsOf(db, input.delivery, reviewed);
    const written = await writeOrder(db, { ...input, reviewed, pickups });
    if (written.outcome === "created") {
      const { orderId, orderNo } = written;
      await afterCommit(db, "order-placed emails", (db) => sendOrderPlacedEmails(db, orderId));
      await followStockChanges(db, written.stockChanges);
      return { orderId, orderNo, created: true };
    }
    // Another call with this key, or another checkout of this cart, committed first; or a product
    // changed, and the next check names it (or orders the cart as it is now, as it would have).
    const existing = await findOrderByCheckoutKey(db, input.checkoutKey);
    if (existing) return answerExisting(existing, input.customerId);
    if (written.outcome === "key_taken") throw conflict(CHECKOUT_KEY_USED_MESSAGE);
    if (attempt === MAX_CHECK_ATTEMPTS) throw conflict(CART_CHANGED_MESSAGE);
  }
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
