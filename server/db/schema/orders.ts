import { relations, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { products } from "./catalog";
import { members } from "./members";
import { createdAt, happenedAt, updatedAt } from "./columns";
import { currencyEnum, deliveryServiceEnum } from "./shared";
import { DELIVERY_DESTINATIONS, ORDER_STATUSES } from "@/lib/constants";

export const paymentTypeEnum = pgEnum("payment_type", ["card", "in_person"]);
export const deliveryDestinationEnum = pgEnum("delivery_destination", DELIVERY_DESTINATIONS);
/**
 * The order's money state in our own words (Stripe events are translated at the edge, in
 * server/stripe/stripe-states.ts; decision 0016).
 * - `pending`: a card order awaiting payment (its lines wait in `pending_lines`);
 * - `failed`: still awaiting payment, the last attempt was declined or not authenticated;
 * - `abandoned`: the cart changed before it was paid; a newer order replaced it;
 * - `paid`, `partially_refunded`, `refunded`: the charge and what was given back of it;
 * - `not_required`: paid in person at the handover, the platform collects nothing.
 */
export const paymentStatusEnum = pgEnum("payment_status", [
  "pending",
  "paid",
  "failed",
  "partially_refunded",
  "refunded",
  "not_required",
  "abandoned",
]);

/** One line of a card order awaiting payment: what becomes an order_items row once it is paid. */
export type PendingLine = {
  productId: number;
  merchantId: number;
  productName: string;
  unitPriceCents: number;
  unitWeight: string;
  unitWeightSymbol: string | null;
  qty: number;
  deliveryService: "free_delivery" | "in_store";
  /**
   * What the line takes from its product's stock (`qty × unitWeight`, numeric text), or null when
   * the product was unlimited when the order was opened. Held while the order's
   * `stock_held_until` is set (decision 0042).
   */
  stockTaken?: string | null;
};
/** Pickup rows use a subset, delivery rows another (lib/constants orderStatusesFor). */
export const orderItemStatusEnum = pgEnum("order_item_status", ORDER_STATUSES);

/** Who asked for a line's refund: the customer's cancel, the farm's status, an admin, or Stripe. */
export const refundActorEnum = pgEnum("refund_actor", ["customer", "farm", "admin", "stripe"]);

/** One row per checkout; `id` is the spec's orderId. */
type OrderSearchColumns = Record<"orderNo" | "firstName" | "lastName" | "email", PgColumn>;

/** What the admin order search matches on an order: its number, the customer's name and email. */
export function orderSearchText(t: OrderSearchColumns): SQL {
  return sql`${t.orderNo} || ' ' || ${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email}`;
}

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    /** Human order number, also the Stripe transfer_group. 48 random bits unless the caller sets it. */
    orderNo: text("order_no")
      .notNull()
      .unique()
      .default(sql`upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 12))`),
    customerId: integer("customer_id")
      .notNull()
      .references(() => members.id),
    paymentType: paymentTypeEnum("payment_type").notNull(),
    deliveryDestination: deliveryDestinationEnum("delivery_destination").notNull(),
    currency: currencyEnum("currency").notNull(),
    totalCents: integer("total_cents").notNull(),
    // Delivery details as entered at checkout; later profile edits do not change them.
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    // Address fields are required for home delivery only.
    address: text("address"),
    city: text("city"),
    provinceState: text("province_state"),
    country: text("country"),
    postalCode: text("postal_code"),
    /** Idempotency: the same checkout submitted twice creates one order. */
    checkoutKey: text("checkout_key")
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()::text`),
    paymentIntentId: text("payment_intent_id").unique(),
    paymentStatus: paymentStatusEnum("payment_status").notNull().default("pending"),
    /**
     * A card order's lines until it is paid: order_items (and with them the farmers' lists, the
     * sales counters and the mails) exist only for orders that were placed, so they are written
     * when the payment succeeds. Null once paid, and for pay in person.
     */
    pendingLines: jsonb("pending_lines").$type<PendingLine[]>(),
    /** The charge of a paid card order (refunds and transfers name it). */
    chargeId: text("charge_id"),
    /** Why the last card attempt failed, as Stripe worded it for the customer. */
    paymentError: text("payment_error"),
    /** Counts our updates of the PaymentIntent, so each update has its own idempotency key. */
    paymentIntentRevision: integer("payment_intent_revision").notNull().default(0),
    /**
     * A card order awaiting payment holds its lines' stock (`pending_lines[].stockTaken`) until
     * then; the reconciler gives back what an expired hold took, and abandoning the order gives it
     * back at once. Null when it holds nothing: no limited product, released, or paid (the lines
     * then hold it: order_items.stock_taken). Decision 0042. The hold covers the places it took
     * in pickup windows with a capacity too (`order_pickups.took_slot`, decision 0050).
     */
    stockHeldUntil: happenedAt("stock_held_until"),
    paidAt: happenedAt("paid_at"),
    disputedAt: happenedAt("disputed_at"),
    cancelledAt: happenedAt("cancelled_at"),
    refundedAt: happenedAt("refunded_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("orders_customer_created_idx").on(
      t.customerId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check("orders_total_cents_non_negative", sql`${t.totalCents} >= 0`),
    // One card checkout awaiting payment per customer: a reload, a double click or twenty
    // concurrent calls find it instead of making another (server/checkout/start-card-checkout.ts).
    uniqueIndex("orders_open_card_checkout_unique")
      .on(t.customerId)
      .where(sql`${t.paymentType} = 'card' and ${t.paymentStatus} in ('pending', 'failed')`),
    // The admin order search: order number and the customer's name and email in one trigram
    // index (server/admin/find-orders-by-keyword.ts uses the same expression).
    index("orders_admin_search_trgm_idx").using("gin", sql`(${orderSearchText(t)}) gin_trgm_ops`),
    // ...and a whole email typed in, the newest orders first, without the trigram scan (an email's
    // trigrams, "example.com" among them, are in most rows).
    index("orders_email_lower_idx").on(sql`lower(${t.email})`, t.id.desc().nullsFirst()),
    // The reconciler's expired stock holds (decision 0042): only orders holding stock.
    index("orders_stock_held_idx")
      .on(t.stockHeldUntil)
      .where(sql`${t.stockHeldUntil} is not null`),
    // The reconciler's card orders awaiting payment whose intent exists (decision 0037).
    index("orders_awaiting_payment_idx")
      .on(t.updatedAt)
      .where(
        sql`${t.paymentType} = 'card' and ${t.paymentStatus} in ('pending', 'failed') and ${t.paymentIntentId} is not null`,
      ),
  ],
);

/** One row per product line of an order (the "rows" of the order tables), with its own status. */
export const orderItems = pgTable(
  "order_items",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    // Products are never hard-deleted (a removed product keeps its past order lines).
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    merchantId: integer("merchant_id")
      .notNull()
      .references(() => members.id),
    // Snapshot of the product at purchase time.
    productName: text("product_name").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    unitWeight: numeric("unit_weight", { precision: 10, scale: 2 }).notNull(),
    unitWeightSymbol: text("unit_weight_symbol"),
    qty: integer("qty").notNull(),
    deliveryService: deliveryServiceEnum("delivery_service").notNull(),
    /**
     * What this line took from its product's stock (`qty × unit_weight`), or null when the product
     * was unlimited; `stock_released_at` once a cancel or a refund gave it back (decision 0042).
     */
    stockTaken: numeric("stock_taken", { precision: 10, scale: 2 }),
    stockReleasedAt: happenedAt("stock_released_at"),
    status: orderItemStatusEnum("status").notNull().default("order_created"),
    /** Cleared when the customer cancels (spec: qualifiedToCancel). */
    qualifiedToCancel: boolean("qualified_to_cancel").notNull().default(true),
    /** Cleared when an admin cancels; an active row can still be paid out. */
    active: boolean("active").notNull().default(true),
    merchantPaidAt: happenedAt("merchant_paid_at"),
    /** The Stripe Transfer that paid the farmer for this row (one per farmer and order: shared). */
    transferId: text("transfer_id"),
    /**
     * A paid card line's fees (lib/fees.ts, the merchant's service charge at payment time) and what
     * the farmer is paid for it: line total minus the three fees. Null for pay in person.
     */
    cardFeeCents: integer("card_fee_cents"),
    internationalFeeCents: integer("international_fee_cents"),
    handlingFeeCents: integer("handling_fee_cents"),
    payoutCents: integer("payout_cents"),
    /** The Stripe Refund that gave this line's money back (one refund per line). */
    refundId: text("refund_id").unique(),
    /** The reversal of this line's part of its transfer, when it was refunded after the payout. */
    transferReversalId: text("transfer_reversal_id").unique(),
    /**
     * The refund is an intent of its own (decision 0037): asked (`refund_requested_at`, before any
     * call to Stripe), then done (`refunded_at`) or failed (`refund_error`, Stripe's reason). A crash,
     * a timeout or a 5xx in between is finished later by whoever comes next: the same request, the
     * reconciler or an operator.
     */
    refundRequestedAt: happenedAt("refund_requested_at"),
    /** Who asked for the refund: decides the mails sent once it is done. */
    refundBy: refundActorEnum("refund_by"),
    /** The status the line takes once its money is back (a farmer's choice; `refunded` otherwise). */
    refundTo: orderItemStatusEnum("refund_to"),
    /** Money given back on this line so far: our refund and its share of refunds made at Stripe. */
    refundedCents: integer("refunded_cents").notNull().default(0),
    /** Bumped after Stripe refused or failed a refund, so the next try is a new request (a new key). */
    refundAttempt: integer("refund_attempt").notNull().default(0),
    /** Why the last refund failed, as Stripe said it; cleared by the next try. */
    refundError: text("refund_error"),
    /** Why the reversal of this line's payout failed; cleared by the next try. */
    reversalError: text("reversal_error"),
    /** Bumped after Stripe refused a reversal, so an operator's retry is a new request. */
    reversalAttempt: integer("reversal_attempt").notNull().default(0),
    /** The merchant scanned the customer's QR code. */
    confirmedAt: happenedAt("confirmed_at"),
    statusUpdatedAt: happenedAt("status_updated_at"),
    cancelledAt: happenedAt("cancelled_at"),
    refundedAt: happenedAt("refunded_at"),
    createdAt: createdAt(),
  },
  (t) => [
    // A checkout turns each cart row into one line; this also serves lookups by order.
    uniqueIndex("order_items_order_product_unique").on(t.orderId, t.productId),
    index("order_items_merchant_created_idx").on(
      t.merchantId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Popular = units sold in the last 90 days.
    index("order_items_product_created_idx").on(t.productId, t.createdAt),
    // Admin order list (newest first) and the 90-day window scan.
    index("order_items_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("order_items_product_name_trgm_idx").using("gin", t.productName.op("gin_trgm_ops")),
    // The reconciler's refunds still to finish and reversals still owed (decision 0037): only rows
    // in a non-final state, so a sweep with nothing to do reads nothing.
    index("order_items_refund_open_idx")
      .on(t.orderId)
      .where(sql`${t.refundRequestedAt} is not null and ${t.refundedAt} is null`),
    index("order_items_reversal_owed_idx")
      .on(t.orderId)
      .where(
        sql`${t.refundedAt} is not null and ${t.transferId} is not null and ${t.transferReversalId} is null and ${t.reversalError} is null`,
      ),
    check("order_items_qty_positive", sql`${t.qty} >= 1`),
    check("order_items_unit_price_cents_non_negative", sql`${t.unitPriceCents} >= 0`),
  ],
);

/**
 * How many order lines each farmer has received, whatever their status, kept per statement by
 * triggers on order_items (drizzle/0015_merchant_line_counts_sql.sql): the received-orders list's
 * total, without counting a large farmer's lines on every page. A line never changes farmer.
 */
export const merchantLineCounts = pgTable("merchant_line_counts", {
  merchantId: integer("merchant_id")
    .primaryKey()
    .references(() => members.id, { onDelete: "cascade" }),
  lineCount: integer("line_count").notNull().default(0),
});

export const ordersRelations = relations(orders, ({ one, many }) => ({
  customer: one(members, { fields: [orders.customerId], references: [members.id] }),
  items: many(orderItems),
}));

export const orderItemsRelations = relations(orderItems, ({ one }) => ({
  order: one(orders, { fields: [orderItems.orderId], references: [orders.id] }),
  product: one(products, { fields: [orderItems.productId], references: [products.id] }),
  merchant: one(members, { fields: [orderItems.merchantId], references: [members.id] }),
}));
