import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { verify } from "@node-rs/argon2";
import { and, countDistinct, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/db/client";
import {
  members,
  orderItems,
  pickupPlaces,
  pickupWindows,
  products,
  reviews,
  subscriptions,
} from "@/server/db/schema";
import { listMapPoints } from "@/server/catalog/list-map-points";
import { listStorePickupPlaces } from "@/server/pickup/store-pickup-places";
import { createLocalStore } from "@/server/storage/image-store";
import { closeTestDb, createTestDb } from "@/tests/db";
import { getFarmDemand } from "@/server/demand/get-farm-demand";
import { verifySecondFactor } from "@/server/auth/second-factor";
import { DEMO_ADMIN_TOTP_SECRET as HARNESS_SECRET, currentStep, totpCode } from "@/tests/totp";
import { DEMO_ADMIN_TOTP_SECRET, DEMO_PASSWORD, seedDemo } from "./seed-demo";

describe("seedDemo", () => {
  let db: Db;
  const uploads = mkdtempSync(path.join(tmpdir(), "seed-uploads-"));
  const store = createLocalStore(uploads);
  let result: Awaited<ReturnType<typeof seedDemo>>;

  beforeAll(async () => {
    db = await createTestDb();
    result = await seedDemo(db, { imageStore: store, now: new Date("2026-11-21T12:00:00Z") });
  }, 120_000);

  afterAll(async () => {
    await closeTestDb(db);
    rmSync(uploads, { recursive: true, force: true });
  });

  it("places at least 12 farms in Ontario and 3 in the US, each geocoded", async () => {
    const farms = await db
      .select({
        country: members.country,
        province: members.provinceState,
        lat: members.latitude,
        lon: members.longitude,
      })
      .from(members)
      .where(eq(members.memberType, "merchant"));
    expect(farms.filter((f) => f.province === "ON").length).toBeGreaterThanOrEqual(12);
    expect(farms.filter((f) => f.country === "US").length).toBeGreaterThanOrEqual(3);
    for (const farm of farms.filter((f) => f.province === "ON")) {
      // Southern Ontario: between Lake Erie and Georgian Bay.
      expect(farm.lat).toBeGreaterThan(42.5);
      expect(farm.lat).toBeLessThan(44.6);
      expect(farm.lon).toBeGreaterThan(-81.5);
      expect(farm.lon).toBeLessThan(-78.5);
    }
  });

  it("lists 80+ products over every category with stored images, within each plan's limit", async () => {
    expect(result.products).toBeGreaterThanOrEqual(80);
    const rows = await db.select().from(products);
    expect(rows.length).toBe(result.products);
    for (const product of rows) {
      expect(product.image).toMatch(/^product\/[0-9a-f]{32}$/);
      expect(await store.read(`${product.image}-sm.webp`)).not.toBeNull();
    }
    const names = rows.map((r) => r.name.toLowerCase()).join(" | ");
    for (const word of ["tomatoes", "apples", "eggs", "honey", "sourdough"])
      expect(names).toContain(word);

    const perMerchant = await db
      .select({ plan: subscriptions.plan, n: sql<number>`count(${products.id})::int` })
      .from(members)
      .leftJoin(subscriptions, eq(subscriptions.memberId, members.id))
      .innerJoin(products, eq(products.merchantId, members.id))
      .groupBy(members.id, subscriptions.plan);
    for (const { plan, n } of perMerchant) {
      if (plan === null) expect(n).toBeLessThanOrEqual(2);
      else if (plan === "engager") expect(n).toBeLessThanOrEqual(4);
    }
    expect(new Set(perMerchant.map((m) => m.plan ?? "basic"))).toEqual(
      new Set(["basic", "engager", "harvest"]),
    );
  });

  it("creates the demo accounts of the README with the demo password", async () => {
    for (const [email, type] of [
      ["admin@example.com", "admin"],
      ["customer@example.com", "customer"],
      ["maple_ridge_farm@example.com", "merchant"],
    ] as const) {
      const [member] = await db.select().from(members).where(eq(members.email, email));
      expect(member?.memberType).toBe(type);
      expect(await verify(member!.passwordHash, DEMO_PASSWORD)).toBe(true);
    }
  });

  it("enrols the admin with the README's TOTP secret, the one the harnesses compute codes from", async () => {
    expect(HARNESS_SECRET).toBe(DEMO_ADMIN_TOTP_SECRET);
    const [admin] = await db.select().from(members).where(eq(members.username, "admin"));
    expect(admin?.totpEnabledAt).not.toBeNull();
    const code = await totpCode(DEMO_ADMIN_TOTP_SECRET, currentStep());
    expect(await verifySecondFactor(db, admin!.id, code)).toEqual({ kind: "totp" });
  });

  it("shows ratings: a product with a spread of stars ranked by Top rated, and farms with a rating", async () => {
    const { rows } = await db.execute<{ counts: number[]; rank: string }>(
      sql`select rating_counts as counts, rating_rank as rank from products
        where review_count = 6 order by rating_rank desc limit 1`,
    );
    expect(rows[0]!.counts).toEqual([0, 0, 1, 1, 4]);
    expect(Number(rows[0]!.rank)).toBeGreaterThan(3);
    const [{ rated }] = (await db
      .select({ rated: sql<number>`count(*)::int` })
      .from(members)
      .where(sql`${members.ratingCount} > 0`)) as [{ rated: number }];
    expect(rated).toBeGreaterThan(3);
  });

  it("adds reviews whose average is the product score, and orders in several statuses", async () => {
    const [reviewed] = await db
      .select({
        id: products.id,
        score: products.score,
        avg: sql<string>`round(avg(${reviews.score}), 2)`,
      })
      .from(products)
      .innerJoin(reviews, eq(reviews.productId, products.id))
      .groupBy(products.id)
      .limit(1);
    expect(Number(reviewed!.score)).toBeCloseTo(Number(reviewed!.avg), 2);

    const [{ statuses }] = (await db
      .select({ statuses: countDistinct(orderItems.status) })
      .from(orderItems)) as [{ statuses: number }];
    expect(statuses).toBeGreaterThanOrEqual(5);
    const cancelled = await db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.status, "cancelled"), eq(orderItems.qualifiedToCancel, false)));
    expect(cancelled.length).toBeGreaterThan(0);
  });

  it("gives a few farms limited quantities: a few left, plenty, and one sold out by its count", async () => {
    const limited = await db
      .select({
        farm: members.username,
        available: products.availableQty,
        unitWeight: products.unitWeight,
        lowStockAt: products.lowStockAt,
        inStock: products.inStock,
      })
      .from(products)
      .innerJoin(members, eq(members.id, products.merchantId))
      .where(sql`${products.availableQty} is not null`);
    expect(new Set(limited.map((p) => p.farm)).size).toBeGreaterThanOrEqual(3);
    const units = limited.map((p) => Math.floor(Number(p.available) / Number(p.unitWeight)));
    expect(units.some((n, i) => n > 0 && n <= limited[i]!.lowStockAt)).toBe(true);
    expect(units.some((n, i) => n > limited[i]!.lowStockAt)).toBe(true);
    expect(units.some((n, i) => n === 0 && limited[i]!.inStock)).toBe(true);
    // Every other product stays unlimited, as every product listed before stock existed.
    const [{ unlimited }] = (await db
      .select({ unlimited: sql<number>`count(*)::int` })
      .from(products)
      .where(sql`${products.availableQty} is null`)) as [{ unlimited: number }];
    expect(unlimited).toBe(result.products - limited.length);
  });

  it("gives the limited farms pickup windows, and one a market stall on the map and its store page", async () => {
    const windows = await db
      .select({ farm: pickupWindows.merchantId, capacity: pickupWindows.capacity })
      .from(pickupWindows);
    expect(new Set(windows.map((w) => w.farm)).size).toBeGreaterThanOrEqual(3);
    expect(windows.some((w) => w.capacity !== null)).toBe(true);
    const [stall] = await db
      .select({ username: members.username })
      .from(pickupPlaces)
      .innerJoin(members, eq(members.id, pickupPlaces.merchantId))
      .where(sql`${pickupPlaces.address} is not null and ${pickupPlaces.latitude} is not null`);
    expect(stall).toBeDefined();
    const { places } = await listStorePickupPlaces(db, stall!.username);
    expect(places.map((p) => p.name)).toEqual(["At the farm", "St. Lawrence Market stall"]);
    expect(places[1]).toMatchObject({ address: "93 Front St E, Toronto, ON M5E 1C3" });
    expect(places[1]!.windows).toEqual([
      { weekday: 6, startsMinute: 420, endsMinute: 780, cutoffDaysBefore: 1, cutoffMinute: 1080 },
    ]);
    const points = await listMapPoints(db, { bbox: null });
    expect(points.find((p) => p.username === stall!.username)!.places).toEqual([
      expect.objectContaining({ name: "St. Lawrence Market stall" }),
    ]);
  });

  it("gives the flagship farm's Demand page saved products and searches, rising and falling", async () => {
    const [farm] = await db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.username, "maple_ridge_farm"));
    const demand = await getFarmDemand(db, {
      merchantId: farm!.id,
      now: new Date("2026-11-21T12:00:00Z"),
    });
    if (!demand.located) throw new Error("the flagship farm is geocoded");
    expect(demand.saved.map((row) => row.term)).toContain("heirloom tomatoes");
    expect(demand.searches.map((row) => row.term)).toContain("goat cheese");
    const trends = new Set([...demand.saved, ...demand.searches].map((row) => row.trend));
    expect(trends).toEqual(new Set(["rising", "falling", "new", "steady"]));
    // The seed's people are forgotten with their weeks: only this week's hashes remain.
    const weeks = await db.execute<{ weeks: number }>(
      sql`select count(distinct week_start)::int as weeks from demand_sightings`,
    );
    expect(weeks.rows[0]?.weeks).toBe(1);
  });

  it("does nothing on a database that already has members", async () => {
    expect(await seedDemo(db, { imageStore: store })).toMatchObject({ seeded: false });
  });
});
