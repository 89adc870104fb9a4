import "server-only";
import { afterCommit } from "@/server/base/follow-ups";
import { and, asc, eq, exists, isNotNull, isNull, ne, notInArray, sql } from "drizzle-orm";
import type { ConfirmedLine } from "@/lib/orders/types";
import { centsToDecimalString } from "@/lib/money";
import type { Db } from "@/server/db/client";
import { members, orderItems, orders, products } from "@/server/db/schema";
import { expireReviewPages, markVerifiedBuyers } from "@/server/reviews";
import { conflict, forbiddenError, notFoundError } from "@/server/errors";
import { imageUrl } from "@/server/storage";
import { verifyHandoverToken } from "./handover-code";
import { CLOSED_STATUSES, ORDER_NOT_FOUND_MESSAGE } from "./order-rules";
import { sendOrderStatusEmail } from "./send-order-status-email";
import type { StripeClient } from "@/server/stripe/stripe-client";
import { payMerchant, type PayoutOutcome } from "@/server/payouts/pay-merchant";

export const INVALID_CODE_MESSAGE =
  "This QR code is not valid for your farm. Please scan the code the customer shows you for your items.";
/** The confirm page, when the code names another farm than the one signed in. */
export const OTHER_FARM_MESSAGE =
  "This QR code is for another farm's items. Please sign in as that farm, or scan the code for your own items.";
export const SCAN_REQUIRED_MESSAGE =
  "This order was paid by card. Please scan the customer's QR code to confirm the handover.";
export const NOTHING_TO_CONFIRM_MESSAGE =
  "Your items in this order were cancelled or refunded, so there is nothing to hand over.";

const MAX_ID = 2_147_483_647;

export type ConfirmByMerchantInput = {
  merchantId: number;
  /** The order's id (one per checkout). */
  orderId: number;
  /** The `t` of the QR code's URL. Required for card orders, whose confirm releases the payout. */
  token?: string | undefined;
  /** Pays the farmer for a card order (a Transfer); null while card payments are off. */
  stripe?: StripeClient | null;
  /**
   * When the handover happened, when it is not now: a confirmation the farm's phone queued while
   * offline (already bounded by the caller). Lines confirmed before keep their own time.
   */
  handedOverAt?: Date | undefined;
};

/** What the farmer is paid for their lines of a card order, as the confirm page says it. */
export type HandoverPayout = {
  status: "paid" | "owed";
  amount: string;
  currency: "CAD" | "USD";
  /** Why it is still owed. */
  reason: string | null;
};

export type ConfirmByMerchantResult = {
  /** All of this farmer's confirmed lines of the order (the page shows them). */
  results: ConfirmedLine[];
  /** The lines this call confirmed; empty when everything was confirmed before. */
  confirmedNow: number[];
  paymentType: "card" | "in_person";
  orderNo: string;
  /** Card orders: the payout this handover released (or still owes); null for pay in person. */
  payout: HandoverPayout | null;
};

/**
 * The farmer confirms the handover of their lines of an order (orderConfirmByMerchant, reached by
 * scanning the customer's QR code): each of their lines that is active, not cancelled or refunded
 * and not yet confirmed gets `confirmed_at` and the status customer_received, in one conditional
 * UPDATE, so confirming twice (a double scan, two phones) changes nothing the second time and
 * answers the same lines. Only lines of the signed-in farmer are touched; the token must be the one
 * made for this order and this farmer. Without a token (a link without the code) only pay-in-person
 * orders can be confirmed: there the confirm moves no money, and the farmer could set the status
 * anyway. The customer is mailed once for the newly confirmed lines.
 *
 * @throws AppError forbidden: a token not made for this order and farmer, or none for a card order;
 *   not_found: no order with lines of this farmer; conflict: all their lines are cancelled
 */
export async function confirmByMerchant(
  db: Db,
  { merchantId, orderId, token, stripe = null, handedOverAt }: ConfirmByMerchantInput,
): Promise<ConfirmByMerchantResult> {
  if (token !== undefined && !verifyHandoverToken(orderId, merchantId, token))
    throw forbiddenError(INVALID_CODE_MESSAGE);
  if (orderId > MAX_ID) throw notFoundError(ORDER_NOT_FOUND_MESSAGE);

  const outcome = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        orderNo: orders.orderNo,
        paymentType: orders.paymentType,
        currency: orders.currency,
        customerId: orders.customerId,
        email: orders.email,
        firstName: orders.firstName,
        farmer: members.username,
      })
      .from(orders)
      .innerJoin(members, eq(members.id, merchantId))
      .where(
        and(
          eq(orders.id, orderId),
          exists(
            tx
              .select({ one: sql`1` })
              .from(orderItems)
              .where(and(eq(orderItems.orderId, orders.id), eq(orderItems.merchantId, merchantId))),
          ),
        ),
      )
      // The order row first, as every other writer of its lines does (cancel, refunds, payouts):
      // concurrent scans then queue here. Without it two confirms could lock the same lines in
      // different orders (an updated line moves in the heap) and deadlock on PostgreSQL.
      .for("update", { of: orders });
    if (!order) throw notFoundError(ORDER_NOT_FOUND_MESSAGE);
    if (token === undefined && order.paymentType === "card")
      throw forbiddenError(SCAN_REQUIRED_MESSAGE);

    const unconfirmed = and(
      eq(orderItems.orderId, orderId),
      eq(orderItems.merchantId, merchantId),
      isNull(orderItems.confirmedAt),
      // A line whose refund was asked for (and may still be on its way) is not handed over.
      isNull(orderItems.refundRequestedAt),
      eq(orderItems.active, true),
      notInArray(orderItems.status, [...CLOSED_STATUSES]),
    );
    // Lines the farmer had already marked Customer Received (whose mail went out then) are only
    // confirmed; the others change status now, and only they are in the mail below.
    const confirmedAt = handedOverAt ?? sql`now()`;
    const receivedNow = await tx
      .update(orderItems)
      .set({ confirmedAt, status: "customer_received", statusUpdatedAt: sql`now()` })
      .where(and(unconfirmed, ne(orderItems.status, "customer_received")))
      .returning({ id: orderItems.id, name: orderItems.productName, qty: orderItems.qty });
    const confirmedOnly = await tx
      .update(orderItems)
      .set({ confirmedAt })
      .where(and(unconfirmed, eq(orderItems.status, "customer_received")))
      .returning({ id: orderItems.id });

    const lines = await tx
      .select({
        id: orderItems.id,
        image: products.image,
        name: orderItems.productName,
        unitPriceCents: orderItems.unitPriceCents,
        qty: orderItems.qty,
        currency: orders.currency,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(products, eq(products.id, orderItems.productId))
      .where(
        and(
          eq(orderItems.orderId, orderId),
          eq(orderItems.merchantId, merchantId),
          isNotNull(orderItems.confirmedAt),
        ),
      )
      .orderBy(asc(orderItems.id));
    if (lines.length === 0) throw conflict(NOTHING_TO_CONFIRM_MESSAGE);
    const confirmedNow = [...receivedNow, ...confirmedOnly].map((line) => line.id);
    // Their customer's reviews of these products now carry the verified-buyer mark (decision 0049).
    const verifiedProducts = await markVerifiedBuyers(
      tx,
      receivedNow.map((line) => line.id),
    );
    return { order, receivedNow, confirmedNow, lines, verifiedProducts };
  });

  const { order, receivedNow, confirmedNow, lines, verifiedProducts } = outcome;
  if (verifiedProducts.length > 0)
    await afterCommit(db, "verified review pages", async () => expireReviewPages(verifiedProducts));
  if (receivedNow.length > 0) {
    await afterCommit(db, "order status email", (db) =>
      sendOrderStatusEmail(db, {
        orderNo: order.orderNo,
        customerId: order.customerId,
        email: order.email,
        firstName: order.firstName,
        farmer: order.farmer,
        status: "customer_received",
        lines: receivedNow.map(({ name, qty }) => ({ name, qty })),
      }),
    );
  }
  // Card orders: the handover releases the farmer's payout (one Transfer per farmer and order, made
  // once however often the code is scanned); pay-in-person orders move no money.
  const payout =
    order.paymentType === "card" && stripe
      ? toHandoverPayout(await payMerchant(db, stripe, { orderId, merchantId }), order.currency)
      : null;

  return {
    results: lines.map((line) => ({
      product_image: line.image ? imageUrl(line.image, "sm") : null,
      order_id: line.id,
      product_name: line.name,
      unit_price: centsToDecimalString(line.unitPriceCents),
      qty: line.qty,
      currency: line.currency,
    })),
    confirmedNow,
    paymentType: order.paymentType,
    orderNo: order.orderNo,
    payout,
  };
}

function toHandoverPayout(outcome: PayoutOutcome, currency: "CAD" | "USD"): HandoverPayout | null {
  if (outcome.status === "nothing") return null;
  return {
    status: outcome.status,
    amount: centsToDecimalString(outcome.amountCents),
    currency,
    reason: outcome.status === "owed" ? outcome.reason : null,
  };
}
