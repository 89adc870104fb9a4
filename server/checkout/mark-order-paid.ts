import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  followStockChanges,
  stockChangeRows,
  toStockChanges,
  type StockChange,
} from "@/server/catalog/product-stock";
import type Stripe from "stripe";
import { lineFees } from "@/lib/fees";
import type { Db } from "@/server/db/client";
import { cartItems, members, orderItems, orders, type PendingLine } from "@/server/db/schema";
import { formatMoney, type Currency } from "@/lib/money";
import { internalError } from "@/server/errors";
import { log } from "@/server/log";
import { afterCommit } from "@/server/base/follow-ups";
import { sendOrderPlacedEmails } from "./send-order-placed-emails";
import { installationKey } from "@/server/stripe/idempotency-keys";
import { raiseMoneyIssue } from "@/server/stripe/money-issues";
import { idOf } from "@/server/stripe/stripe-states";
import { takePlacesAgain } from "@/server/pickup/pickup-slots";

export type PaidOrder = { orderId: number; orderNo: string; customerId: number; created: boolean };

/** Statuses of an order whose money was taken: it was placed already. */
const SETTLED = new Set(["paid", "partially_refunded", "refunded"]);

/**
 * A card order's PaymentIntent succeeded: the order is placed, exactly once, whichever comes first
 * of the customer's return, the `payment_intent.succeeded` event or a later read. Under the order's
 * row lock it writes the lines kept in `pending_lines` as order_items (the farmers' lists, the sales
 * counters and the line counters follow from that insert), with each line's fees and payout; takes
 * the ordered products out of the customer's cart; and marks the order paid. A second call finds it
 * paid and answers `created: false`; the call that placed it schedules the order-placed emails
 * (`afterCommit`: inside a caller's transaction, they wait for its scope to end) unless told
 * `mail: false` (an order whose money was all given back before it was placed thanks nobody).
 *
 * An abandoned order (the cart changed and a newer order replaced it) whose payment still went
 * through, say from another tab, is placed too: the customer paid for exactly those lines.
 * Products are not checked again: a product withdrawn, sold out or repriced after the customer
 * paid leaves the order as paid, at the prices paid; a farmer who cannot supply a line cancels it,
 * which refunds it (decision 0030).
 *
 * Stock (decision 0042): the stock the order held passes to its lines (`stock_taken`), for a
 * cancel to give back. A payment that succeeded after the hold ran out (and gave the stock back)
 * takes it again, as far as there is any: the order is placed all the same (0030), stock never
 * goes below 0, and a line short of what it needs raises an `oversold` money issue naming what
 * is missing, for the farm or an operator to cancel (and so refund) or settle with the customer.
 *
 * A PaymentIntent whose amount or currency is not the order's places nothing: it is raised for
 * the operators (`amount_mismatch`, decision 0037) and answered like a stranger's intent, so a
 * webhook carrying it is acknowledged and not retried for days.
 *
 * @returns null when the PaymentIntent is not one of our orders' (a plan's invoice, another
 *   installation's order) or does not match it
 * @throws AppError internal: the PaymentIntent did not succeed
 */
export async function markOrderPaid(
  db: Db,
  paymentIntent: Pick<
    Stripe.PaymentIntent,
    "id" | "status" | "amount" | "currency" | "latest_charge" | "metadata"
  >,
  { mail = true }: { mail?: boolean } = {},
): Promise<PaidOrder | null> {
  if (paymentIntent.status !== "succeeded")
    throw internalError(`markOrderPaid: ${paymentIntent.id} is ${paymentIntent.status}`);

  const paid = await db.transaction(async (tx) => {
    const order = await lockOrderOfPaymentIntent(tx, paymentIntent);
    if (!order) return null;
    const answer = { orderId: order.id, orderNo: order.orderNo, customerId: order.customerId };
    if (SETTLED.has(order.paymentStatus)) return { ...answer, created: false };

    if (
      paymentIntent.amount !== order.totalCents ||
      paymentIntent.currency.toUpperCase() !== order.currency
    ) {
      await raiseMoneyIssue(tx, {
        kind: "amount_mismatch",
        key: `amount_mismatch:${paymentIntent.id}`,
        detail: `Stripe took ${formatMoney(paymentIntent.amount, paymentIntent.currency.toUpperCase() as Currency)} for an order of ${formatMoney(order.totalCents, order.currency)}. The order was not placed.`,
        orderId: order.id,
        customerId: order.customerId,
        amountCents: paymentIntent.amount,
        currency: order.currency,
        stripeIds: { payment_intent: paymentIntent.id },
      });
      return null;
    }
    const lines = order.pendingLines ?? [];
    if (lines.length === 0) throw internalError(`markOrderPaid: order ${order.id} has no lines`);

    // Before the lines' insert: products, then the farmers' line counters (the checkout's order).
    const taken = order.stockHeldUntil
      ? heldTaken(lines)
      : await takeStockAgain(tx, { ...order, lines, paymentIntentId: paymentIntent.id });
    // Its pickup places went back with the hold: taken again where there is room (decision 0050).
    if (!order.stockHeldUntil) {
      const short = await takePlacesAgain(tx, order.id);
      if (short > 0) log.warn({ orderId: order.id }, "a late card payment found its window full");
    }
    await insertPaidLines(tx, order.id, order.currency, lines, taken.byProduct);
    await tx.delete(cartItems).where(
      and(
        eq(cartItems.memberId, order.customerId),
        inArray(
          cartItems.productId,
          lines.map((line) => line.productId),
        ),
      ),
    );
    await tx
      .update(orders)
      .set({
        paymentStatus: "paid",
        paidAt: sql`now()`,
        paymentIntentId: paymentIntent.id,
        chargeId: idOf(paymentIntent.latest_charge),
        pendingLines: null,
        paymentError: null,
        stockHeldUntil: null,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, order.id));
    if (order.paymentStatus === "abandoned")
      log.warn({ orderId: order.id }, "an abandoned card order was paid; it is placed");
    return { ...answer, created: true, stockChanges: taken.changes };
  });
  if (!paid) return null;
  const { stockChanges, ...placed } = paid as PaidOrder & { stockChanges?: StockChange[] };
  if (placed.created) await followStockChanges(db, stockChanges ?? []);
  if (placed.created && mail) {
    const { orderId } = placed;
    await afterCommit(db, "order-placed emails", (db) => sendOrderPlacedEmails(db, orderId));
  }
  return placed;
}

type Taken = { byProduct: Map<number, string>; changes: StockChange[] };

/** The order still held its stock: each line keeps what it took. */
function heldTaken(lines: readonly PendingLine[]): Taken {
  const byProduct = new Map<number, string>();
  for (const line of lines) if (line.stockTaken) byProduct.set(line.productId, line.stockTaken);
  return { byProduct, changes: [] };
}

/**
 * Paid after its hold ran out (decision 0042): each limited line takes what it needs again, or
 * what is left when less is, in one statement (its products locked in id order); a line left
 * short raises an `oversold` money issue.
 */
async function takeStockAgain(
  tx: Db,
  order: {
    id: number;
    orderNo: string;
    customerId: number;
    currency: Currency;
    paymentIntentId: string;
    lines: readonly PendingLine[];
  },
): Promise<Taken> {
  const needed = order.lines.filter((line) => line.stockTaken);
  if (needed.length === 0) return { byProduct: new Map(), changes: [] };
  const lines = JSON.stringify(needed);
  const { rows } = await tx.execute<{
    taken: { product_id: number; taken: string }[] | null;
    changes: Parameters<typeof toStockChanges>[0];
  }>(sql`
    with needs as (
      select l."productId" as product_id, l."stockTaken"::numeric as amount
      from jsonb_to_recordset(${lines}::jsonb) as l("productId" int, "stockTaken" text)
    ),
    locked as (
      select p.id, p.available_qty as before from products p
      where p.id in (select product_id from needs) and p.available_qty is not null
      order by p.id for update
    ),
    taken as (
      update products p set available_qty = p.available_qty - least(p.available_qty, n.amount)
      from needs n join locked on locked.id = n.product_id
      where p.id = n.product_id
      returning p.id, p.merchant_id, p.status, p.in_stock, p.unit_weight, p.available_qty,
        -least(locked.before, n.amount) as delta
    )
    select (select json_agg(json_build_object('product_id', id, 'taken', -delta)) from taken)
      as taken, ${stockChangeRows(sql`taken`)} as changes`);
  const row = rows[0];
  const byProduct = new Map<number, string>();
  for (const t of row?.taken ?? []) byProduct.set(t.product_id, String(t.taken));
  for (const line of needed) {
    const got = Number(byProduct.get(line.productId) ?? line.stockTaken);
    const missing = Math.round((Number(line.stockTaken) - got) * 100) / 100;
    if (missing <= 0) continue;
    const unit = line.unitWeightSymbol ?? "each";
    await raiseMoneyIssue(tx, {
      kind: "oversold",
      key: `oversold:${order.id}:${line.productId}`,
      detail: `Order ${order.orderNo} was paid by card after its hold on the stock had ended, and ${line.productName} had sold meanwhile: ${missing} ${unit} of the ${Number(line.stockTaken)} ${unit} paid for are missing. The order is placed as paid; the farm cancels the line (which refunds it) or settles it with the customer.`,
      orderId: order.id,
      merchantId: line.merchantId,
      customerId: order.customerId,
      amountCents: line.unitPriceCents * line.qty,
      currency: order.currency,
      stripeIds: { payment_intent: order.paymentIntentId },
    });
  }
  return { byProduct, changes: toStockChanges(row?.changes) };
}

/**
 * The order the PaymentIntent pays, locked. Found by the id we stored or, when our write of the id
 * was lost (Stripe made the intent, we crashed before saving it), by the order id in its metadata.
 */
async function lockOrderOfPaymentIntent(
  tx: Db,
  paymentIntent: Pick<Stripe.PaymentIntent, "id" | "metadata">,
) {
  const columns = {
    id: orders.id,
    orderNo: orders.orderNo,
    customerId: orders.customerId,
    currency: orders.currency,
    totalCents: orders.totalCents,
    paymentStatus: orders.paymentStatus,
    paymentIntentId: orders.paymentIntentId,
    pendingLines: orders.pendingLines,
    stockHeldUntil: orders.stockHeldUntil,
  };
  const [byIntent] = await tx
    .select(columns)
    .from(orders)
    .where(eq(orders.paymentIntentId, paymentIntent.id))
    .for("update");
  if (byIntent) return byIntent;
  const orderId = Number(paymentIntent.metadata?.order_id);
  if (!Number.isSafeInteger(orderId) || orderId <= 0) return null;
  // Another database's order with the same number (a staging copy on the same Stripe account).
  const installation = paymentIntent.metadata?.installation;
  if (installation && installation !== (await installationKey(tx))) return null;
  const [byMetadata] = await tx
    .select(columns)
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.paymentType, "card")))
    .for("update");
  if (
    !byMetadata ||
    (byMetadata.paymentIntentId && byMetadata.paymentIntentId !== paymentIntent.id)
  )
    return null;
  return byMetadata;
}

/**
 * The order's lines with their fees, by product (the lock order every checkout uses), each with
 * the stock it took (`taken`, by product).
 */
async function insertPaidLines(
  tx: Db,
  orderId: number,
  currency: "CAD" | "USD",
  lines: readonly PendingLine[],
  taken: ReadonlyMap<number, string>,
): Promise<void> {
  const merchantIds = [...new Set(lines.map((line) => line.merchantId))];
  const charges = await tx
    .select({
      id: members.id,
      baseRate: members.baseRate,
      baseAmountCents: members.baseAmountCents,
      internationalCcRate: members.internationalCreditCardRate,
      handlingFeeRate: members.handlingFeeRate,
      handlingFeeAmountCents: members.handlingFeeAmtCents,
    })
    .from(members)
    .where(inArray(members.id, merchantIds));
  const chargeOf = new Map(charges.map(({ id, ...serviceCharge }) => [id, serviceCharge]));
  const byProduct = [...lines].sort((a, b) => a.productId - b.productId);
  await tx.insert(orderItems).values(
    byProduct.map((line) => ({
      orderId,
      productId: line.productId,
      merchantId: line.merchantId,
      productName: line.productName,
      unitPriceCents: line.unitPriceCents,
      unitWeight: line.unitWeight,
      unitWeightSymbol: line.unitWeightSymbol,
      qty: line.qty,
      deliveryService: line.deliveryService,
      stockTaken: taken.get(line.productId) ?? null,
      ...lineFees({
        lineTotalCents: line.unitPriceCents * line.qty,
        currency,
        serviceCharge: chargeOf.get(line.merchantId),
      }),
    })),
  );
}
