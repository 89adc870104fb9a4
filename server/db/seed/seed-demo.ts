import "server-only";
import { count, eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { members, pickupPlaces, pickupWindows, products } from "@/server/db/schema";
import { geocode } from "@/server/geo";
import { FARM_PLACE_NAME } from "@/server/pickup/farm-setup";
import { saveImage, type ImageStore } from "@/server/storage";
import { enrolDemoSecret } from "@/server/auth/second-factor";
import {
  createAdmin,
  createCustomer,
  createDreamTrackerItem,
  createLocalLocation,
  createMerchant,
  createOrder,
  createProduct,
  createReseller,
  createResellerTransaction,
  createReview,
  createSubscription,
  type Member,
  type Product,
} from "./factories";
import { DEMO_CATALOG, type DemoCategory, type DemoProduct } from "./demo-catalog";
import { seedDemoDemand } from "./demo-demand";
import { DEMO_FARMS, type DemoFarm, type DemoPlan } from "./demo-farms";
import { renderAvatar, renderProductImage } from "./images";

/** Every demo account signs in with this password (listed in the README). */
export const DEMO_PASSWORD = "Harvest2026!";
/**
 * The demo admin's TOTP secret (base32), printed in the README: demo only, like the password. The
 * e2e suite, the attack suite and the bench compute the admin's codes from it (tests/totp.ts).
 */
export const DEMO_ADMIN_TOTP_SECRET = "MARKETDEMOADMINTOTPSECRETXYZ2345";

/** How many products each plan's demo farms list: the plan limits of part 1 section 6. */
const PRODUCTS_PER_PLAN: Record<DemoPlan, number> = { basic: 2, engager: 4, harvest: 10 };
/** Extra products of the first (Harvest) farm: 16 in all, more than one store page. */
const FLAGSHIP_EXTRA_PRODUCTS = 6;

const DAY_MS = 24 * 60 * 60 * 1000;

export type SeedDemoOptions = {
  /** Where images go; the environment's store by default. */
  imageStore?: ImageStore;
  /** The clock the demo dates are spread back from. */
  now?: Date;
  log?: (line: string) => void;
};

export type SeedDemoResult = {
  seeded: boolean;
  merchants: number;
  products: number;
  orders: number;
};

/**
 * Fills an empty database with the demo marketplace: an admin, customers, 16 farms in Ontario and
 * the US north-east (addresses geocoded offline), 80+ products with generated images, reviews,
 * orders in every status and a reseller. Does nothing when any member exists.
 */
export async function seedDemo(db: Db, options: SeedDemoOptions = {}): Promise<SeedDemoResult> {
  const [existing] = await db.select({ n: count() }).from(members);
  if ((existing?.n ?? 0) > 0) return { seeded: false, merchants: 0, products: 0, orders: 0 };

  const now = options.now ?? new Date();
  const random = seededRandom(20261121);
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS - random() * DAY_MS);
  const log = options.log ?? (() => {});

  const admin = await createAdmin(db, {
    username: "admin",
    email: "admin@example.com",
    firstName: "Alex",
    lastName: "Morgan",
    password: DEMO_PASSWORD,
  });
  // Admins sign in with a second factor (decision 0053): the demo's secret is in the README.
  await enrolDemoSecret(db, admin.id, DEMO_ADMIN_TOTP_SECRET);
  const customers = await createDemoCustomers(db);
  const reseller = await createReseller(db, {
    identifier: "5f2b8c1e9a7d4e3f8b6a0c2d4e6f8a1b",
    firstName: "Priya",
    lastName: "Raman",
    email: "priya.raman@example.com",
    phone: "(647) 555-0190",
    rate: "5.00",
  });

  const farms: Array<{ farm: DemoFarm; merchant: Member; products: Product[] }> = [];
  const cursors = new Map<DemoCategory, number>();
  for (const [index, farm] of DEMO_FARMS.entries()) {
    const merchant = await createDemoMerchant(
      db,
      farm,
      options.imageStore,
      index === 0 ? reseller.id : null,
    );
    if (farm.plan !== "basic") {
      await createSubscription(db, {
        memberId: merchant.id,
        plan: farm.plan,
        activatedAt: daysAgo(120),
      });
    }
    const picks = pickProducts(farm, PRODUCTS_PER_PLAN[farm.plan], cursors);
    const products: Product[] = [];
    for (const [i, pick] of picks.entries()) {
      products.push(
        await createDemoProduct(db, merchant, pick, {
          seed: index * 100 + i,
          createdAt: daysAgo(2 + Math.floor(random() * 80)),
          // A few sold-out items, so the SOLD OUT state is visible in the demo.
          inStock: (index + i) % 13 !== 5,
          deliveryService: (index + i) % 3 !== 0,
          imageStore: options.imageStore,
        }),
      );
    }
    if (index === 0) {
      for (const product of products.slice(0, 3)) {
        await createResellerTransaction(db, {
          resellerId: reseller.id,
          merchantId: merchant.id,
          productId: product.id,
          productName: product.name,
          rate: reseller.rate,
          createdAt: product.createdAt,
        });
      }
    }
    farms.push({ farm, merchant, products });
    log(`seeded ${farm.farmName} (${products.length} products)`);
  }

  const allProducts = farms.flatMap((f) => f.products);
  await createDemoReviews(db, allProducts, customers, random, daysAgo);
  const orders = await createDemoOrders(db, farms, customers, random, daysAgo);
  await createDemoReviewTrust(db);

  // The flagship Harvest farm lists more than one store page (12), so Load More shows on its store.
  // Added last, with fixed dates and no draws from `random`, so every other demo row stays as it was.
  const flagship = farms[0]!;
  const extras = DEMO_CATALOG.vegetables.slice(-FLAGSHIP_EXTRA_PRODUCTS);
  for (const [k, pick] of extras.entries()) {
    flagship.products.push(
      await createDemoProduct(db, flagship.merchant, pick, {
        seed: 9_000 + k,
        createdAt: daysAgo(85 + k),
        inStock: true,
        deliveryService: k % 2 === 0,
        imageStore: options.imageStore,
      }),
    );
  }
  log(`seeded ${FLAGSHIP_EXTRA_PRODUCTS} more products for ${flagship.farm.farmName}`);
  await createDemoRatings(
    db,
    flagship.products.slice(-FLAGSHIP_EXTRA_PRODUCTS),
    customers.ca,
    daysAgo,
  );

  await limitDemoStock(db, farms, customers);
  log(`seeded limited quantities on ${new Set(DEMO_STOCK.map((s) => s.farm)).size} farms`);
  await createDemoPickupWindows(db, farms);
  log(`seeded pickup windows on ${DEMO_PICKUP.length} farms, one with a market stall`);

  // Demand around the flagship farm (issue 44, item 5), with no draws from `random`.
  const { latitude, longitude } = flagship.merchant;
  if (latitude !== null && longitude !== null) {
    const recorded = await seedDemoDemand(db, { latitude, longitude, now });
    log(`seeded ${recorded} searches and saves around ${flagship.farm.farmName}`);
  }

  return {
    seeded: true,
    merchants: farms.length,
    products: allProducts.length + extras.length,
    orders,
  };
}

/**
 * Stock by quantity on three farms (issue 41, decision 0042), so a newcomer meets it: a product
 * with a few left ("Only N left" on the store and product pages, the quantity picker capped),
 * plenty of another, and one sold out by its count (SOLD OUT, kept in the demo customer's Dream
 * Tracker: adding stock to it sends the back-in-stock mail to /dev/mailbox). Counts are in whole
 * units of each product (its weight unit times its unit weight when sold by weight). Set last,
 * with no draws from `random`, so every other demo row stays as it was.
 */
// Farms no end-to-end journey buys from (uxbridge_honey_co, milton_heritage_farm,
// niagara_fruit_stand): a journey buying the last units would change what the others see.
const DEMO_STOCK: Array<{ farm: number; product: number; units: number; lowStockAt?: number }> = [
  { farm: 3, product: 0, units: 2 },
  { farm: 3, product: 1, units: 30 },
  { farm: 6, product: 0, units: 0 },
  { farm: 6, product: 1, units: 5, lowStockAt: 6 },
  { farm: 8, product: 0, units: 12, lowStockAt: 3 },
  { farm: 8, product: 1, units: 3 },
];

async function limitDemoStock(
  db: Db,
  farms: Array<{ products: Product[] }>,
  customers: { ca: Member[] },
): Promise<void> {
  for (const { farm, product: index, units, lowStockAt } of DEMO_STOCK) {
    const product = farms[farm]?.products[index];
    if (!product) continue;
    const available = (units * Number(product.unitWeight)).toFixed(2);
    await db
      .update(products)
      .set({ availableQty: available, ...(lowStockAt !== undefined ? { lowStockAt } : {}) })
      .where(eq(products.id, product.id));
    if (units === 0 && customers.ca[0])
      await createDreamTrackerItem(db, { memberId: customers.ca[0].id, productId: product.id });
  }
}

/**
 * Pickup places and weekly windows (issue 41 item 3, decision 0050) on the farms with limited
 * stock, so a newcomer meets them at checkout and on the store page; one farm also sells from a
 * market stall in Toronto, on the farmers map near the demo customer. Farms no end-to-end journey
 * buys from (see DEMO_STOCK). Two statements, whatever the number of windows: the places, then
 * the windows.
 */
const DEMO_PICKUP: Array<{
  farm: number;
  stall?: { name: string; address: string; city: string; postalCode: string };
  /** weekday (0 = Sunday), from and to in minutes, cut-off days before and minute, capacity. */
  windows: Array<{
    stall?: boolean;
    weekday: number;
    from: number;
    to: number;
    cutoff: [number, number];
    capacity?: number;
  }>;
}> = [
  {
    farm: 3,
    windows: [
      { weekday: 3, from: 16 * 60, to: 19 * 60, cutoff: [0, 12 * 60] },
      { weekday: 6, from: 9 * 60, to: 12 * 60, cutoff: [1, 18 * 60] },
    ],
  },
  {
    farm: 6,
    windows: [
      { weekday: 4, from: 15 * 60, to: 18 * 60, cutoff: [1, 20 * 60], capacity: 8 },
      { weekday: 0, from: 10 * 60, to: 13 * 60, cutoff: [1, 18 * 60], capacity: 8 },
    ],
  },
  {
    farm: 8,
    stall: {
      name: "St. Lawrence Market stall",
      address: "93 Front St E",
      city: "Toronto",
      postalCode: "M5E 1C3",
    },
    windows: [
      { weekday: 5, from: 14 * 60, to: 18 * 60, cutoff: [0, 10 * 60] },
      { stall: true, weekday: 6, from: 7 * 60, to: 13 * 60, cutoff: [1, 18 * 60], capacity: 20 },
    ],
  },
];

async function createDemoPickupWindows(db: Db, farms: Array<{ merchant: Member }>): Promise<void> {
  const places: Array<typeof pickupPlaces.$inferInsert> = [];
  for (const { farm, stall } of DEMO_PICKUP) {
    const merchantId = farms[farm]!.merchant.id;
    places.push({ merchantId, name: FARM_PLACE_NAME });
    if (stall) {
      const point = await geocode({ ...stall, provinceState: "ON", country: "CA" });
      places.push({
        merchantId,
        ...stall,
        provinceState: "ON",
        country: "CA",
        latitude: point?.latitude ?? null,
        longitude: point?.longitude ?? null,
      });
    }
  }
  const made = await db.insert(pickupPlaces).values(places).returning({
    id: pickupPlaces.id,
    merchantId: pickupPlaces.merchantId,
    address: pickupPlaces.address,
  });
  const windows = DEMO_PICKUP.flatMap(({ farm, windows }) => {
    const merchantId = farms[farm]!.merchant.id;
    return windows.map((w) => ({
      merchantId,
      placeId: made.find(
        (p) => p.merchantId === merchantId && (p.address !== null) === Boolean(w.stall),
      )!.id,
      weekday: w.weekday,
      startsMinute: w.from,
      endsMinute: w.to,
      cutoffDaysBefore: w.cutoff[0],
      cutoffMinute: w.cutoff[1],
      capacity: w.capacity ?? null,
    }));
  });
  await db.insert(pickupWindows).values(windows);
}

async function createDemoCustomers(db: Db): Promise<{ ca: Member[]; us: Member[] }> {
  const main = await createCustomer(db, {
    username: "demo_customer",
    email: "customer@example.com",
    firstName: "Jordan",
    lastName: "Lee",
    phone: "(416) 555-0100",
    address: "100 Queen St W",
    city: "Toronto",
    provinceState: "ON",
    postalCode: "M5H 2N2",
    password: DEMO_PASSWORD,
  });
  // The demo customer has set My Local (downtown Toronto, no distance limit: nearest farms first), so
  // the location dialog does not greet every demo sign-in.
  await createLocalLocation(db, { memberId: main.id });
  const people: Array<[string, string, string, string, string, string]> = [
    ["maya_chen", "Maya", "Chen", "Markham", "L3R 5H7", "(905) 555-0111"],
    ["liam_obrien", "Liam", "O'Brien", "Toronto", "M4M 1H4", "(416) 555-0112"],
    ["fatima_ali", "Fatima", "Ali", "Mississauga", "L5B 2C9", "(905) 555-0113"],
    ["noah_martin", "Noah", "Martin", "Newmarket", "L3Y 4W1", "(905) 555-0114"],
    ["sofia_rossi", "Sofia", "Rossi", "Vaughan", "L4L 1A6", "(905) 555-0115"],
  ];
  const ca = [main];
  for (const [username, firstName, lastName, city, postalCode, phone] of people) {
    ca.push(
      await createCustomer(db, {
        username,
        email: `${username}@example.com`,
        firstName,
        lastName,
        phone,
        city,
        provinceState: "ON",
        postalCode,
        password: DEMO_PASSWORD,
      }),
    );
  }
  const us = [
    await createCustomer(db, {
      username: "ethan_brooks",
      email: "ethan_brooks@example.com",
      firstName: "Ethan",
      lastName: "Brooks",
      phone: "(518) 555-0116",
      country: "US",
      currency: "USD",
      city: "Albany",
      provinceState: "NY",
      postalCode: "12207",
      password: DEMO_PASSWORD,
    }),
  ];
  return { ca, us };
}

async function createDemoMerchant(
  db: Db,
  farm: DemoFarm,
  imageStore: ImageStore | undefined,
  resellerId: number | null,
): Promise<Member> {
  const place = await geocode(
    {
      postalCode: farm.postalCode,
      city: farm.city,
      provinceState: farm.provinceState,
      country: farm.country,
    },
    { mapboxToken: null },
  );
  if (!place)
    throw new Error(`Demo farm ${farm.username}: ${farm.postalCode} does not geocode offline`);
  const initials = `${farm.firstName[0]}${farm.lastName[0]}`;
  const avatar = await saveImage(await renderAvatar({ initials, seed: farm.username.length }), {
    kind: "avatar",
    store: imageStore,
  });
  return createMerchant(db, {
    username: farm.username,
    email: `${farm.username}@example.com`,
    firstName: farm.firstName,
    lastName: farm.lastName,
    phone: farm.phone,
    country: farm.country,
    currency: farm.country === "US" ? "USD" : "CAD",
    address: farm.address,
    city: farm.city,
    provinceState: farm.provinceState,
    postalCode: farm.postalCode,
    latitude: place.latitude,
    longitude: place.longitude,
    introduction: farm.introduction,
    avatarImage: avatar.key,
    resellerId,
    password: DEMO_PASSWORD,
  });
}

/** Takes `n` products from the farm's specialties in turn, each catalog entry used once overall. */
function pickProducts(
  farm: DemoFarm,
  n: number,
  cursors: Map<DemoCategory, number>,
): DemoProduct[] {
  const picks: DemoProduct[] = [];
  for (let i = 0; picks.length < n; i += 1) {
    const category = farm.specialties[i % farm.specialties.length]!;
    const pool = DEMO_CATALOG[category];
    const at = cursors.get(category) ?? 0;
    cursors.set(category, at + 1);
    picks.push(pool[at % pool.length]!);
  }
  return picks;
}

async function createDemoProduct(
  db: Db,
  merchant: Member,
  pick: DemoProduct,
  opts: {
    seed: number;
    createdAt: Date;
    inStock: boolean;
    deliveryService: boolean;
    imageStore?: ImageStore;
  },
): Promise<Product> {
  const png = await renderProductImage({
    category: pick.category,
    name: pick.name,
    seed: opts.seed,
  });
  const image = await saveImage(png, { kind: "product", store: opts.imageStore });
  return createProduct(db, {
    merchantId: merchant.id,
    name: pick.name,
    detail: pick.detail,
    unitPriceCents: pick.priceCents,
    weightRequired: pick.weight !== undefined,
    unitWeight: pick.weight ? String(pick.weight[0]) : "1",
    unitWeightSymbol: pick.weight ? pick.weight[1] : null,
    deliveryService: opts.deliveryService ? "free_delivery" : "in_store",
    inStock: opts.inStock,
    payInPerson: true,
    payByCard: false,
    image: image.key,
    createdAt: opts.createdAt,
    updatedAt: opts.createdAt,
  });
}

/**
 * Ratings a newcomer can read (decision 0047): a product with six reviews and a spread of stars
 * (its distribution shows every bar), one rated a little lower by as many, and one with a single
 * 5-star review, which Top rated puts after both (it has too few reviews to be ranked). Fixed
 * scores and dates, no draws from `random`, so every other demo row stays as it was.
 */
const DEMO_RATINGS: number[][] = [[5, 5, 4, 5, 3, 5], [4, 4, 5, 2, 4, 4], [5]];

async function createDemoRatings(
  db: Db,
  products: Product[],
  reviewers: Member[],
  daysAgo: (days: number) => Date,
): Promise<void> {
  for (const [i, scores] of DEMO_RATINGS.entries()) {
    const product = products[i];
    if (!product) continue;
    for (const [j, score] of scores.entries()) {
      const reviewer = reviewers[j];
      if (!reviewer) continue;
      const text =
        REVIEW_TEXTS.find(([s]) => s === score)?.[1] ?? "Not as fresh as I hoped this time.";
      const when = daysAgo(3 + i * 5 + j);
      await createReview(db, {
        productId: product.id,
        memberId: reviewer.id,
        score,
        content: text,
        createdAt: when,
        updatedAt: when,
      });
    }
  }
}

const REVIEW_TEXTS: Array<[number, string]> = [
  [
    5,
    "Picked up on Saturday and it was still perfect on Wednesday. So much better than the grocery store.",
  ],
  [5, "Lovely farmer, ready right on time. We will be back every week."],
  [4, "Very fresh and tasty. A little pricier than the supermarket but worth it."],
  [5, "My kids ate half of it in the car on the way home!"],
  [3, "Good quality, though the batch was smaller than I expected."],
  [4, "Great flavour. Would love a bigger size option."],
  [5, "You can taste the difference. Highly recommend."],
  [4, "Fresh and well packed for delivery."],
];

async function createDemoReviews(
  db: Db,
  products: Product[],
  customers: { ca: Member[]; us: Member[] },
  random: () => number,
  daysAgo: (days: number) => Date,
): Promise<void> {
  for (const product of products) {
    const pool =
      product.currency === "USD" ? [...customers.us, ...customers.ca.slice(1, 3)] : customers.ca;
    const howMany = Math.floor(random() * 4); // 0 to 3 reviews; some products have none
    const reviewers = shuffle(pool, random).slice(0, howMany);
    for (const reviewer of reviewers) {
      const [score, content] = REVIEW_TEXTS[Math.floor(random() * REVIEW_TEXTS.length)]!;
      const when = daysAgo(Math.floor(random() * 30));
      await createReview(db, {
        productId: product.id,
        memberId: reviewer.id,
        score,
        content,
        createdAt: when,
        updatedAt: when,
      });
    }
  }
}

/**
 * Issue 44 on the demo: reviews of buyers who received the product carry the verified mark, the
 * farms replied to some reviews (every third), and a few reviews wait in the moderation queue,
 * reported by another demo customer. Plain statements, no draws from `random`, so every other demo
 * row stays as it was.
 */
async function createDemoReviewTrust(db: Db): Promise<void> {
  await db.execute(sql`
    update reviews r set verified_buyer = true
    where exists (select 1 from order_items oi join orders o on o.id = oi.order_id
      where o.customer_id = r.member_id and oi.product_id = r.product_id
        and oi.status = 'customer_received')`);
  await db.execute(sql`
    insert into review_replies (review_id, merchant_id, content, created_at, updated_at)
    select r.id, p.merchant_id,
      'Thank you so much for the kind words! See you at the next pickup.',
      r.created_at + interval '1 day', r.created_at + interval '1 day'
    from reviews r join products p on p.id = r.product_id
    where r.id % 3 = 0`);
  await db.execute(sql`
    insert into review_reports (review_id, reporter_id, reason)
    select r.id, m.id, (array['spam', 'off_topic', 'offensive'])[1 + r.id % 3]::review_report_reason
    from (select id, member_id from reviews order by id limit 3) r
    cross join lateral (select id from members where member_type = 'customer'
      and id <> r.member_id order by id limit 1) m`);
}

/** Orders over the last two months in every status, for the demo customer and the others. */
async function createDemoOrders(
  db: Db,
  farms: Array<{ farm: DemoFarm; merchant: Member; products: Product[] }>,
  customers: { ca: Member[]; us: Member[] },
  random: () => number,
  daysAgo: (days: number) => Date,
): Promise<number> {
  const caProducts = farms.filter((f) => f.farm.country === "CA").flatMap((f) => f.products);
  const usProducts = farms.filter((f) => f.farm.country === "US").flatMap((f) => f.products);
  const pickupStatuses = [
    "order_created",
    "ready_for_pickup",
    "customer_received",
    "customer_received",
    "cancelled",
  ] as const;
  const deliveryStatuses = [
    "order_created",
    "ready_to_ship",
    "in_shipping",
    "shipped",
    "customer_received",
  ] as const;

  let placed = 0;
  const place = async (customer: Member, pool: Product[], index: number) => {
    const inStock = pool.filter((p) => p.inStock);
    const items = shuffle(inStock, random).slice(0, 1 + Math.floor(random() * 3));
    const home = items.every((p) => p.deliveryService === "free_delivery") && index % 2 === 0;
    const statuses = home ? deliveryStatuses : pickupStatuses;
    const status = statuses[index % statuses.length]!;
    const createdAt = daysAgo(1 + index * 3 + Math.floor(random() * 3));
    await createOrder(db, {
      customerId: customer.id,
      orderNo: `LP${String(100_000 + placed * 7919).slice(-6)}${String(index).padStart(2, "0")}`,
      deliveryDestination: home ? "home" : "store",
      createdAt,
      items: items.map((p) => ({
        productId: p.id,
        qty: 1 + Math.floor(random() * 3),
        status,
        qualifiedToCancel: status !== "cancelled",
        cancelledAt: status === "cancelled" ? createdAt : null,
      })),
    });
    placed += 1;
  };

  for (let i = 0; i < 8; i += 1) await place(customers.ca[0]!, caProducts, i);
  for (const [c, customer] of customers.ca.slice(1).entries()) {
    for (let i = 0; i < 4; i += 1) await place(customer, caProducts, c * 4 + i);
  }
  for (let i = 0; i < 4; i += 1) await place(customers.us[0]!, usProducts, i);
  return placed;
}

/** mulberry32: a small deterministic generator, so every fresh demo looks the same. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(list: readonly T[], random: () => number): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
