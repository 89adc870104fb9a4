import "server-only";
/**
 * Factories: each makes one valid row (and what it needs) with deterministic defaults that any
 * field of the insert can override. Tests build their own world with them; the demo seed uses
 * them too, so this module must not import vitest.
 *
 * Defaults come from a per-process counter (customer1, customer2, ...): every test file runs in
 * its own process on its own database, so the same file always gets the same data.
 */
import { createHash } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import {
  cartItems,
  conversations,
  dreamTrackerItems,
  localLocations,
  members,
  messages,
  orderItems,
  orders,
  products,
  resellers,
  resellerTransactions,
  reviews,
  securityAccesses,
  shortLinks,
  subscriptions,
} from "@/server/db/schema";

export type Member = typeof members.$inferSelect;
export type Product = typeof products.$inferSelect;
export type Review = typeof reviews.$inferSelect;
export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
export type Reseller = typeof resellers.$inferSelect;
export type ResellerTransaction = typeof resellerTransactions.$inferSelect;
export type LocalLocation = typeof localLocations.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;
export type CartItem = typeof cartItems.$inferSelect;
export type DreamTrackerItem = typeof dreamTrackerItems.$inferSelect;
export type Conversation = typeof conversations.$inferSelect;
export type Message = typeof messages.$inferSelect;
export type SecurityAccess = typeof securityAccesses.$inferSelect;
export type ShortLink = typeof shortLinks.$inferSelect;

/** Every factory member signs in with this unless given `password`. */
export const DEFAULT_PASSWORD = "Password123!";

let sequence = 0;
/** The next number of this process's sequence, for names that must be unique. */
export function nextSequence(): number {
  sequence += 1;
  return sequence;
}

let defaultPasswordHash: Promise<string> | undefined;

/** argon2 costs ~100 ms a hash, so the default password is hashed once per process. */
function hashPassword(password: string = DEFAULT_PASSWORD): Promise<string> {
  if (password !== DEFAULT_PASSWORD) return hash(password);
  defaultPasswordHash ??= hash(DEFAULT_PASSWORD);
  return defaultPasswordHash;
}

const FIRST_NAMES = [
  "Ava",
  "Ben",
  "Chloé",
  "Daniel",
  "Emma",
  "Farid",
  "Grace",
  "Hiro",
  "Isla",
  "Jonah",
];
const LAST_NAMES = ["Martin", "Tremblay", "O'Neil", "Nguyen", "Roy", "Singh", "Gagnon", "Smith"];
const PRODUCE = [
  "Heirloom Tomatoes",
  "Honeycrisp Apples",
  "Sourdough Loaf",
  "Free-range Eggs",
  "Maple Syrup",
  "Kale Bunch",
  "Wildflower Honey",
  "Strawberries",
  "Butternut Squash",
  "Garlic Scapes",
];

function pick<T>(list: readonly T[], n: number): T {
  return list[n % list.length]!;
}

function phoneFor(n: number): string {
  return `(416) 555-${String(n % 10_000).padStart(4, "0")}`;
}

// ── Members ──────────────────────────────────────────────────────────────────────────────────

export type MemberOverrides = Partial<typeof members.$inferInsert> & {
  /** Plain password to hash; defaults to DEFAULT_PASSWORD. */
  password?: string;
};

async function insertMember(
  db: Db,
  memberType: Member["memberType"],
  defaults: (n: number) => Partial<typeof members.$inferInsert>,
  { password, ...overrides }: MemberOverrides,
): Promise<Member> {
  const n = nextSequence();
  const country = overrides.country ?? "CA";
  const [row] = await db
    .insert(members)
    .values({
      username: `${memberType}${n}`,
      email: `${memberType}${n}@example.com`,
      passwordHash: await hashPassword(password),
      firstName: pick(FIRST_NAMES, n),
      lastName: pick(LAST_NAMES, n),
      phone: phoneFor(n),
      country,
      currency: country === "US" ? "USD" : "CAD",
      memberType,
      ...defaults(n),
      ...overrides,
    })
    .returning();
  return row!;
}

/** A customer with a complete profile (phone and currency set), in Canada unless told otherwise. */
export function createCustomer(db: Db, overrides: MemberOverrides = {}): Promise<Member> {
  return insertMember(db, "customer", () => ({}), overrides);
}

/**
 * A merchant with a complete profile, an address and coordinates around Toronto (each new one a
 * little further north-west), offering pay in person only and without a payout account.
 */
export function createMerchant(db: Db, overrides: MemberOverrides = {}): Promise<Member> {
  return insertMember(
    db,
    "merchant",
    (n) => ({
      address: `${100 + n} Concession Road`,
      city: "Toronto",
      provinceState: "ON",
      postalCode: "M5V 2T6",
      latitude: 43.65 + (n % 40) * 0.005,
      longitude: -79.38 - (n % 40) * 0.005,
      introduction: `Family farm number ${n}, growing vegetables and fruit without pesticides.`,
    }),
    overrides,
  );
}

export function createAdmin(db: Db, overrides: MemberOverrides = {}): Promise<Member> {
  return insertMember(db, "admin", () => ({}), overrides);
}

/** A saved My Local location (downtown Toronto, no radius limit) for a member. */
export async function createLocalLocation(
  db: Db,
  { memberId, ...overrides }: { memberId: number } & Partial<typeof localLocations.$inferInsert>,
): Promise<LocalLocation> {
  const [row] = await db
    .insert(localLocations)
    .values({
      memberId,
      address: "100 Queen Street West",
      city: "Toronto",
      provinceState: "ON",
      postalCode: "M5H 2N2",
      country: "CA",
      latitude: 43.6525,
      longitude: -79.3838,
      radiusKm: 0,
      ...overrides,
    })
    .returning();
  return row!;
}

/** An active plan (Engager unless told otherwise) priced in the member's country. */
export async function createSubscription(
  db: Db,
  { memberId, ...overrides }: { memberId: number } & Partial<typeof subscriptions.$inferInsert>,
): Promise<Subscription> {
  const [member] = await db
    .select({ country: members.country })
    .from(members)
    .where(eq(members.id, memberId));
  const isUs = member?.country === "US";
  const [row] = await db
    .insert(subscriptions)
    .values({
      memberId,
      plan: "engager",
      country: isUs ? "usa" : "canada",
      currency: isUs ? "USD" : "CAD",
      status: "active",
      activatedAt: new Date(),
      ...overrides,
    })
    .returning();
  return row!;
}

// ── Catalog ──────────────────────────────────────────────────────────────────────────────────

/** An active, in-stock product of `merchantId`, priced in the merchant's currency. */
export async function createProduct(
  db: Db,
  { merchantId, ...overrides }: { merchantId: number } & Partial<typeof products.$inferInsert>,
): Promise<Product> {
  const n = nextSequence();
  let currency = overrides.currency;
  if (!currency) {
    const [merchant] = await db
      .select({ currency: members.currency })
      .from(members)
      .where(eq(members.id, merchantId));
    currency = merchant?.currency ?? "CAD";
  }
  const [row] = await db
    .insert(products)
    .values({
      merchantId,
      name: pick(PRODUCE, n),
      detail: `Picked this week on the farm. Batch ${n}.`,
      unitPriceCents: 300 + (n % 20) * 25,
      currency,
      ...overrides,
    })
    .returning();
  return row!;
}

/**
 * A review, and the product's `score` and `review_count` brought up to date as the review
 * services keep them.
 */
export async function createReview(
  db: Db,
  {
    productId,
    memberId,
    ...overrides
  }: { productId: number; memberId: number } & Partial<typeof reviews.$inferInsert>,
): Promise<Review> {
  const [row] = await db
    .insert(reviews)
    .values({
      productId,
      memberId,
      score: 5,
      content: "Fresh and tasty, will buy again!",
      ...overrides,
    })
    .returning();
  await refreshProductScore(db, productId);
  return row!;
}

/** Recomputes a product's average score and review count from its reviews. */
export async function refreshProductScore(db: Db, productId: number): Promise<void> {
  await db
    .update(products)
    .set({
      // Hidden reviews count for nothing (server/reviews/visible-reviews.ts).
      score: sql`coalesce((select round(avg(${reviews.score}), 2) from ${reviews} where ${reviews.productId} = ${productId} and ${reviews.hiddenAt} is null), 0)`,
      reviewCount: sql`(select count(*) from ${reviews} where ${reviews.productId} = ${productId} and ${reviews.hiddenAt} is null)`,
    })
    .where(eq(products.id, productId));
}

// ── Cart ─────────────────────────────────────────────────────────────────────────────────────

export async function createCartItem(
  db: Db,
  values: { memberId: number; productId: number } & Partial<typeof cartItems.$inferInsert>,
): Promise<CartItem> {
  const [row] = await db
    .insert(cartItems)
    .values({ qty: 1, ...values })
    .returning();
  return row!;
}

export async function createDreamTrackerItem(
  db: Db,
  values: { memberId: number; productId: number } & Partial<typeof dreamTrackerItems.$inferInsert>,
): Promise<DreamTrackerItem> {
  const [row] = await db
    .insert(dreamTrackerItems)
    .values({ qty: 1, ...values })
    .returning();
  return row!;
}

// ── Orders ───────────────────────────────────────────────────────────────────────────────────

export type OrderItemInput = { productId: number; qty?: number } & Partial<
  Omit<typeof orderItems.$inferInsert, "orderId" | "productId" | "qty">
>;

export type CreateOrderInput = {
  customerId: number;
  items: OrderItemInput[];
} & Partial<Omit<typeof orders.$inferInsert, "customerId">>;

/**
 * An order as checkout would leave it: lines snapshot their product (name, price, weight,
 * merchant, delivery service), the delivery details are the customer's, and the total is the sum
 * of the lines. Pay in person and store pickup unless told otherwise; a card order is paid.
 */
export async function createOrder(
  db: Db,
  { customerId, items, ...overrides }: CreateOrderInput,
): Promise<Order & { items: OrderItem[] }> {
  if (items.length === 0) throw new Error("createOrder needs at least one item");
  const n = nextSequence();
  const productRows = await db
    .select()
    .from(products)
    .where(
      inArray(
        products.id,
        items.map((i) => i.productId),
      ),
    );
  const productById = new Map(productRows.map((p) => [p.id, p]));
  const lines = items.map(({ productId, qty = 1, ...line }) => {
    const product = productById.get(productId);
    if (!product) throw new Error(`createOrder: no product ${productId}`);
    return { product, qty, line };
  });
  const currency = overrides.currency ?? lines[0]!.product.currency;
  if (lines.some((l) => l.product.currency !== currency))
    throw new Error("createOrder: one currency per order");

  const [customer] = await db.select().from(members).where(eq(members.id, customerId));
  if (!customer) throw new Error(`createOrder: no member ${customerId}`);
  const paymentType = overrides.paymentType ?? "in_person";
  const isCard = paymentType === "card";

  const [order] = await db
    .insert(orders)
    .values({
      orderNo: `T${String(n).padStart(9, "0")}`,
      customerId,
      paymentType,
      deliveryDestination: "store",
      currency,
      totalCents: lines.reduce((sum, l) => sum + l.product.unitPriceCents * l.qty, 0),
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email,
      phone: customer.phone ?? phoneFor(n),
      address: customer.address,
      city: customer.city,
      provinceState: customer.provinceState,
      country: customer.country,
      postalCode: customer.postalCode,
      paymentStatus: isCard ? "paid" : "not_required",
      paymentIntentId: isCard ? `pi_test_${n}` : null,
      paidAt: isCard ? new Date() : null,
      ...overrides,
    })
    .returning();

  const itemRows = await db
    .insert(orderItems)
    .values(
      lines.map(({ product, qty, line }) => ({
        orderId: order!.id,
        productId: product.id,
        merchantId: product.merchantId,
        productName: product.name,
        unitPriceCents: product.unitPriceCents,
        unitWeight: product.unitWeight,
        unitWeightSymbol: product.unitWeightSymbol,
        qty,
        deliveryService: product.deliveryService,
        createdAt: order!.createdAt,
        ...line,
      })),
    )
    .returning();
  return { ...order!, items: itemRows };
}

// ── Resellers ────────────────────────────────────────────────────────────────────────────────

export async function createReseller(
  db: Db,
  overrides: Partial<typeof resellers.$inferInsert> = {},
): Promise<Reseller> {
  const n = nextSequence();
  const [row] = await db
    .insert(resellers)
    .values({
      identifier: createHash("md5").update(`reseller-${n}`).digest("hex"),
      firstName: pick(FIRST_NAMES, n),
      lastName: pick(LAST_NAMES, n),
      email: `reseller${n}@example.com`,
      phone: phoneFor(n),
      rate: "5.00",
      ...overrides,
    })
    .returning();
  return row!;
}

/** The pending transaction recorded when a recruited merchant lists `productId`. */
export async function createResellerTransaction(
  db: Db,
  {
    resellerId,
    productId,
    ...overrides
  }: { resellerId: number; productId: number } & Partial<typeof resellerTransactions.$inferInsert>,
): Promise<ResellerTransaction> {
  const [product] = await db.select().from(products).where(eq(products.id, productId));
  const [reseller] = await db.select().from(resellers).where(eq(resellers.id, resellerId));
  if (!product || !reseller)
    throw new Error("createResellerTransaction: no such product or reseller");
  const [row] = await db
    .insert(resellerTransactions)
    .values({
      resellerId,
      productId,
      merchantId: product.merchantId,
      productName: product.name,
      rate: reseller.rate,
      ...overrides,
    })
    .returning();
  return row!;
}

// ── Messaging ────────────────────────────────────────────────────────────────────────────────

/** A thread between a merchant and a customer, or a visitor when no `customerId` is given. */
export async function createConversation(
  db: Db,
  {
    merchantId,
    customerId,
    ...overrides
  }: { merchantId: number; customerId?: number | null } & Partial<
    typeof conversations.$inferInsert
  >,
): Promise<Conversation> {
  const n = nextSequence();
  const visitor = customerId
    ? {}
    : {
        visitorFirstName: pick(FIRST_NAMES, n),
        visitorLastName: pick(LAST_NAMES, n),
        visitorEmail: `visitor${n}@example.com`,
      };
  const [row] = await db
    .insert(conversations)
    .values({ merchantId, customerId: customerId ?? null, ...visitor, ...overrides })
    .returning();
  return row!;
}

/**
 * A message, with the conversation's last_message_at moved to it and the other side's unread
 * count raised, as the messaging services do.
 */
export async function createMessage(
  db: Db,
  {
    conversationId,
    senderMemberId,
    ...overrides
  }: { conversationId: number; senderMemberId: number | null } & Partial<
    typeof messages.$inferInsert
  >,
): Promise<Message> {
  const [row] = await db
    .insert(messages)
    .values({
      conversationId,
      senderMemberId,
      body: "Hello! Are the tomatoes still available?",
      ...overrides,
    })
    .returning();
  const [conversation] = await db
    .select()
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  const fromMerchant = senderMemberId !== null && senderMemberId === conversation?.merchantId;
  await db
    .update(conversations)
    .set({
      lastMessageAt: row!.createdAt,
      ...(fromMerchant
        ? { customerUnreadCount: sql`${conversations.customerUnreadCount} + 1` }
        : { merchantUnreadCount: sql`${conversations.merchantUnreadCount} + 1` }),
    })
    .where(eq(conversations.id, conversationId));
  return row!;
}

// ── Security ─────────────────────────────────────────────────────────────────────────────────

export async function createSecurityAccess(
  db: Db,
  { memberId, ...overrides }: { memberId: number } & Partial<typeof securityAccesses.$inferInsert>,
): Promise<SecurityAccess> {
  const n = nextSequence();
  const [row] = await db
    .insert(securityAccesses)
    .values({
      memberId,
      browserKey: createHash("sha256").update(`browser-${n}`).digest("hex"),
      browserData: "Chrome 130 on macOS",
      ip: `203.0.113.${n % 255}`,
      city: "Toronto",
      provinceState: "ON",
      country: "CA",
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createShortLink(
  db: Db,
  overrides: Partial<typeof shortLinks.$inferInsert> = {},
): Promise<ShortLink> {
  const n = nextSequence();
  const [row] = await db
    .insert(shortLinks)
    .values({ code: `s${n}`, originalUrl: `/products/${n}`, ...overrides })
    .returning();
  return row!;
}
