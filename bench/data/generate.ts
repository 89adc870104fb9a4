/**
 * The benchmark dataset, generated deterministically from a seed: the same size, seed and anchor
 * day give the same rows. Each table is produced as COPY text chunks (`tableChunks`), streamed
 * into PostgreSQL or PGlite by load.ts, so even size L never sits in memory as rows.
 *
 * Shape (see SIZES): farms in real towns (a third around the map's default centre), products with
 * names drawn from common and rare word lists, reviews (products.score and review_count are their
 * average and count), customers with saved My Local locations, and two years of orders whose
 * lines snapshot the product and follow the status workflow of their delivery method. Sizes are
 * skewed like real marketplaces: one farm lists a few percent of all products and sells a few
 * percent of all order lines (the "largest farmer"), one customer places a few thousand orders.
 */
import { stream, zipfTable, weightTable, type Rng, type ZipfTable } from "./prng";
import { loadGeo, type GeoWorld, type Town } from "./geo";
import {
  COMMON_PRODUCE,
  DETAIL_CLOSERS,
  DETAIL_MIDDLES,
  DETAIL_OPENERS,
  FARM_NAME_PARTS_A,
  FARM_NAME_PARTS_B,
  FIRST_NAMES,
  INTRO_SENTENCES,
  LAST_NAMES,
  PACKS,
  QUALIFIERS,
  RARE_PRODUCE,
  REVIEW_TEXTS,
  STREETS,
  WEIGHTS,
} from "./words";

export interface SizeSpec {
  name: string;
  farms: number;
  products: number;
  orderLines: number;
  customers: number;
}

/**
 * The issue's sizes (farms / products / order lines / customers). XS is the CI's second size:
 * statement counts at XS and S must be equal.
 */
export const SIZES: Record<string, SizeSpec> = {
  XS: { name: "XS", farms: 50, products: 2_000, orderLines: 10_000, customers: 1_000 },
  S: { name: "S", farms: 500, products: 20_000, orderLines: 100_000, customers: 10_000 },
  M: { name: "M", farms: 5_000, products: 200_000, orderLines: 1_000_000, customers: 100_000 },
  L: { name: "L", farms: 20_000, products: 2_000_000, orderLines: 10_000_000, customers: 400_000 },
};

/** Every generated member signs in with this password (the demo's). */
export const BENCH_PASSWORD = "Harvest2026!";
/** ONE argon2id hash of BENCH_PASSWORD, computed once (hashing per row would take hours at L). */
const PASSWORD_HASH =
  "$argon2id$v=19$m=19456,t=2,p=1$w3U7qGugqeNUdf6a2pxxYQ$ouV2ar7c/o8MMDAcf0F+x3w+bpJoM4X1oZYR134v2ug";

const DAY = 86_400_000;
const PLAN_BASIC = 0;
const PLAN_ENGAGER = 1;
const PLAN_HARVEST = 2;
const PLAN_NAMES = ["basic", "engager", "harvest"] as const;

const STATUS_ACTIVE = 0;
const STATUS_DELETED = 1;
const STATUS_REMOVED = 2;
const PRODUCT_STATUS = ["active", "deleted", "removed"] as const;

// ── COPY text format ───────────────────────────────────────────────────────────────────────────

const NULL = "\\N";

/** Escapes a text value for COPY's text format. */
function esc(value: string): string {
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n").replace(/\r/g, "\\r")
    : value;
}

const isoCache = new Map<number, string>();
/** A timestamptz literal (UTC) for epoch milliseconds, to the second. */
function ts(ms: number): string {
  const s = Math.floor(ms / 1000);
  let out = isoCache.get(s);
  if (out) return out;
  out = new Date(s * 1000).toISOString().slice(0, 19).replace("T", " ") + "+00";
  if (isoCache.size > 50_000) isoCache.clear();
  isoCache.set(s, out);
  return out;
}

function money(cents: number): string {
  return String(cents);
}

// ── World ──────────────────────────────────────────────────────────────────────────────────────

export interface World {
  size: SizeSpec;
  seed: string;
  /** Midnight UTC of the load day: "now" for every generated timestamp. */
  anchorMs: number;
  geo: GeoWorld;
  adminId: number;
  merchants: Merchants;
  customers: Customers;
  products: Products;
  /** Summary of what the scenarios need (largest farmer, largest customer, search terms...). */
  facts: DatasetFacts;
  /** Conversations and messages, built on first use by the conversation or message rows. */
  messaging?: Messaging;
}

interface People {
  count: number;
  firstId: number;
  town: Int32Array;
  lat: Float64Array;
  lon: Float64Array;
  createdMs: Float64Array;
  first: Uint16Array;
  last: Uint16Array;
  streetNo: Int32Array;
  street: Uint16Array;
  phone: Int32Array;
  postal: string[];
  username: string[];
}

interface Merchants extends People {
  plan: Uint8Array;
  productCount: Int32Array;
  /** CSR: product ids of merchant i are productIds[productStart[i] .. productStart[i+1]), oldest first. */
  productStart: Int32Array;
  productIds: Int32Array;
  payByCard: Uint8Array;
  deliveryShare: Float64Array;
  intro: string[];
}

type Customers = People;

interface Products {
  count: number;
  merchant: Int32Array;
  createdMs: Float64Array;
  price: Int32Array;
  /** Index into WEIGHTS, -1 when not sold by weight. */
  weight: Int8Array;
  freeDelivery: Uint8Array;
  status: Uint8Array;
  inStock: Uint8Array;
  payByCard: Uint8Array;
  name: string[];
  /** Review sums, filled by the review pass (score = sum / count). */
  reviewSum: Int32Array;
  reviewCount: Int32Array;
}

export interface DatasetFacts {
  size: string;
  seed: string;
  anchor: string;
  counts: Record<string, number>;
  adminEmail: string;
  password: string;
  largestFarmer: {
    id: number;
    username: string;
    email: string;
    products: number;
    orderLines: number;
  };
  largestCustomer: { id: number; username: string; email: string; orders: number };
  hotspot: { latitude: number; longitude: number };
  /** typo: a misspelt rare word (a selective search once corrected); commonTypo: a misspelt common one. */
  search: {
    twoTerms: string;
    commonTerm: string;
    typo: string;
    commonTypo: string;
    rareTerm: string;
    exactNames: string[];
  };
  sampleProductIds: number[];
  /** Set when the conversation or message rows are generated (issue 20). */
  messaging?: MessagingFacts;
}

export interface MessagingFacts {
  conversations: number;
  messages: number;
  /** The farmer with the most conversations (the contacts list's deep page). */
  largestFarmer: {
    id: number;
    username: string;
    email: string;
    conversations: number;
    unreadConversations: number;
  };
  /** The conversation with the most messages, and its farmer (who may read it). */
  largestConversation: { id: number; merchantId: number; messages: number };
  /** Customers with at least one conversation, for the unread count and their contacts lists. */
  sampleCustomerIds: number[];
}

function stripAccents(s: string): string {
  return s.normalize("NFD").replace(/\p{M}/gu, "");
}

function slug(s: string): string {
  return stripAccents(s)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

function phoneText(n: number): string {
  const area = 200 + (n % 800);
  const mid = 200 + (Math.floor(n / 800) % 800);
  const last = Math.floor(n / 640_000) % 10_000;
  return `(${area}) ${mid}-${String(last).padStart(4, "0")}`;
}

function placePeople(
  world: { geo: GeoWorld },
  rng: Rng,
  count: number,
  firstId: number,
  hotShare: number,
  jitterKm: [number, number],
  startMs: number,
  endMs: number,
): People {
  const p: People = {
    count,
    firstId,
    town: new Int32Array(count),
    lat: new Float64Array(count),
    lon: new Float64Array(count),
    createdMs: new Float64Array(count),
    first: new Uint16Array(count),
    last: new Uint16Array(count),
    streetNo: new Int32Array(count),
    street: new Uint16Array(count),
    phone: new Int32Array(count),
    postal: new Array<string>(count),
    username: new Array<string>(count),
  };
  const { geo } = world;
  for (let i = 0; i < count; i++) {
    const townIndex = rng.chance(hotShare)
      ? (geo.hot[rng.zipf(geo.hotWeights)] as number)
      : rng.zipf(geo.all);
    const town = geo.towns[townIndex] as Town;
    const dist = jitterKm[0] + rng.next() * (jitterKm[1] - jitterKm[0]);
    const bearing = rng.next() * 2 * Math.PI;
    const dLat = (dist * Math.cos(bearing)) / 111.2;
    const dLon = (dist * Math.sin(bearing)) / (111.2 * Math.cos((town.lat * Math.PI) / 180));
    p.town[i] = townIndex;
    p.lat[i] = Math.round((town.lat + dLat) * 1e6) / 1e6;
    p.lon[i] = Math.round((town.lon + dLon) * 1e6) / 1e6;
    // Ids follow creation time, as they would in a real database.
    p.createdMs[i] = Math.floor(startMs + ((i + rng.next()) / count) * (endMs - startMs));
    p.first[i] = rng.int(0, FIRST_NAMES.length - 1);
    p.last[i] = rng.int(0, LAST_NAMES.length - 1);
    p.streetNo[i] = rng.int(1, 9999);
    p.street[i] = rng.int(0, STREETS.length - 1);
    p.phone[i] = rng.int(0, 2_000_000_000);
    p.postal[i] = geo.postalCode(town, rng);
  }
  return p;
}

/** Builds everything the tables are generated from (a few hundred MB at L, seconds at M). */
export function buildWorld(size: SizeSpec, seed: string, anchorMs: number): World {
  const geo = loadGeo();
  const world = { geo } as World;
  world.size = size;
  world.seed = seed;
  world.anchorMs = anchorMs;
  world.adminId = 1;

  // Merchants: ids 2..farms+1, created over three years.
  const mr = stream(seed, "merchants");
  const base = placePeople(
    world,
    mr,
    size.farms,
    2,
    0.35,
    [2, 15],
    anchorMs - 3 * 365 * DAY,
    anchorMs - 30 * DAY,
  );
  const merchants: Merchants = {
    ...base,
    plan: new Uint8Array(size.farms),
    productCount: new Int32Array(size.farms),
    productStart: new Int32Array(size.farms + 1),
    productIds: new Int32Array(size.products),
    payByCard: new Uint8Array(size.farms),
    deliveryShare: new Float64Array(size.farms),
    intro: new Array<string>(size.farms),
  };
  for (let i = 0; i < size.farms; i++) {
    const id = merchants.firstId + i;
    merchants.username[i] = `${mr.pick(FARM_NAME_PARTS_A)}_${mr.pick(FARM_NAME_PARTS_B)}_${id}`;
    merchants.payByCard[i] = mr.chance(0.3) ? 1 : 0;
    merchants.deliveryShare[i] = mr.pick([0, 0, 0.2, 0.5, 0.8, 1]);
    const n = mr.int(1, 3);
    const sentences: string[] = [];
    for (let k = 0; k < n; k++) sentences.push(mr.pick(INTRO_SENTENCES));
    merchants.intro[i] = sentences.join(" ");
    const r = mr.next();
    merchants.plan[i] = r < 0.25 ? PLAN_BASIC : r < 0.4 ? PLAN_ENGAGER : PLAN_HARVEST;
  }
  // Product counts: plan limits (basic 2, engager 4), the rest Zipf-skewed over harvest farms.
  let fixed = 0;
  const harvest: number[] = [];
  for (let i = 0; i < size.farms; i++) {
    const plan = merchants.plan[i];
    if (plan === PLAN_BASIC) merchants.productCount[i] = mr.int(1, 2);
    else if (plan === PLAN_ENGAGER) merchants.productCount[i] = mr.int(3, 4);
    else harvest.push(i);
    fixed += merchants.productCount[i] as number;
  }
  // Random rank order, so the biggest farms are not simply the oldest.
  for (let i = harvest.length - 1; i > 0; i--) {
    const j = mr.int(0, i);
    [harvest[i], harvest[j]] = [harvest[j] as number, harvest[i] as number];
  }
  const minHarvest = 5;
  const spare = size.products - fixed - minHarvest * harvest.length;
  if (spare < 0) throw new Error(`size ${size.name}: too few products for ${size.farms} farms`);
  const hz = zipfTable(harvest.length, 0.7);
  let assigned = fixed;
  harvest.forEach((m, rank) => {
    const w =
      (hz.cumulative[rank] as number) - (rank > 0 ? (hz.cumulative[rank - 1] as number) : 0);
    const c = minHarvest + Math.floor((spare * w) / hz.total);
    merchants.productCount[m] = c;
    assigned += c;
  });
  for (let k = 0; assigned < size.products; k++, assigned++) {
    const m = harvest[k % harvest.length] as number;
    merchants.productCount[m] = (merchants.productCount[m] as number) + 1;
  }
  const largestFarm = harvest[0] as number;

  // Products: created between their farm's start and the anchor, ids in creation order.
  const pr = stream(seed, "products");
  const P = size.products;
  const products: Products = {
    count: P,
    merchant: new Int32Array(P),
    createdMs: new Float64Array(P),
    price: new Int32Array(P),
    weight: new Int8Array(P),
    freeDelivery: new Uint8Array(P),
    status: new Uint8Array(P),
    inStock: new Uint8Array(P),
    payByCard: new Uint8Array(P),
    name: new Array<string>(P),
    reviewSum: new Int32Array(P),
    reviewCount: new Int32Array(P),
  };
  {
    const slotMerchant = new Int32Array(P);
    const slotCreated = new Float64Array(P);
    let s = 0;
    for (let m = 0; m < size.farms; m++) {
      const start = merchants.createdMs[m] as number;
      for (let k = 0; k < (merchants.productCount[m] as number); k++, s++) {
        slotMerchant[s] = m;
        slotCreated[s] = Math.floor(start + pr.next() * (anchorMs - DAY - start));
      }
    }
    const order = new Int32Array(P);
    for (let i = 0; i < P; i++) order[i] = i;
    order.sort((a, b) => (slotCreated[a] as number) - (slotCreated[b] as number) || a - b);
    for (let i = 0; i < P; i++) {
      const slot = order[i] as number;
      products.merchant[i] = slotMerchant[slot] as number;
      products.createdMs[i] = slotCreated[slot] as number;
    }
    // CSR index of each merchant's products, oldest first.
    for (let i = 0; i < P; i++) {
      const m = products.merchant[i] as number;
      merchants.productStart[m + 1] = (merchants.productStart[m + 1] as number) + 1;
    }
    for (let m = 0; m < size.farms; m++)
      merchants.productStart[m + 1] =
        (merchants.productStart[m + 1] as number) + (merchants.productStart[m] as number);
    const fill = merchants.productStart.slice(0, size.farms);
    for (let i = 0; i < P; i++) {
      const m = products.merchant[i] as number;
      merchants.productIds[fill[m] as number] = i;
      fill[m] = (fill[m] as number) + 1;
    }
  }
  const commonZipf = zipfTable(COMMON_PRODUCE.length, 0.85);
  for (let i = 0; i < P; i++) {
    const m = products.merchant[i] as number;
    products.name[i] = productName(pr, commonZipf);
    products.price[i] = Math.max(99, Math.round(pr.gauss(900, 700) / 25) * 25 + 24);
    products.weight[i] = pr.chance(0.45) ? pr.int(0, WEIGHTS.length - 1) : -1;
    products.freeDelivery[i] = pr.chance(merchants.deliveryShare[m] as number) ? 1 : 0;
    const r = pr.next();
    products.status[i] = r < 0.95 ? STATUS_ACTIVE : r < 0.985 ? STATUS_DELETED : STATUS_REMOVED;
    products.inStock[i] = pr.chance(0.92) ? 1 : 0;
    products.payByCard[i] = merchants.payByCard[m] && pr.chance(0.8) ? 1 : 0;
  }

  // Customers: ids after the merchants, created over three years.
  const cr = stream(seed, "customers");
  const customers = placePeople(
    world,
    cr,
    size.customers,
    2 + size.farms,
    0.5,
    [0, 6],
    anchorMs - 3 * 365 * DAY,
    anchorMs - DAY,
  );
  for (let i = 0; i < size.customers; i++) {
    const first = FIRST_NAMES[customers.first[i] as number] as string;
    const last = LAST_NAMES[customers.last[i] as number] as string;
    customers.username[i] = `${slug(first)}_${slug(last)}_${customers.firstId + i}`;
  }

  world.merchants = merchants;
  world.customers = customers;
  world.products = products;

  // Review sums for products.score / review_count (the review rows are replayed later).
  for (const _ of reviewRows(world, false)) void _;

  world.facts = {
    size: size.name,
    seed,
    anchor: new Date(anchorMs).toISOString(),
    counts: {},
    adminEmail: "admin@example.com",
    password: BENCH_PASSWORD,
    largestFarmer: {
      id: merchants.firstId + largestFarm,
      username: merchants.username[largestFarm] as string,
      email: `${merchants.username[largestFarm]}@example.com`,
      products: merchants.productCount[largestFarm] as number,
      orderLines: 0,
    },
    largestCustomer: { id: 0, username: "", email: "", orders: 0 },
    hotspot: { latitude: 43.95, longitude: -79.5 },
    search: {
      twoTerms: "organic tomatoes",
      commonTerm: "tomatoes",
      typo: "kohlrabbi",
      commonTypo: "tomatoe",
      rareTerm: "kohlrabi",
      exactNames: [],
    },
    sampleProductIds: [],
  };
  // Exact-name probes: names of active products that at most 3 products share, so every exact
  // match fits on page 1 of a search for that name.
  const nameCount = new Map<string, number>();
  for (const name of products.name) nameCount.set(name, (nameCount.get(name) ?? 0) + 1);
  const er = stream(seed, "facts");
  for (let tries = 0; world.facts.search.exactNames.length < 5 && tries < 100_000; tries++) {
    const i = er.int(0, P - 1);
    const name = products.name[i] as string;
    if (
      products.status[i] === STATUS_ACTIVE &&
      name.split(" ").length >= 3 &&
      (nameCount.get(name) as number) <= 3 &&
      !world.facts.search.exactNames.includes(name)
    )
      world.facts.search.exactNames.push(name);
  }
  for (let tries = 0; world.facts.sampleProductIds.length < 200 && tries < 100_000; tries++) {
    const i = er.int(0, P - 1);
    if (products.status[i] === STATUS_ACTIVE) world.facts.sampleProductIds.push(i + 1);
  }
  return world;
}

function productName(rng: Rng, commonZipf: ZipfTable): string {
  const parts: string[] = [];
  if (rng.chance(0.06)) {
    if (rng.chance(0.4)) parts.push(rng.pick(QUALIFIERS));
    parts.push(rng.pick(RARE_PRODUCE));
  } else {
    const [noun, varieties] = COMMON_PRODUCE[rng.zipf(commonZipf)] as readonly [
      string,
      readonly string[],
    ];
    if (rng.chance(0.45)) parts.push(rng.pick(QUALIFIERS));
    if (varieties.length > 0 && rng.chance(0.55)) parts.push(rng.pick(varieties));
    parts.push(noun);
  }
  if (rng.chance(0.2)) parts.push(`- ${rng.pick(PACKS)}`);
  return parts.join(" ");
}

function productDetail(rng: Rng, town: Town): string {
  const closer = rng.pick(DETAIL_CLOSERS);
  return `${rng.pick(DETAIL_OPENERS)} ${town.name}, ${town.region}. ${rng.pick(DETAIL_MIDDLES)} ${rng.pick(DETAIL_MIDDLES)}${closer ? ` ${closer}` : ""}`;
}

// ── Tables ─────────────────────────────────────────────────────────────────────────────────────

export interface TableSpec {
  table: string;
  columns: string[];
  rows: (world: World) => Iterable<string>;
}

const MEMBER_COLUMNS = [
  "id",
  "user_key",
  "username",
  "email",
  "password_hash",
  "first_name",
  "last_name",
  "phone",
  "country",
  "currency",
  "member_type",
  "address",
  "city",
  "province_state",
  "postal_code",
  "latitude",
  "longitude",
  "introduction",
  "pay_in_person",
  "pay_by_card",
  "payout_acct_set",
  "stripe_account_id",
  "created_at",
  "updated_at",
];

function* memberRows(world: World): Iterable<string> {
  const rng = stream(world.seed, "member-keys");
  const created = ts(world.anchorMs - 4 * 365 * DAY);
  yield [
    world.adminId,
    rng.uuid(),
    "admin",
    world.facts.adminEmail,
    PASSWORD_HASH,
    "Ada",
    "Admin",
    "(416) 555-0100",
    "CA",
    "CAD",
    "admin",
    NULL,
    NULL,
    NULL,
    NULL,
    NULL,
    NULL,
    NULL,
    "t",
    "f",
    "f",
    NULL,
    created,
    created,
  ].join("\t");
  const { merchants, customers, geo } = world;
  for (const [people, type] of [
    [merchants, "merchant"],
    [customers, "customer"],
  ] as const) {
    for (let i = 0; i < people.count; i++) {
      const id = people.firstId + i;
      const town = geo.towns[people.town[i] as number] as Town;
      const isMerchant = type === "merchant";
      const card = isMerchant && merchants.payByCard[i] === 1;
      const created = ts(people.createdMs[i] as number);
      yield [
        id,
        rng.uuid(),
        people.username[i],
        `${people.username[i]}@example.com`,
        PASSWORD_HASH,
        esc(FIRST_NAMES[people.first[i] as number] as string),
        esc(LAST_NAMES[people.last[i] as number] as string),
        phoneText(people.phone[i] as number),
        town.country,
        town.country === "US" ? "USD" : "CAD",
        type,
        `${people.streetNo[i]} ${STREETS[people.street[i] as number]}`,
        esc(town.name),
        town.region,
        people.postal[i],
        people.lat[i],
        people.lon[i],
        isMerchant ? esc(merchants.intro[i] as string) : NULL,
        "t",
        card ? "t" : "f",
        card ? "t" : "f",
        card ? `acct_bench${id}` : NULL,
        created,
        created,
      ].join("\t");
    }
  }
}

const SUBSCRIPTION_COLUMNS = [
  "member_id",
  "plan",
  "country",
  "currency",
  "status",
  "current_period_end",
  "activated_at",
  "created_at",
  "updated_at",
];

function* subscriptionRows(world: World): Iterable<string> {
  const { merchants, geo } = world;
  const periodEnd = ts(world.anchorMs + 15 * DAY);
  for (let i = 0; i < merchants.count; i++) {
    const plan = merchants.plan[i] as number;
    if (plan === PLAN_BASIC) continue; // Basic is the absence of a subscription.
    const us = (geo.towns[merchants.town[i] as number] as Town).country === "US";
    const created = ts((merchants.createdMs[i] as number) + DAY);
    yield [
      merchants.firstId + i,
      PLAN_NAMES[plan],
      us ? "usa" : "canada",
      us ? "USD" : "CAD",
      "active",
      periodEnd,
      created,
      created,
      created,
    ].join("\t");
  }
}

const LOCAL_LOCATION_COLUMNS = [
  "member_id",
  "address",
  "city",
  "province_state",
  "postal_code",
  "country",
  "latitude",
  "longitude",
  "radius_km",
  "created_at",
  "updated_at",
];

function* localLocationRows(world: World): Iterable<string> {
  const rng = stream(world.seed, "local-locations");
  const { customers, geo } = world;
  for (let i = 0; i < customers.count; i++) {
    if (!rng.chance(0.6)) continue;
    const town = geo.towns[customers.town[i] as number] as Town;
    const created = ts((customers.createdMs[i] as number) + DAY / 2);
    yield [
      customers.firstId + i,
      `${customers.streetNo[i]} ${STREETS[customers.street[i] as number]}`,
      esc(town.name),
      town.region,
      customers.postal[i],
      town.country,
      customers.lat[i],
      customers.lon[i],
      rng.int(0, 10) * 5,
      created,
      created,
    ].join("\t");
  }
}

const PRODUCT_COLUMNS = [
  "id",
  "p_key",
  "merchant_id",
  "name",
  "detail",
  "unit_price_cents",
  "currency",
  "unit_weight",
  "unit_weight_symbol",
  "weight_required",
  "delivery_service",
  "in_stock",
  "pay_in_person",
  "pay_by_card",
  "status",
  "score",
  "review_count",
  "created_at",
  "updated_at",
  "deleted_at",
  "removed_at",
];

function scoreText(sum: number, count: number): string {
  if (count === 0) return "0.00";
  // Half-up rounding to 2 places, exactly like numeric(3,2) of avg(score).
  const hundredths = Math.floor((sum * 200 + count) / (2 * count));
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, "0")}`;
}

function* productRows(world: World): Iterable<string> {
  const rng = stream(world.seed, "product-text");
  const { products, merchants, geo } = world;
  for (let i = 0; i < products.count; i++) {
    const m = products.merchant[i] as number;
    const town = geo.towns[merchants.town[m] as number] as Town;
    const created = products.createdMs[i] as number;
    const status = products.status[i] as number;
    const w = products.weight[i] as number;
    const weight = w >= 0 ? (WEIGHTS[w] as readonly [string, string]) : null;
    const gone = status !== STATUS_ACTIVE ? ts(created + (world.anchorMs - created) * 0.9) : NULL;
    const pKey = rng.hex32();
    yield [
      i + 1,
      pKey,
      merchants.firstId + m,
      esc(products.name[i] as string),
      esc(productDetail(rng, town)),
      money(products.price[i] as number),
      town.country === "US" ? "USD" : "CAD",
      weight ? weight[0] : "1",
      weight ? weight[1] : NULL,
      weight ? "t" : "f",
      products.freeDelivery[i] ? "free_delivery" : "in_store",
      products.inStock[i] ? "t" : "f",
      "t",
      products.payByCard[i] ? "t" : "f",
      PRODUCT_STATUS[status],
      scoreText(products.reviewSum[i] as number, products.reviewCount[i] as number),
      products.reviewCount[i],
      ts(created),
      ts(status === STATUS_ACTIVE ? created : created + (world.anchorMs - created) * 0.9),
      status !== STATUS_ACTIVE ? gone : NULL,
      status === STATUS_REMOVED ? gone : NULL,
    ].join("\t");
  }
}

const REVIEW_COLUMNS = [
  "id",
  "product_id",
  "member_id",
  "score",
  "content",
  "created_at",
  "updated_at",
];

/**
 * Reviews, replayed from one stream: the first pass (`emit` false) only sums scores into
 * products.reviewSum/reviewCount, the second yields the rows; both draw the same numbers.
 */
function* reviewRows(world: World, emit = true): Iterable<string> {
  const rng = stream(world.seed, "reviews");
  const { products, customers } = world;
  const scoreWeights = weightTable([3, 4, 10, 30, 53]);
  let id = 0;
  const seen = new Set<number>();
  for (let p = 0; p < products.count; p++) {
    // 40 % of products have no review; the rest 1 + geometric (mean about 2.7).
    let n = 0;
    if (rng.chance(0.6)) {
      n = 1;
      while (n < 40 && rng.chance(0.62)) n++;
    }
    seen.clear();
    let sum = 0;
    const created = products.createdMs[p] as number;
    for (let k = 0; k < n; k++) {
      let c = rng.int(0, customers.count - 1);
      while (seen.has(c)) c = (c + 1) % customers.count;
      seen.add(c);
      const score = rng.zipf(scoreWeights) + 1;
      sum += score;
      const text = rng.pick(REVIEW_TEXTS);
      const at = created + rng.next() * (world.anchorMs - created);
      id++;
      if (emit) yield [id, p + 1, customers.firstId + c, score, text, ts(at), ts(at)].join("\t");
    }
    if (!emit) {
      products.reviewSum[p] = sum;
      products.reviewCount[p] = n;
    }
  }
}

const ORDER_COLUMNS = [
  "id",
  "order_no",
  "customer_id",
  "payment_type",
  "delivery_destination",
  "currency",
  "total_cents",
  "first_name",
  "last_name",
  "email",
  "phone",
  "address",
  "city",
  "province_state",
  "country",
  "postal_code",
  "checkout_key",
  "payment_intent_id",
  "payment_status",
  "paid_at",
  "cancelled_at",
  "refunded_at",
  "created_at",
  "updated_at",
];

const ORDER_ITEM_COLUMNS = [
  "id",
  "order_id",
  "product_id",
  "merchant_id",
  "product_name",
  "unit_price_cents",
  "unit_weight",
  "unit_weight_symbol",
  "qty",
  "delivery_service",
  "status",
  "qualified_to_cancel",
  "active",
  "merchant_paid_at",
  "transfer_id",
  "confirmed_at",
  "status_updated_at",
  "cancelled_at",
  "refunded_at",
  "created_at",
];

/** A 12-character upper-case hex order number, unique per id (a bijection on 48 bits). */
function orderNo(id: number): string {
  const x = (BigInt(id) * 0x9e3779b97f4an + 0x5bd1e995n) & 0xffffffffffffn;
  return x.toString(16).toUpperCase().padStart(12, "0");
}

interface OrderPicker {
  customerTable: ZipfTable;
  customerPerm: Int32Array;
  /** Per currency (0 CAD, 1 USD): merchants and their order weights. */
  merchantsByCurrency: [number[], number[]];
  merchantTables: [ZipfTable, ZipfTable];
}

function orderPicker(world: World): OrderPicker {
  const rng = stream(world.seed, "order-picker");
  const { customers, merchants, geo } = world;
  const customerPerm = new Int32Array(customers.count);
  for (let i = 0; i < customers.count; i++) customerPerm[i] = i;
  for (let i = customers.count - 1; i > 0; i--) {
    const j = rng.int(0, i);
    const t = customerPerm[i] as number;
    customerPerm[i] = customerPerm[j] as number;
    customerPerm[j] = t;
  }
  const byCur: [number[], number[]] = [[], []];
  for (let m = 0; m < merchants.count; m++) {
    const us = (geo.towns[merchants.town[m] as number] as Town).country === "US";
    byCur[us ? 1 : 0].push(m);
  }
  const table = (list: number[]) =>
    weightTable(list.map((m) => merchants.productCount[m] as number));
  return {
    customerTable: zipfTable(customers.count, 0.6),
    customerPerm,
    merchantsByCurrency: byCur,
    merchantTables: [table(byCur[0]), table(byCur[1])],
  };
}

const PICKUP_RECENT = weightTable([40, 30, 20, 10]);
const PICKUP_RECENT_STATUS = [
  "order_created",
  "ready_for_pickup",
  "customer_received",
  "cancelled",
];
const DELIVERY_RECENT = weightTable([30, 20, 15, 15, 12, 8]);
const DELIVERY_RECENT_STATUS = [
  "order_created",
  "ready_to_ship",
  "in_shipping",
  "shipped",
  "customer_received",
  "cancelled",
];

/**
 * Orders and their lines, replayed from one stream: `table` picks which rows are yielded, so
 * orders and order_items are two passes over identical draws (two COPY streams, no buffering).
 * Order times rise with the id and get denser towards the anchor (a growing marketplace).
 */
function* orderRows(world: World, table: "orders" | "order_items"): Iterable<string> {
  const rng = stream(world.seed, "orders");
  const picker = orderPicker(world);
  const { customers, merchants, products, geo } = world;
  const total = world.size.orderLines;
  const start = world.anchorMs - 730 * DAY;
  const span = 730 * DAY - 3_600_000;
  const lineCount = weightTable([45, 30, 15, 10]);
  let lines = 0;
  let orderId = 0;
  const chosen: number[] = [];
  const lineRows: string[] = [];
  const farmerLines = new Map<number, number>();
  const customerOrders = new Int32Array(customers.count);
  while (lines < total) {
    orderId++;
    const t = Math.floor(start + span * Math.pow(lines / total, 0.75));
    const ageDays = (world.anchorMs - t) / DAY;
    // A customer whose account existed at the time (a few tries, then whoever was drawn).
    let c = picker.customerPerm[rng.zipf(picker.customerTable)] as number;
    for (let tries = 0; tries < 4 && (customers.createdMs[c] as number) > t; tries++)
      c = picker.customerPerm[rng.zipf(picker.customerTable)] as number;
    customerOrders[c] = (customerOrders[c] as number) + 1;
    const town = geo.towns[customers.town[c] as number] as Town;
    const cur = town.country === "US" ? 1 : 0;
    const n = Math.min(rng.zipf(lineCount) + 1, total - lines);
    const card = rng.chance(0.35);
    chosen.length = 0;
    let merchant = -1;
    for (let k = 0; k < n; k++) {
      if (merchant < 0 || rng.chance(0.3)) {
        merchant = picker.merchantsByCurrency[cur][rng.zipf(picker.merchantTables[cur])] as number;
      }
      // A product of that merchant that existed at the order time.
      const from = merchants.productStart[merchant] as number;
      const to = merchants.productStart[merchant + 1] as number;
      let lo = from;
      let hi = to;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((products.createdMs[merchants.productIds[mid] as number] as number) <= t) lo = mid + 1;
        else hi = mid;
      }
      const available = lo - from;
      const p =
        available > 0
          ? (merchants.productIds[from + rng.int(0, available - 1)] as number)
          : (merchants.productIds[from] as number);
      if (!chosen.includes(p)) chosen.push(p);
    }
    let allDelivery = true;
    for (const p of chosen) if (!products.freeDelivery[p]) allDelivery = false;
    const home = allDelivery && rng.chance(0.7);
    let totalCents = 0;
    let refunded = 0;
    let cancelled = 0;
    lineRows.length = 0;
    for (const p of chosen) {
      const m = products.merchant[p] as number;
      farmerLines.set(m, (farmerLines.get(m) ?? 0) + 1);
      lines++;
      const price = rng.chance(0.1)
        ? Math.max(99, (products.price[p] as number) - 100)
        : (products.price[p] as number);
      const qty = rng.chance(0.7) ? 1 : rng.int(2, 6);
      totalCents += price * qty;
      const delivery = products.freeDelivery[p] === 1;
      let status: string;
      if (ageDays > 14) {
        const r = rng.next();
        status = r < 0.85 ? "customer_received" : r < 0.95 || !card ? "cancelled" : "refunded";
      } else {
        status = delivery
          ? (DELIVERY_RECENT_STATUS[rng.zipf(DELIVERY_RECENT)] as string)
          : (PICKUP_RECENT_STATUS[rng.zipf(PICKUP_RECENT)] as string);
      }
      const byAdmin = status === "cancelled" && rng.chance(0.3);
      const changed = t + rng.int(1, Math.max(1, Math.min(ageDays, 10))) * 3_600_000 * 12;
      if (status === "refunded") refunded++;
      if (status === "cancelled") cancelled++;
      if (table !== "order_items") continue;
      const id = lines;
      const w = products.weight[p] as number;
      const weight = w >= 0 ? (WEIGHTS[w] as readonly [string, string]) : null;
      const received = status === "customer_received";
      lineRows.push(
        [
          id,
          orderId,
          p + 1,
          merchants.firstId + m,
          esc(products.name[p] as string),
          price,
          weight ? weight[0] : "1",
          weight ? weight[1] : NULL,
          qty,
          delivery ? "free_delivery" : "in_store",
          status,
          status === "cancelled" && !byAdmin ? "f" : "t",
          byAdmin ? "f" : "t",
          received && card ? ts(changed) : NULL,
          received && card ? `tr_bench${id}` : NULL,
          received && card ? ts(changed) : NULL,
          status === "order_created" ? NULL : ts(changed),
          status === "cancelled" ? ts(changed) : NULL,
          status === "refunded" ? ts(changed) : NULL,
          ts(t),
        ].join("\t"),
      );
    }
    // Drawn in both passes so that they stay in step.
    const keySuffix = rng.hex32().slice(0, 12);
    if (table === "order_items") {
      yield* lineRows;
      continue;
    }
    const all = chosen.length;
    const paymentStatus = !card
      ? "not_required"
      : refunded === all
        ? "refunded"
        : refunded > 0
          ? "partially_refunded"
          : "paid";
    const first = FIRST_NAMES[customers.first[c] as number] as string;
    const last = LAST_NAMES[customers.last[c] as number] as string;
    const created = ts(t);
    yield [
      orderId,
      orderNo(orderId),
      customers.firstId + c,
      card ? "card" : "in_person",
      home ? "home" : "store",
      cur ? "USD" : "CAD",
      totalCents,
      esc(first),
      esc(last),
      `${customers.username[c]}@example.com`,
      phoneText(customers.phone[c] as number),
      home ? `${customers.streetNo[c]} ${STREETS[customers.street[c] as number]}` : NULL,
      home ? esc(town.name) : NULL,
      home ? town.region : NULL,
      home ? town.country : NULL,
      home ? customers.postal[c] : NULL,
      `bench-${orderId}-${keySuffix}`,
      card ? `pi_bench${orderId}` : NULL,
      paymentStatus,
      card ? ts(t + 60_000) : NULL,
      cancelled + refunded === all ? ts(t + 3_600_000) : NULL,
      refunded > 0 ? ts(t + 7_200_000) : NULL,
      created,
      created,
    ].join("\t");
  }
  // Facts about the skew, for the scenarios (identical in both passes).
  let bestFarm = 0;
  let bestLines = -1;
  for (const [m, count] of farmerLines)
    if (count > bestLines || (count === bestLines && m < bestFarm)) {
      bestFarm = m;
      bestLines = count;
    }
  let bestCustomer = 0;
  for (let i = 0; i < customers.count; i++)
    if ((customerOrders[i] as number) > (customerOrders[bestCustomer] as number)) bestCustomer = i;
  world.facts.largestFarmer = {
    id: merchants.firstId + bestFarm,
    username: merchants.username[bestFarm] as string,
    email: `${merchants.username[bestFarm]}@example.com`,
    products: merchants.productCount[bestFarm] as number,
    orderLines: bestLines,
  };
  world.facts.largestCustomer = {
    id: customers.firstId + bestCustomer,
    username: customers.username[bestCustomer] as string,
    email: `${customers.username[bestCustomer]}@example.com`,
    orders: customerOrders[bestCustomer] as number,
  };
  world.facts.counts.orders = orderId;
  world.facts.counts.order_items = lines;
}

// ── Messaging (issue 20) ──────────────────────────────────────────────────────────────────────

interface Messaging {
  count: number;
  merchant: Int32Array;
  /** Customer index, or -1 for a visitor known only by name and email. */
  customer: Int32Array;
  visitorFirst: Uint16Array;
  visitorLast: Uint16Array;
  /** Product index the conversation started about, or -1. */
  product: Int32Array;
  createdMs: Float64Array;
  lastMs: Float64Array;
  merchantUnread: Int32Array;
  customerUnread: Int32Array;
  /** Messages in time order: message id k + 1 is messageConv[k], messageMs[k]... */
  messageConv: Int32Array;
  messageMs: Float64Array;
  messageFromMerchant: Uint8Array;
  messageBody: Uint16Array;
}

const MESSAGE_OPENERS = [
  "Hi, do you still have some this week?",
  "Hello! Is this available for pickup on Saturday?",
  "Thanks for the quick reply.",
  "Could you hold two for me?",
  "Do you deliver to our neighbourhood?",
  "We loved the last batch.",
  "Is it grown without sprays?",
  "What time can I come by?",
  "Yes, we have plenty left.",
  "Sure, I will put them aside for you.",
  "We deliver on Tuesdays and Fridays.",
  "Pickup is at the farm gate from 9 to 5.",
];
const MESSAGE_CLOSERS = [
  "",
  " Thank you!",
  " See you soon.",
  " Let me know what works.",
  " The price is the same as listed.",
  " Please bring your own bags if you can.",
  " We also have fresh eggs this week.",
  " Have a great day.",
];
const HOUR = 3_600_000;

/**
 * Conversations and messages (issue 20: 1M messages in 100k conversations at M): as many
 * conversations as customers and as many messages as order lines, so every size scales them like
 * the other tables. Farms are drawn Zipf-like (one farmer has a few percent of all conversations,
 * the contacts list's deep page), 15 % of the counterparts are visitors known only by email, and
 * message counts per conversation are Zipf-skewed too (one conversation holds thousands at M).
 * Messages get ids in time order across conversations, as the app writes them; each
 * conversation's last_message_at is its last message's time and its unread counters the trailing
 * run of the other side's messages when that side has not opened them yet.
 */
function messaging(world: World): Messaging {
  if (world.messaging) return world.messaging;
  const { size, merchants, customers, anchorMs } = world;
  const rng = stream(world.seed, "conversations");
  const C = size.customers;
  const N = Math.max(size.orderLines, C);
  const farmRank = new Int32Array(size.farms);
  for (let i = 0; i < size.farms; i++) farmRank[i] = i;
  for (let i = size.farms - 1; i > 0; i--) {
    const j = rng.int(0, i);
    const t = farmRank[i] as number;
    farmRank[i] = farmRank[j] as number;
    farmRank[j] = t;
  }
  const farmZipf = zipfTable(size.farms, 0.7);
  const m: Messaging = {
    count: C,
    merchant: new Int32Array(C),
    customer: new Int32Array(C),
    visitorFirst: new Uint16Array(C),
    visitorLast: new Uint16Array(C),
    product: new Int32Array(C),
    createdMs: new Float64Array(C),
    lastMs: new Float64Array(C),
    merchantUnread: new Int32Array(C),
    customerUnread: new Int32Array(C),
    messageConv: new Int32Array(N),
    messageMs: new Float64Array(N),
    messageFromMerchant: new Uint8Array(N),
    messageBody: new Uint16Array(N),
  };
  const pairs = new Set<number>();
  for (let i = 0; i < C; i++) {
    const farm = farmRank[rng.zipf(farmZipf)] as number;
    m.merchant[i] = farm;
    let c = -1;
    if (!rng.chance(0.15)) {
      // One conversation per farm and customer (a unique index): a few draws, else a visitor.
      for (let tries = 0; tries < 5 && c < 0; tries++) {
        const candidate = rng.int(0, customers.count - 1);
        const key = farm * customers.count + candidate;
        if (!pairs.has(key)) {
          pairs.add(key);
          c = candidate;
        }
      }
    }
    m.customer[i] = c;
    m.visitorFirst[i] = rng.int(0, FIRST_NAMES.length - 1);
    m.visitorLast[i] = rng.int(0, LAST_NAMES.length - 1);
    const products = merchants.productCount[farm] as number;
    m.product[i] =
      products > 0 && rng.chance(0.8)
        ? (merchants.productIds[
            (merchants.productStart[farm] as number) + rng.int(0, products - 1)
          ] as number)
        : -1;
  }
  // Message counts: one each, the rest Zipf-skewed over the conversations in a random order.
  const counts = new Int32Array(C).fill(1);
  const convRank = new Int32Array(C);
  for (let i = 0; i < C; i++) convRank[i] = i;
  for (let i = C - 1; i > 0; i--) {
    const j = rng.int(0, i);
    const t = convRank[i] as number;
    convRank[i] = convRank[j] as number;
    convRank[j] = t;
  }
  const convZipf = zipfTable(C, 0.8);
  for (let k = C; k < N; k++) {
    const i = convRank[rng.zipf(convZipf)] as number;
    counts[i] = (counts[i] as number) + 1;
  }
  // Times: each conversation starts within the last two years (after both sides existed, denser
  // towards the anchor) and its messages spread over up to three days a message.
  const convMs = new Float64Array(N);
  const unsorted = { conv: new Int32Array(N), fromMerchant: new Uint8Array(N) };
  const offsets: number[] = [];
  let k = 0;
  for (let i = 0; i < C; i++) {
    const n = counts[i] as number;
    const c = m.customer[i] as number;
    const earliest = Math.max(
      anchorMs - 730 * DAY,
      merchants.createdMs[m.merchant[i] as number] as number,
      c >= 0 ? (customers.createdMs[c] as number) : 0,
    );
    const room = Math.max(HOUR, anchorMs - HOUR - earliest);
    const start = Math.floor((earliest + room * Math.sqrt(rng.next())) / 1000) * 1000;
    const span = Math.min(anchorMs - 60_000 - start, n * rng.int(1, 72) * HOUR);
    offsets.length = 0;
    for (let j = 1; j < n; j++) offsets.push(rng.next() * Math.max(0, span));
    offsets.sort((a, b) => a - b);
    let fromMerchant = 0;
    let trailing = 0;
    for (let j = 0; j < n; j++, k++) {
      // The first message is the customer's (or visitor's) question; then sides mostly alternate.
      if (j > 0 && rng.chance(0.6)) fromMerchant ^= 1;
      trailing = j > 0 && unsorted.fromMerchant[k - 1] === fromMerchant ? trailing + 1 : 1;
      unsorted.conv[k] = i;
      unsorted.fromMerchant[k] = fromMerchant;
      convMs[k] = j === 0 ? start : start + Math.floor((offsets[j - 1] as number) / 1000) * 1000;
    }
    const last = convMs[k - 1] as number;
    m.createdMs[i] = start;
    m.lastMs[i] = last;
    // The side that wrote last has read everything; the other has opened it unless it is recent.
    const opened = rng.chance(anchorMs - last > 7 * DAY ? 0.85 : 0.4);
    const unread = opened ? 0 : trailing;
    if (unsorted.fromMerchant[k - 1]) m.customerUnread[i] = unread;
    else m.merchantUnread[i] = unread;
  }
  // Ids in time order across conversations (ties by conversation, then position).
  const order = new Int32Array(N);
  for (let i = 0; i < N; i++) order[i] = i;
  order.sort((a, b) => (convMs[a] as number) - (convMs[b] as number) || a - b);
  for (let i = 0; i < N; i++) {
    const from = order[i] as number;
    m.messageConv[i] = unsorted.conv[from] as number;
    m.messageMs[i] = convMs[from] as number;
    m.messageFromMerchant[i] = unsorted.fromMerchant[from] as number;
    m.messageBody[i] = rng.int(0, MESSAGE_OPENERS.length * MESSAGE_CLOSERS.length - 1);
  }

  const perFarm = new Int32Array(size.farms);
  const unreadPerFarm = new Int32Array(size.farms);
  let bigConv = 0;
  const sampleCustomerIds: number[] = [];
  for (let i = 0; i < C; i++) {
    const farm = m.merchant[i] as number;
    perFarm[farm] = (perFarm[farm] as number) + 1;
    if ((m.merchantUnread[i] as number) > 0)
      unreadPerFarm[farm] = (unreadPerFarm[farm] as number) + 1;
    if ((counts[i] as number) > (counts[bigConv] as number)) bigConv = i;
    const c = m.customer[i] as number;
    if (c >= 0 && sampleCustomerIds.length < 20) sampleCustomerIds.push(customers.firstId + c);
  }
  let bigFarm = 0;
  for (let f = 1; f < size.farms; f++)
    if ((perFarm[f] as number) > (perFarm[bigFarm] as number)) bigFarm = f;
  world.facts.messaging = {
    conversations: C,
    messages: N,
    largestFarmer: {
      id: merchants.firstId + bigFarm,
      username: merchants.username[bigFarm] as string,
      email: `${merchants.username[bigFarm]}@example.com`,
      conversations: perFarm[bigFarm] as number,
      unreadConversations: unreadPerFarm[bigFarm] as number,
    },
    largestConversation: {
      id: bigConv + 1,
      merchantId: merchants.firstId + (m.merchant[bigConv] as number),
      messages: counts[bigConv] as number,
    },
    sampleCustomerIds,
  };
  world.messaging = m;
  return m;
}

const CONVERSATION_COLUMNS = [
  "id",
  "merchant_id",
  "customer_id",
  "visitor_first_name",
  "visitor_last_name",
  "visitor_email",
  "product_id",
  "last_message_at",
  "merchant_unread_count",
  "customer_unread_count",
  "created_at",
];

function* conversationRows(world: World): Iterable<string> {
  const m = messaging(world);
  const { merchants, customers } = world;
  for (let i = 0; i < m.count; i++) {
    const c = m.customer[i] as number;
    const visitor = c < 0;
    const product = m.product[i] as number;
    yield [
      i + 1,
      merchants.firstId + (m.merchant[i] as number),
      visitor ? NULL : customers.firstId + c,
      visitor ? esc(FIRST_NAMES[m.visitorFirst[i] as number] as string) : NULL,
      visitor ? esc(LAST_NAMES[m.visitorLast[i] as number] as string) : NULL,
      visitor ? `visitor${i + 1}@example.org` : NULL,
      product >= 0 ? product + 1 : NULL,
      ts(m.lastMs[i] as number),
      m.merchantUnread[i],
      m.customerUnread[i],
      ts(m.createdMs[i] as number),
    ].join("\t");
  }
}

const MESSAGE_COLUMNS = ["id", "conversation_id", "sender_member_id", "body", "created_at"];

function* messageRows(world: World): Iterable<string> {
  const m = messaging(world);
  const { merchants, customers } = world;
  const closers = MESSAGE_CLOSERS.length;
  for (let k = 0; k < m.messageConv.length; k++) {
    const i = m.messageConv[k] as number;
    const c = m.customer[i] as number;
    const sender = m.messageFromMerchant[k]
      ? merchants.firstId + (m.merchant[i] as number)
      : c >= 0
        ? customers.firstId + c
        : NULL;
    const b = m.messageBody[k] as number;
    const body =
      (MESSAGE_OPENERS[Math.floor(b / closers)] as string) +
      (MESSAGE_CLOSERS[b % closers] as string);
    yield [k + 1, i + 1, sender, body, ts(m.messageMs[k] as number)].join("\t");
  }
}

/** Tables in load order (parents before children). */
export const TABLES: TableSpec[] = [
  { table: "members", columns: MEMBER_COLUMNS, rows: memberRows },
  { table: "subscriptions", columns: SUBSCRIPTION_COLUMNS, rows: subscriptionRows },
  { table: "local_locations", columns: LOCAL_LOCATION_COLUMNS, rows: localLocationRows },
  { table: "products", columns: PRODUCT_COLUMNS, rows: productRows },
  { table: "reviews", columns: REVIEW_COLUMNS, rows: (w) => reviewRows(w, true) },
  { table: "orders", columns: ORDER_COLUMNS, rows: (w) => orderRows(w, "orders") },
  { table: "order_items", columns: ORDER_ITEM_COLUMNS, rows: (w) => orderRows(w, "order_items") },
  { table: "conversations", columns: CONVERSATION_COLUMNS, rows: conversationRows },
  { table: "messages", columns: MESSAGE_COLUMNS, rows: messageRows },
];

/** COPY text of a table in chunks of about `chunkBytes`, each ending with a newline. */
export function* tableChunks(
  world: World,
  spec: TableSpec,
  counter: { rows: number },
  chunkBytes = 1 << 18,
): Iterable<string> {
  let buffer: string[] = [];
  let bytes = 0;
  for (const row of spec.rows(world)) {
    buffer.push(row);
    bytes += row.length + 1;
    counter.rows++;
    if (bytes >= chunkBytes) {
      buffer.push("");
      yield buffer.join("\n");
      buffer = [];
      bytes = 0;
    }
  }
  if (buffer.length > 0) {
    buffer.push("");
    yield buffer.join("\n");
  }
}
