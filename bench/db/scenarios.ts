/**
 * Database scenarios (issue 7, section 3): each calls the project's own service functions, so the
 * numbers are those of the real code, sequentially, p50/p95 over many iterations after a warm-up.
 * A service that does not exist yet fails its rows with "missing: <file>".
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { cpuSnapshot, cpuSpent, isLocalDatabase, type CpuSpent } from "../lib/cpu";
import { service } from "../lib/missing";
import { guard, type Report } from "../lib/report";
import { timeLoop, type Timing } from "../lib/stats";
import type { DbContext } from "./context";

/** Where the scenarios find the services (one exported operation per file). */
export const SERVICES = {
  productDetail: ["server/catalog/get-product-detail.ts", "getProductDetail"],
  listReviews: ["server/reviews/list-reviews.ts", "listReviews"],
  getStore: ["server/catalog/get-store.ts", "getStore"],
  listStoreProducts: ["server/catalog/list-store-products.ts", "listStoreProducts"],
  listProducts: ["server/catalog/list-products.ts", "listProducts"],
  nearbyFarmsCte: ["server/catalog/nearby-farms.ts", "nearbyFarmsCte"],
  listMapPoints: ["server/catalog/list-map-points.ts", "listMapPoints"],
  listMerchants: ["server/catalog/list-merchants.ts", "listMerchants"],
  listReceivedOrders: ["server/orders/list-received-orders.ts", "listReceivedOrders"],
  listPlacedOrders: ["server/orders/list-placed-orders.ts", "listPlacedOrders"],
  findOrdersByKeyword: ["server/admin/find-orders-by-keyword.ts", "findOrdersByKeyword"],
  listResellers: ["server/admin/list-resellers.ts", "listResellers"],
  listResellerTransactions: [
    "server/admin/list-reseller-transactions.ts",
    "listResellerTransactions",
  ],
  findMembersByKeyword: ["server/admin/find-members-by-keyword.ts", "findMembersByKeyword"],
  placeOrder: ["server/checkout/place-order.ts", "placeOrder"],
  sendOrderPlacedEmails: ["server/checkout/send-order-placed-emails.ts", "sendOrderPlacedEmails"],
  listCartItems: ["server/cart/list-cart-items.ts", "listCartItems"],
  listConversations: ["server/messaging/list-conversations.ts", "listConversations"],
  listMessages: ["server/messaging/list-messages.ts", "listMessages"],
  countUnreadConversations: ["server/messaging/count-unread.ts", "countUnreadConversations"],
  listFarmPickups: ["server/pickup/farm-pickups.ts", "listFarmPickups"],
  offeredWindows: ["server/pickup/resolve-choices.ts", "offeredWindows"],
} as const satisfies Record<string, readonly [string, string]>;

type Fn = (...args: never[]) => unknown;
// Services are called with the inputs their signatures declare; the loose type keeps the bench
// compiling while their authors are still changing them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = (db: Db, ...args: any[]) => Promise<any>;

export function svc(name: keyof typeof SERVICES): Promise<Loose> {
  const [file, fn] = SERVICES[name];
  return service<Fn>(file, fn) as Promise<Loose>;
}

const ms = { unit: "ms" };

function addTiming(
  report: Report,
  id: string,
  t: Timing,
  baseline?: { value: number; label: string },
) {
  return report.add(id, t.p95, {
    ...ms,
    baseline: baseline?.value ?? null,
    baselineLabel: baseline?.label ?? "",
    note: `p50 ${t.p50.toFixed(2)} ms, n=${t.n}`,
  });
}

export interface Probes {
  /** Active products with at least one review (rotated over by product scenarios). */
  productIds: number[];
  /** My Local origins: the hot spot and saved customer locations near it. */
  origins: { latitude: number; longitude: number }[];
}

export async function probes(ctx: DbContext): Promise<Probes> {
  const { rows } = await ctx.raw.query<{ id: number }>(
    `select id from products where status = 'active' and review_count > 0 and id = any($1::int[]) order by id`,
    [ctx.facts.sampleProductIds],
  );
  const { rows: locations } = await ctx.raw.query<{ latitude: number; longitude: number }>(
    `select latitude, longitude from local_locations
     where latitude between $1::float8 - 0.3 and $1::float8 + 0.3 and longitude between $2::float8 - 0.4 and $2::float8 + 0.4
     order by member_id limit 7`,
    [ctx.facts.hotspot.latitude, ctx.facts.hotspot.longitude],
  );
  return { productIds: rows.map((r) => r.id), origins: [ctx.facts.hotspot, ...locations] };
}

export async function productScenarios(ctx: DbContext, report: Report, p: Probes): Promise<void> {
  await guard(report, ["product (db):getProductDetail p95"], async () => {
    const getProductDetail = await svc("productDetail");
    const t = await timeLoop((i) =>
      getProductDetail(ctx.db, p.productIds[i % p.productIds.length]),
    );
    addTiming(report, "product (db):getProductDetail p95", t);
  });
  await guard(report, ["product (db):listReviews page 1 p95"], async () => {
    const listReviews = await svc("listReviews");
    const t = await timeLoop((i) =>
      listReviews(ctx.db, { productId: p.productIds[i % p.productIds.length], page: 1 }),
    );
    addTiming(report, "product (db):listReviews page 1 p95", t);
  });
}

const RADII = [10, 25, 50, 0] as const;

export async function myLocalScenarios(
  ctx: DbContext,
  report: Report,
  p: Probes,
): Promise<Record<number, Timing>> {
  const out: Record<number, Timing> = {};
  const ids = RADII.map((r) => `My Local (db):listing ${r ? `${r} km` : "no limit"} p95`);
  await guard(report, ids, async () => {
    const listProducts = await svc("listProducts");
    for (const [k, radiusKm] of RADII.entries()) {
      const t = await timeLoop((i) => {
        const o = p.origins[i % p.origins.length] as { latitude: number; longitude: number };
        return listProducts(ctx.db, {
          near: { latitude: o.latitude, longitude: o.longitude, radiusKm },
        });
      });
      out[radiusKm] = t;
      const sample = await listProducts(ctx.db, { near: { ...ctx.facts.hotspot, radiusKm } });
      const row = addTiming(report, ids[k] as string, t);
      row.note += `, ${sample.total} products`;
    }
  });
  // The count a My Local page shows: the farms' product counters summed over the GiST index
  // (activeProductTotal, what listProducts runs); then, for comparison, counting the products.
  await guard(
    report,
    ["My Local (db):count 25 km p95", "My Local (db):count 25 km by joining products p95"],
    async () => {
      const activeProductTotal = (await service<Fn>(
        "server/catalog/nearby-farms.ts",
        "activeProductTotal",
      )) as unknown as (n: unknown) => ReturnType<typeof sql>;
      const counted = await timeLoop((i) => {
        const o = p.origins[i % p.origins.length] as { latitude: number; longitude: number };
        return ctx.db.execute(sql`select ${activeProductTotal({ ...o, radiusKm: 25 })} as total`);
      });
      addTiming(report, "My Local (db):count 25 km p95", counted);
      const nearbyFarmsCte = (await service<Fn>(...SERVICES.nearbyFarmsCte)) as unknown as (
        n: unknown,
      ) => ReturnType<typeof sql>;
      const joined = await timeLoop((i) => {
        const o = p.origins[i % p.origins.length] as { latitude: number; longitude: number };
        return ctx.db.execute(sql`with ${nearbyFarmsCte({ ...o, radiusKm: 25 })}
        select count(*) from products join farms on farms.farm_id = products.merchant_id
        where products.status = 'active'`);
      });
      addTiming(report, "My Local (db):count 25 km by joining products p95", joined);
    },
  );
  // The farmers map: the farms in a box of about 100 km around an origin (a region's view), and
  // every farm (the map's first view, before a pan).
  await guard(
    report,
    ["My Local (db):map points, 100 km box p95", "My Local (db):map points, every farm p95"],
    async () => {
      const listMapPoints = await svc("listMapPoints");
      const boxOf = (o: { latitude: number; longitude: number }) =>
        [o.longitude - 0.65, o.latitude - 0.45, o.longitude + 0.65, o.latitude + 0.45] as const;
      const boxed = await timeLoop((i) => {
        const o = p.origins[i % p.origins.length] as { latitude: number; longitude: number };
        return listMapPoints(ctx.db, { bbox: boxOf(o) });
      });
      const sample = (await listMapPoints(ctx.db, { bbox: boxOf(ctx.facts.hotspot) })) as unknown[];
      addTiming(report, "My Local (db):map points, 100 km box p95", boxed).note +=
        `, ${sample.length} farms at the hotspot`;
      const every = await timeLoop(() => listMapPoints(ctx.db, { bbox: null }));
      const all = (await listMapPoints(ctx.db, { bbox: null })) as unknown[];
      addTiming(report, "My Local (db):map points, every farm p95", every).note +=
        `, ${all.length} farms`;
    },
  );
  return out;
}

export async function searchScenarios(ctx: DbContext, report: Report): Promise<void> {
  const { search } = ctx.facts;
  const cases: [string, string, "all" | "popular"][] = [
    ["search (db):two terms p95", search.twoTerms, "all"],
    ["search (db):common term p95", search.commonTerm, "all"],
    ["search (db):typo p95", search.typo, "all"],
    ["search (db):typo of a common term p95", search.commonTypo ?? "tomatoe", "all"],
    ["search (db):rare term p95", search.rareTerm, "all"],
    // Popular orders the exact-name matches by sales: at L the common term is the whole name of
    // tens of thousands of products.
    ["search (db):common term, Popular p95", search.commonTerm, "popular"],
  ];
  await guard(
    report,
    [...cases.map((c) => c[0]), "search (db):exact names on page 1"],
    async () => {
      const listProducts = await svc("listProducts");
      for (const [id, keyword, sortType] of cases) {
        const input = { keyword, sortType };
        const t = await timeLoop(() => listProducts(ctx.db, input));
        const sample = await listProducts(ctx.db, input);
        const row = addTiming(report, id, t);
        row.note += `, "${keyword}": ${sample.total} found`;
      }
      // Every product whose whole name is the keyword must be on page 1.
      let found = 0;
      const misses: string[] = [];
      for (const name of search.exactNames) {
        const page = await listProducts(ctx.db, { keyword: name });
        const { rows } = await ctx.raw.query<{ id: number }>(
          "select id from products where status = 'active' and lower(name) = lower($1)",
          [name],
        );
        const shown = new Set((page.items as { id: number }[]).map((item) => item.id));
        if (rows.length > 0 && rows.every((r) => shown.has(r.id))) found++;
        else misses.push(name);
      }
      report.add("search (db):exact names on page 1", found === search.exactNames.length, {
        note: `${found}/${search.exactNames.length}${misses.length ? `; missed: ${misses.join(", ")}` : ""}`,
      });
    },
  );
}

/** The deepest row offset the lists serve by page number (list-paging.ts caps it). */
async function maxListOffset(): Promise<number> {
  const { MAX_LIST_OFFSET } = (await import("@/server/catalog/list-paging")) as {
    MAX_LIST_OFFSET: number;
  };
  return MAX_LIST_OFFSET;
}

/** The deepest page the product lists serve by number. */
async function deepestProductPage(): Promise<number> {
  return Math.floor((await maxListOffset()) / 12) + 1;
}

export async function depthScenarios(ctx: DbContext, report: Report): Promise<void> {
  const ids = [
    "listing depth (db):products page 1 p95",
    "listing depth (db):products deep page p95",
    "listing depth (db):products deep/page 1",
    "listing depth (db):products Load More deep p95",
  ];
  await guard(report, ids, async () => {
    const listProducts = await svc("listProducts");
    const deep = await deepestProductPage();
    const first = await timeLoop(() => listProducts(ctx.db, { page: 1 }));
    addTiming(report, ids[0] as string, first);
    const last = await timeLoop(() => listProducts(ctx.db, { page: deep }));
    addTiming(report, ids[1] as string, last).note += `, page ${deep}`;
    report.add(ids[2] as string, last.p95, {
      ...ms,
      baseline: first.p95,
      baselineLabel: "page 1",
    });
    // Load More: follow the cursor as deep as the page number goes, then time that next page.
    let cursor: string | null = null;
    for (let page = 1; page < deep; page++) {
      const answer: { nextCursor: string | null } = await listProducts(ctx.db, { cursor, page });
      cursor = answer.nextCursor;
      if (!cursor) break;
    }
    const keyset = await timeLoop(() => listProducts(ctx.db, { cursor }));
    addTiming(report, ids[3] as string, keyset, { value: first.p95, label: "page 1" }).note +=
      `, after page ${deep - 1}`;
  });

  const farmIds = [
    "listing depth (db):farms page 1 p95",
    "listing depth (db):farms deep page p95",
    "listing depth (db):farms deep/page 1",
  ];
  await guard(report, farmIds, async () => {
    const listMerchants = await svc("listMerchants");
    const first = await timeLoop(() => listMerchants(ctx.db, { page: 1 }));
    addTiming(report, farmIds[0] as string, first);
    // The deepest page that exists (10 a page), or the deepest the list serves by number.
    const probe = (await listMerchants(ctx.db, { page: 1 })) as { total?: number; count?: number };
    const total = Number(probe.total ?? probe.count ?? 0);
    const deep = Math.max(
      1,
      Math.min(Math.ceil(total / 10), Math.floor((await maxListOffset()) / 10) + 1),
    );
    const last = await timeLoop(() => listMerchants(ctx.db, { page: deep }));
    addTiming(report, farmIds[1] as string, last).note += `, page ${deep}`;
    report.add(farmIds[2] as string, last.p95, {
      ...ms,
      baseline: first.p95,
      baselineLabel: "page 1",
    });
  });

  const storeIds = [
    "listing depth (db):largest store page 1 p95",
    "listing depth (db):largest store last page p95",
  ];
  await guard(report, storeIds, async () => {
    const listStoreProducts = await svc("listStoreProducts");
    const username = ctx.facts.largestFarmer.username;
    const input = (page: number) => ({ username, viewMode: "public", page, viewerId: null });
    const first = await timeLoop(() => listStoreProducts(ctx.db, input(1)));
    addTiming(report, storeIds[0] as string, first);
    const probe = (await listStoreProducts(ctx.db, input(1))) as { total: number };
    const lastPage = Math.max(1, Math.ceil(probe.total / 12));
    const last = await timeLoop(() => listStoreProducts(ctx.db, input(lastPage)));
    addTiming(report, storeIds[1] as string, last, { value: first.p95, label: "page 1" }).note +=
      `, page ${lastPage}`;
  });
}

export async function orderListScenarios(ctx: DbContext, report: Report): Promise<void> {
  const { largestFarmer, largestCustomer } = ctx.facts;
  const received = [
    "order lists (db):largest farmer page 1 p95",
    "order lists (db):largest farmer last page p95",
  ];
  await guard(report, received, async () => {
    const listReceivedOrders = await svc("listReceivedOrders");
    const input = (page: number) => ({
      merchantId: largestFarmer.id,
      page,
      perPage: 10,
      keyword: "",
    });
    const first = await timeLoop(() => listReceivedOrders(ctx.db, input(1)));
    addTiming(report, received[0] as string, first).note += `, ${largestFarmer.orderLines} lines`;
    const probe = (await listReceivedOrders(ctx.db, input(1))) as {
      count?: number;
      total?: number;
    };
    const lastPage = Math.max(1, Math.ceil(Number(probe.count ?? probe.total ?? 0) / 10));
    const last = await timeLoop(() => listReceivedOrders(ctx.db, input(lastPage)));
    addTiming(report, received[1] as string, last, { value: first.p95, label: "page 1" }).note +=
      `, page ${lastPage}`;
  });
  const placed = [
    "order lists (db):largest customer page 1 p95",
    "order lists (db):largest customer last page p95",
  ];
  await guard(report, placed, async () => {
    const listPlacedOrders = await svc("listPlacedOrders");
    const input = (page: number) => ({
      customerId: largestCustomer.id,
      page,
      perPage: 10,
      keyword: "",
    });
    const first = await timeLoop(() => listPlacedOrders(ctx.db, input(1)));
    addTiming(report, placed[0] as string, first).note += `, ${largestCustomer.orders} orders`;
    const probe = (await listPlacedOrders(ctx.db, input(1))) as { count?: number; total?: number };
    const lastPage = Math.max(1, Math.ceil(Number(probe.count ?? probe.total ?? 0) / 10));
    const last = await timeLoop(() => listPlacedOrders(ctx.db, input(lastPage)));
    addTiming(report, placed[1] as string, last, { value: first.p95, label: "page 1" }).note +=
      `, page ${lastPage}`;
  });
  await guard(report, ["order lists (db):admin order search p95"], async () => {
    const findOrdersByKeyword = await svc("findOrdersByKeyword");
    const { rows } = await ctx.raw.query<{ order_no: string }>(
      "select order_no from orders where customer_id = $1 order by id desc limit 1",
      [largestCustomer.id],
    );
    const keywords = [rows[0]?.order_no ?? "", "tomatoes", largestCustomer.email];
    const t = await timeLoop((i) =>
      findOrdersByKeyword(ctx.db, { keyword: keywords[i % keywords.length] }),
    );
    addTiming(report, "order lists (db):admin order search p95", t).note +=
      " (order no, product word, email)";
  });
  await guard(report, ["order lists (db):admin member search p95"], async () => {
    const findMembersByKeyword = await svc("findMembersByKeyword");
    const { rows } = await ctx.raw.query<{ username: string; last_name: string }>(
      "select username, last_name from members where id = $1",
      [largestCustomer.id],
    );
    const keywords = [
      largestCustomer.email,
      rows[0]?.username ?? "",
      rows[0]?.last_name ?? "",
      "example",
    ];
    const t = await timeLoop((i) =>
      findMembersByKeyword(ctx.db, { keyword: keywords[i % keywords.length] }),
    );
    addTiming(report, "order lists (db):admin member search p95", t).note +=
      " (email, username, last name, a word in every email)";
  });
}

/**
 * The generator makes no resellers: 20 of them, and one transaction per product (its farm's
 * reseller being product id mod 20) listed when the product was. Idempotent, so every probe and
 * run may call it; only reseller tables are written, which no other scenario reads.
 */
export async function seedResellerTransactions(ctx: DbContext): Promise<void> {
  await ctx.raw.query(
    `insert into resellers (first_name, last_name, email, rate)
     select 'Bench', 'Reseller ' || n, 'bench.reseller' || n || '@example.com', 5.00
     from generate_series(0, 19) as n
     on conflict do nothing`,
  );
  const { rowCount } = await ctx.raw.query(
    `insert into reseller_transactions (reseller_id, merchant_id, product_id, product_name, rate, created_at)
     select r.id, p.merchant_id, p.id, p.name, r.rate, p.created_at
     from products p
     join resellers r on r.email = 'bench.reseller' || (p.id % 20) || '@example.com'
     on conflict do nothing`,
  );
  // vacuum sets the visibility map, so the count reads the index alone, as it does once autovacuum ran
  if (rowCount) await ctx.raw.query("vacuum analyze resellers, reseller_transactions");
}

/**
 * The admin's reseller transaction list (issue 21: a date range p95 <= 5 ms at M), over one month
 * of each of the last twelve before the dataset's anchor, alone and with a reseller's email.
 */
export async function resellerScenarios(ctx: DbContext, report: Report): Promise<void> {
  const ids = [
    "reseller transactions (db):date range p95",
    "reseller transactions (db):email and date range p95",
  ];
  await guard(report, ids, async () => {
    await seedResellerTransactions(ctx);
    const listResellerTransactions = await svc("listResellerTransactions");
    const months = Array.from({ length: 12 }, (_, i) => {
      const from = new Date(Date.UTC(2025, i, 1));
      const to = new Date(Date.UTC(2025, i + 1, 1) - 1000);
      const local = (d: Date) => d.toISOString().slice(0, 19);
      return { dateFrom: local(from), dateTo: local(to) };
    });
    const filter = (i: number, email: boolean) => ({
      page: 1,
      resellerKeyword: email ? `bench.reseller${i % 20}@example.com` : null,
      ...months[i % months.length]!,
    });
    const alone = await timeLoop((i) => listResellerTransactions(ctx.db, filter(i, false)));
    addTiming(report, ids[0] as string, alone).note += ", a month of 12";
    const withEmail = await timeLoop((i) => listResellerTransactions(ctx.db, filter(i, true)));
    addTiming(report, ids[1] as string, withEmail).note += ", one of 20 resellers";
  });
}

/** Orders on the busiest pickup day of the bench's pickup farm, and on the other 13 days in all. */
export const BUSIEST_DAY_ORDERS = 250;
const OTHER_DAYS_ORDERS = 1_250;

/**
 * Pickup places, windows and chosen windows (issue 41, decision 0050), added at run time like the
 * reseller rows (set-based, a few statements; the dataset's orders predate pickup windows): the
 * largest farmer and the next two farms by id get their place at the farm and two windows every
 * day (9-12 and 14-18, closing the day before at 18:00), and the largest farmer's latest 1,500
 * orders are given a window in the next 14 days, 250 of them on its busiest day (tomorrow). The
 * chosen windows are written again on each run, so the days are always ahead of the clock.
 */
export async function seedPickups(ctx: DbContext): Promise<{ busiest: number; farms: number[] }> {
  const busiest = ctx.facts.largestFarmer.id;
  const { rows } = await ctx.raw.query<{ id: number }>(
    `select id from members where member_type = 'merchant' and id <> $1 order by id limit 2`,
    [busiest],
  );
  const farms = [busiest, ...rows.map((r) => r.id)];
  await ctx.raw.query(
    `insert into pickup_places (merchant_id, name)
     select id, 'At the farm' from unnest($1::int[]) as id on conflict do nothing`,
    [farms],
  );
  await ctx.raw.query(
    `insert into pickup_windows (place_id, merchant_id, weekday, starts_minute, ends_minute,
       cutoff_days_before, cutoff_minute)
     select pp.id, pp.merchant_id, d, t.s, t.e, 1, 1080
     from pickup_places pp
     cross join generate_series(0, 6) as d
     cross join (values (540, 720), (840, 1080)) as t(s, e)
     where pp.merchant_id = any($1::int[]) and pp.address is null and pp.removed_at is null
       and not exists (select 1 from pickup_windows w where w.merchant_id = pp.merchant_id)`,
    [farms],
  );
  await ctx.raw.query("delete from order_pickups where merchant_id = $1", [busiest]);
  await ctx.raw.query(
    `with farm as (
       select coalesce(time_zone, 'America/Toronto') as tz from members where id = $1
     ),
     latest as (
       select order_id, row_number() over (order by order_id desc) as rn
       from (select distinct order_id from order_items where merchant_id = $1) o
       order by order_id desc limit $2::int + $3::int
     ),
     chosen as (
       select l.order_id, (now() at time zone farm.tz)::date
           + case when l.rn <= $2::int then 1 else 2 + (l.rn % 13)::int end as day,
         farm.tz, l.rn
       from latest l, farm
     )
     insert into order_pickups (order_id, merchant_id, window_id, day, starts_at, ends_at,
       time_zone, place_name, place_address)
     select c.order_id, $1::int, w.id, c.day,
       (c.day + make_interval(mins => w.starts_minute)) at time zone c.tz,
       (c.day + make_interval(mins => w.ends_minute)) at time zone c.tz,
       c.tz, 'At the farm', 'Bench farm road'
     from chosen c
     join pickup_windows w on w.merchant_id = $1::int and w.removed_at is null
       and w.weekday = extract(dow from c.day) and w.starts_minute = case when c.rn % 2 = 0 then 540 else 840 end`,
    [busiest, BUSIEST_DAY_ORDERS, OTHER_DAYS_ORDERS],
  );
  await ctx.raw.query("analyze pickup_places, pickup_windows, order_pickups");
  return { busiest, farms };
}

/**
 * Issue 41 at M: the farm's Pickups view on its busiest day of 250 orders, the day it shows first,
 * with the list of its 14 days (<= 10 ms), and the windows offered at the delivery step for a cart
 * of three farms (<= 5 ms).
 */
export async function pickupScenarios(ctx: DbContext, report: Report): Promise<void> {
  const ids = ["pickups (db):farm's Pickups view p95", "pickups (db):windows offered, 3 farms p95"];
  await guard(report, ids, async () => {
    const { busiest, farms } = await seedPickups(ctx);
    const listFarmPickups = await svc("listFarmPickups");
    const offeredWindows = await svc("offeredWindows");
    const view = await timeLoop(() => listFarmPickups(ctx.db, busiest));
    addTiming(report, ids[0] as string, view).note +=
      `, the busiest day's ${BUSIEST_DAY_ORDERS} orders of ${BUSIEST_DAY_ORDERS + OTHER_DAYS_ORDERS} in 14 days`;
    const cart = farms.map((merchantId, i) => ({ merchantId, name: `farm ${i}` }));
    const offered = await timeLoop(() => offeredWindows(ctx.db, cart));
    addTiming(report, ids[1] as string, offered).note += ", 14 windows a week each, 28 days";
  });
}

/** The generator's messaging facts (datasets loaded before issue 20 have none). */
export function messagingFacts(ctx: DbContext): NonNullable<DbContext["facts"]["messaging"]> {
  const facts = ctx.facts.messaging;
  if (!facts)
    throw new Error(
      `${ctx.database} has no conversations: load it again with bench:data (issue 20's messages)`,
    );
  return facts;
}

/**
 * The cursor of the deepest contacts page of `memberId` (the list is served by cursor only), found
 * by walking the pages through the service; null when everything fits on page 1.
 */
export async function deepestContactsCursor(
  ctx: DbContext,
  memberId: number,
): Promise<{ cursor: string | null; page: number }> {
  const listConversations = await svc("listConversations");
  let cursor: string | null = null;
  let page = 1;
  for (;;) {
    const answer = (await listConversations(ctx.db, {
      memberId,
      cursor: cursor ?? undefined,
    })) as { nextCursor: string | null };
    const next: string | null = answer.nextCursor;
    if (!next) return { cursor, page };
    cursor = next;
    page++;
  }
}

/**
 * Issue 20 at M (1M messages in 100k conversations): the contacts list of the farmer with the
 * most conversations, page 1 and the deepest page (by cursor), the latest 20 messages of the
 * largest conversation, and the header's unread count (kept counters, never a count of messages)
 * for that farmer and for customers.
 */
export async function messagingScenarios(ctx: DbContext, report: Report): Promise<void> {
  const ids = [
    "messages (db):contacts page 1 p95",
    "messages (db):contacts deep page p95",
    "messages (db):latest 20 messages p95",
    "messages (db):unread count, largest farmer p95",
    "messages (db):unread count, customers p95",
  ];
  await guard(report, ids, async () => {
    const facts = messagingFacts(ctx);
    const farmer = facts.largestFarmer;
    const listConversations = await svc("listConversations");
    const listMessages = await svc("listMessages");
    const countUnread = await svc("countUnreadConversations");
    const first = await timeLoop(() => listConversations(ctx.db, { memberId: farmer.id }));
    addTiming(report, ids[0] as string, first).note += `, ${farmer.conversations} conversations`;
    const deep = await deepestContactsCursor(ctx, farmer.id);
    const deepT = await timeLoop(() =>
      listConversations(ctx.db, { memberId: farmer.id, cursor: deep.cursor ?? undefined }),
    );
    addTiming(report, ids[1] as string, deepT, { value: first.p95, label: "page 1" }).note +=
      `, page ${deep.page}`;
    const big = facts.largestConversation;
    const latest = await timeLoop(() =>
      listMessages(ctx.db, { memberId: big.merchantId, conversationId: big.id }),
    );
    addTiming(report, ids[2] as string, latest).note += `, a conversation of ${big.messages}`;
    const farmerCount = await timeLoop(() => countUnread(ctx.db, farmer.id));
    addTiming(report, ids[3] as string, farmerCount).note +=
      `, ${farmer.unreadConversations} of ${farmer.conversations} unread`;
    const customers = facts.sampleCustomerIds;
    const customerCount = await timeLoop((i) =>
      countUnread(ctx.db, customers[i % customers.length]),
    );
    addTiming(report, ids[4] as string, customerCount).note += `, ${customers.length} customers`;
  });
}

/**
 * What the concurrent rounds cost in CPU, per call, and how busy they kept the cores: a round
 * cannot end before its calls' CPU is done on the cores there are.
 */
function addCheckoutCpu(
  report: Report,
  rounds: readonly CpuSpent[],
  callsPerRound: number,
  group = "checkout (db)",
): void {
  const id = `${group}:CPU per call, 10 concurrent`;
  const sum = (pick: (r: CpuSpent) => number | null) => {
    let total = 0;
    for (const r of rounds) {
      const v = pick(r);
      if (v === null) return null;
      total += v;
    }
    return total;
  };
  const calls = rounds.length * callsPerRound;
  const node = sum((r) => r.node);
  const nodeKernel = sum((r) => r.nodeKernel) ?? 0;
  const postgres = sum((r) => r.postgres);
  const wall = sum((r) => r.wall);
  if (calls === 0 || node === null || wall === null) return;
  const cores = rounds[0]?.cores ?? 1;
  if (postgres === null) {
    report.add(id, node / calls, {
      ...ms,
      note: `this process only (PostgreSQL not on this machine or /proc unreadable), ${calls} calls`,
    });
    return;
  }
  const perCall = (node + postgres) / calls;
  report.add(id, perCall, {
    ...ms,
    note:
      `bench process ${(node / calls).toFixed(2)} (${(nodeKernel / calls).toFixed(2)} of it in the kernel) + PostgreSQL ${(postgres / calls).toFixed(2)} ms a call; ` +
      `a round's ${callsPerRound} calls need ${((perCall * callsPerRound) / cores).toFixed(1)} ms on ${cores} cores, ` +
      `took ${(wall / rounds.length).toFixed(1)} ms on average with the cores ${(((node + postgres) / (wall * cores)) * 100).toFixed(0)} % busy`,
  });
}

/**
 * Pay in person under contention: 10 customers at once on the same 20 products, each submitting
 * its checkout twice at the same moment (a double click). placeOrder is the transaction only: the
 * route sends the order-placed mails after its answer, so they are timed apart ("order-placed mails
 * alone"). Every order is removed afterwards (the order_items trigger puts units_sold_90d back).
 *
 * `stock`: the same checkouts with the 20 products limited (a quantity far above what the rounds
 * take, decision 0042), reported as "checkout with stock (db)" beside "checkout (db)": the take is
 * one more CTE of the same statement, so the difference is its row locks and updates, never a round
 * trip. The products' quantities are put back as they were afterwards.
 */
export async function checkoutScenario(
  ctx: DbContext,
  report: Report,
  rounds = 15,
  { stock = false }: { stock?: boolean } = {},
): Promise<void> {
  const group = stock ? "checkout with stock (db)" : "checkout (db)";
  const ids = [
    `${group}:placeOrder p95, 10 concurrent`,
    `${group}:errors`,
    `${group}:one order per submission key`,
  ];
  await guard(report, ids, async () => {
    const placeOrder = await svc("placeOrder");
    const { rows: products } = await ctx.raw.query<{ id: number }>(
      `select id from products where status = 'active' and in_stock and pay_in_person and currency = 'CAD'
       order by units_sold_90d desc, id limit 20`,
    );
    const { rows: customers } = await ctx.raw.query<{
      id: number;
      first_name: string;
      last_name: string;
      email: string;
      phone: string;
    }>(
      `select id, first_name, last_name, email, phone from members
       where member_type = 'customer' and currency = 'CAD' and phone is not null order by id limit 10`,
    );
    if (products.length < 20 || customers.length < 10)
      throw new Error("not enough CAD products or customers");
    const productIds = products.map((p) => p.id);
    const { rows: stockBefore } = await ctx.raw.query<{ id: number; qty: string | null }>(
      "select id, available_qty as qty from products where id = any($1::int[])",
      [productIds],
    );
    if (stock)
      await ctx.raw.query("update products set available_qty = 1000000 where id = any($1::int[])", [
        productIds,
      ]);
    const keys: string[] = [];
    const samples: number[] = [];
    let errors = 0;
    const errorMessages = new Set<string>();
    let mismatched = 0;
    const runId = randomUUID().slice(0, 8);
    // CPU of the timed rounds (the calls only, not the carts' refill between them).
    const localDb = isLocalDatabase(ctx.url);
    const spent: CpuSpent[] = [];
    const { rows: outbox } = await ctx.raw.query<{ max: number | null }>(
      "select max(id) as max from email_outbox",
    );
    try {
      for (let round = 0; round < rounds + 2; round++) {
        // Each customer's cart: 3 of the 20 shared products.
        await ctx.raw.query("delete from cart_items where member_id = any($1::int[])", [
          customers.map((c) => c.id),
        ]);
        const values: string[] = [];
        customers.forEach((c, i) => {
          for (let k = 0; k < 3; k++)
            values.push(
              `(${c.id}, ${(products[(i * 2 + k + round) % 20] as { id: number }).id}, 1)`,
            );
        });
        await ctx.raw.query(
          `insert into cart_items (member_id, product_id, qty) values ${values.join(", ")}`,
        );
        const before = cpuSnapshot(localDb);
        const results = await Promise.all(
          customers.flatMap((c) => {
            const checkoutKey = randomUUID();
            keys.push(checkoutKey);
            const input = {
              customerId: c.id,
              checkoutKey,
              delivery: {
                deliveryDestination: "store",
                firstName: c.first_name,
                lastName: c.last_name,
                email: c.email,
                phone: c.phone,
              },
            };
            const attempt = async () => {
              const t = performance.now();
              try {
                const answer = (await placeOrder(ctx.db, input)) as { orderId: number };
                if (round >= 2) samples.push(performance.now() - t);
                return answer.orderId;
              } catch (error) {
                errors++;
                errorMessages.add(error instanceof Error ? error.message : String(error));
                return null;
              }
            };
            return [Promise.all([attempt(), attempt()])];
          }),
        );
        if (round >= 2) spent.push(cpuSpent(before, cpuSnapshot(localDb)));
        for (const [a, b] of results) if (a === null || b === null || a !== b) mismatched++;
      }
      const { rows: counts } = await ctx.raw.query<{ n: string }>(
        "select count(*) as n from orders where checkout_key = any($1::text[])",
        [keys],
      );
      const sorted = samples.sort((x, y) => x - y);
      const p95 = sorted[Math.ceil(0.95 * sorted.length) - 1] ?? NaN;
      const p50 = sorted[Math.ceil(0.5 * sorted.length) - 1] ?? NaN;
      report.add(ids[0] as string, p95, {
        ...ms,
        note: `p50 ${p50.toFixed(2)} ms, n=${sorted.length} (run ${runId})`,
      });
      addCheckoutCpu(report, spent, customers.length * 2, group);
      report.add(ids[1] as string, errors, { note: [...errorMessages].join("; ").slice(0, 150) });
      report.add(ids[2] as string, Number(counts[0]?.n) === keys.length && mismatched === 0, {
        note: `${counts[0]?.n} orders for ${keys.length} keys, ${mismatched} double submissions answered differently`,
      });
      // The same checkout without contention, one at a time.
      const solo: number[] = [];
      const buyer = customers[0] as (typeof customers)[number];
      for (let i = 0; i < 33; i++) {
        await ctx.raw.query("delete from cart_items where member_id = $1", [buyer.id]);
        for (let k = 0; k < 3; k++)
          await ctx.raw.query(
            "insert into cart_items (member_id, product_id, qty) values ($1, $2, 1)",
            [buyer.id, (products[(i + k * 7) % 20] as { id: number }).id],
          );
        const checkoutKey = randomUUID();
        keys.push(checkoutKey);
        const t = performance.now();
        await placeOrder(ctx.db, {
          customerId: buyer.id,
          checkoutKey,
          delivery: {
            deliveryDestination: "store",
            firstName: buyer.first_name,
            lastName: buyer.last_name,
            email: buyer.email,
            phone: buyer.phone,
          },
        });
        if (i >= 3) solo.push(performance.now() - t);
      }
      solo.sort((a, b) => a - b);
      report.add(
        `${group}:placeOrder p95, one at a time`,
        solo[Math.ceil(0.95 * solo.length) - 1] ?? NaN,
        {
          ...ms,
          note: `p50 ${(solo[Math.ceil(0.5 * solo.length) - 1] ?? NaN).toFixed(2)} ms, n=${solo.length}`,
        },
      );
      // The mails POST /api/checkout/inPerson sends after its answer (placeOrder sends none): not in
      // the customer's wait any more, but still work the server does for every order.
      if (!stock)
        await guard(report, ["checkout (db):order-placed mails alone p95"], async () => {
          const sendOrderPlacedEmails = await svc("sendOrderPlacedEmails");
          const { rows: placed } = await ctx.raw.query<{ id: number }>(
            "select id from orders where checkout_key = any($1::text[]) order by id limit 40",
            [keys],
          );
          const t = await timeLoop(
            (i) => sendOrderPlacedEmails(ctx.db, (placed[i % placed.length] as { id: number }).id),
            {
              warmup: 3,
              iterations: 40,
            },
          );
          addTiming(report, "checkout (db):order-placed mails alone p95", t).note +=
            ", one at a time";
        });
    } finally {
      await ctx.raw.query("delete from orders where checkout_key = any($1::text[])", [keys]);
      await ctx.raw.query("delete from cart_items where member_id = any($1::int[])", [
        customers.map((c) => c.id),
      ]);
      await ctx.raw.query(
        `update products p set available_qty = b.qty
         from jsonb_to_recordset($1::jsonb) as b(id int, qty numeric) where p.id = b.id`,
        [JSON.stringify(stockBefore)],
      );
      // The mails timed alone went to the outbox (no SMTP_URL here).
      await ctx.raw.query("delete from email_outbox where id > $1", [outbox[0]?.max ?? 0]);
    }
  });
}
