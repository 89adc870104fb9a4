import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PAGE_SIZES } from "@/lib/constants";
import type { Db } from "@/server/db/client";
import { members } from "@/server/db/schema";
import { closeTestDb, createTestDb } from "@/tests/db";
import { createCustomer, createMerchant, type Member } from "@/server/db/seed/factories";
import { listMerchants, type ListMerchantsInput } from "./list-merchants";

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => closeTestDb(db));

const TORONTO = { latitude: 43.65, longitude: -79.38 };
const BARRIE = { latitude: 44.39, longitude: -79.69 };
const OTTAWA = { latitude: 45.42, longitude: -75.69 };
const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

async function countStatements<T>(
  fn: () => Promise<T>,
): Promise<{ result: T; statements: number }> {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const spy = vi.spyOn(client, "query");
  try {
    const result = await fn();
    return { result, statements: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
}

async function usernames(input: ListMerchantsInput): Promise<string[]> {
  return (await listMerchants(db, { perPage: 50, ...input })).items.map((m) => m.username);
}

const farms: Record<string, Member> = {};
beforeAll(async () => {
  await createCustomer(db, { username: "not_a_farmer", city: "Toronto" });
  farms.toronto = await createMerchant(db, {
    username: "riverdale_roots",
    email: "hello@riverdaleroots.example",
    address: "12 Broadview Ave",
    city: "Toronto",
    provinceState: "ON",
    ...TORONTO,
    introduction: "x".repeat(300),
    createdAt: daysAgo(3),
  });
  farms.barrie = await createMerchant(db, {
    username: "kempenfelt_berries",
    email: "berries@kempenfelt.example",
    address: "88 Lakeshore Dr",
    city: "Barrie",
    provinceState: "ON",
    ...BARRIE,
    createdAt: daysAgo(2),
  });
  farms.ottawa = await createMerchant(db, {
    username: "rideau_greens",
    email: "greens@rideau.example",
    address: "5 Bank St",
    city: "Ottawa",
    provinceState: "ON",
    ...OTTAWA,
    createdAt: daysAgo(1),
  });
  farms.nowhere = await createMerchant(db, {
    username: "unmapped_meadow",
    city: "Hamlet",
    provinceState: "NL",
    latitude: null,
    longitude: null,
    createdAt: daysAgo(4),
  });
});

describe("listMerchants", () => {
  it("lists farmers only, newest first, as merchant cards without email", async () => {
    const answer = await listMerchants(db);
    expect(answer.items.map((m) => m.username)).toEqual([
      "rideau_greens",
      "kempenfelt_berries",
      "riverdale_roots",
      "unmapped_meadow",
    ]);
    expect(answer.perPage).toBe(PAGE_SIZES.merchants);
    expect(answer.total).toBe(4);
    expect(answer.items[2]).toEqual({
      id: farms.toronto!.id,
      username: "riverdale_roots",
      introduction: "x".repeat(300),
      city: "Toronto",
      province_state: "ON",
      avatar_image: null,
      rating: 0,
      review_count: 0,
    });
    expect(JSON.stringify(answer)).not.toContain("@");
  });

  it.each([
    ["username", "RIVERDALE", ["riverdale_roots"]],
    ["whole email, any case", "Berries@Kempenfelt.example", ["kempenfelt_berries"]],
    ["street of the address", "bank st", ["rideau_greens"]],
    ["whole address", "5 BANK ST", ["rideau_greens"]],
    ["city", "barrie", ["kempenfelt_berries"]],
    ["province", "NL", ["unmapped_meadow"]],
    ["nothing", "saskatoon", []],
    ["a LIKE wildcard, literally", "riverdale_roo_s", []],
    ["an underscore, literally", "_roots", ["riverdale_roots"]],
  ])("matches the keyword in the %s", async (_field, keyword, expected) => {
    expect(await usernames({ keyword })).toEqual(expected);
  });

  // The email and the house number are not on the card: matching them in part would let anyone
  // read them out a character at a time (a username plus a guessed next character).
  it.each([
    ["part of an email", "kempenfelt.example"],
    ["the start of an email", "berries@"],
    ["a username followed by its email", "kempenfelt_berries berries"],
    ["a house number and the street", "5 bank"],
    ["a house number alone", "88"],
  ])("does not match %s", async (_what, keyword) => {
    expect(await usernames({ keyword })).toEqual([]);
  });

  it("treats a keyword that looks like a database statement as no keyword", async () => {
    expect(await usernames({ keyword: "' or 1=1 --" })).toHaveLength(4);
  });

  it("puts the nearest farms first with radius 0, unlocated farms last", async () => {
    const answer = await listMerchants(db, { near: { ...TORONTO, radiusKm: 0 } });
    expect(answer.items.map((m) => m.username)).toEqual([
      "riverdale_roots",
      "kempenfelt_berries",
      "rideau_greens",
      "unmapped_meadow",
    ]);
    expect(answer.items.map((m) => m.distanceKm && Math.round(m.distanceKm / 10) * 10)).toEqual([
      0,
      90,
      350,
      null,
    ]);
  });

  it("keeps only the farms within the radius", async () => {
    expect(await usernames({ near: { ...BARRIE, radiusKm: 50 } })).toEqual(["kempenfelt_berries"]);
    expect(await usernames({ near: { ...OTTAWA, radiusKm: 5 }, keyword: "greens" })).toEqual([
      "rideau_greens",
    ]);
    expect(await usernames({ near: { ...OTTAWA, radiusKm: 5 }, keyword: "berries" })).toEqual([]);
  });

  it("pages by cursor exactly as by page number, in one statement per call", async () => {
    for (const near of [null, { ...TORONTO, radiusKm: 0 }]) {
      const byPage: number[] = [];
      for (let page = 1; page <= 2; page++) {
        byPage.push(
          ...(await listMerchants(db, { perPage: 3, page, near })).items.map((m) => m.id),
        );
      }
      const first = await countStatements(() => listMerchants(db, { perPage: 3, near }));
      const second = await countStatements(() =>
        listMerchants(db, { perPage: 3, near, cursor: first.result.nextCursor }),
      );
      expect([first.statements, second.statements]).toEqual([1, 1]);
      expect(second.result).toMatchObject({ page: 2, hasMore: false, nextCursor: null, total: 4 });
      expect([...first.result.items, ...second.result.items].map((m) => m.id)).toEqual(byPage);
    }
  });

  it("sorts Top rated by the farm's rank, a farm below the minimum count after the ranked ones, newest first among them", async () => {
    const rate = (farm: Member, rank: string, score: string, count: number) =>
      db
        .update(members)
        .set({ ratingRank: rank, ratingScore: score, ratingCount: count })
        .where(eq(members.id, farm.id));
    await rate(farms.toronto!, "4.1300", "4.60", 12);
    await rate(farms.ottawa!, "3.7500", "5.00", 3);
    // One 5-star review does not win: it is not ranked (decision 0047).
    await rate(farms.barrie!, "0", "5.00", 1);
    const best = ["riverdale_roots", "rideau_greens", "kempenfelt_berries", "unmapped_meadow"];
    expect(await usernames({ sortType: "rating" })).toEqual(best);
    expect(await usernames({ sortType: "all" })).toEqual([
      "rideau_greens",
      "kempenfelt_berries",
      "riverdale_roots",
      "unmapped_meadow",
    ]);
    // With My Local: the same order, within the radius when it has one, with each distance.
    const anywhere = await listMerchants(db, {
      sortType: "rating",
      near: { ...TORONTO, radiusKm: 0 },
    });
    expect(anywhere.items.map((m) => m.username)).toEqual(best);
    expect(anywhere.items[0]!.distanceKm).toBeLessThan(1);
    expect(anywhere.items[3]!.distanceKm).toBeNull();
    expect(await usernames({ sortType: "rating", near: { ...TORONTO, radiusKm: 100 } })).toEqual([
      "riverdale_roots",
      "kempenfelt_berries",
    ]);
    expect(await usernames({ sortType: "rating", keyword: "greens" })).toEqual(["rideau_greens"]);

    // Pages by cursor as by page number, in one statement per call, with and without My Local.
    for (const near of [null, { ...TORONTO, radiusKm: 0 }, { ...TORONTO, radiusKm: 500 }]) {
      const first = await countStatements(() =>
        listMerchants(db, { sortType: "rating", perPage: 2, near }),
      );
      const second = await countStatements(() =>
        listMerchants(db, {
          sortType: "rating",
          perPage: 2,
          near,
          cursor: first.result.nextCursor,
        }),
      );
      const byPage = await listMerchants(db, { sortType: "rating", perPage: 2, page: 2, near });
      expect([first.statements, second.statements]).toEqual([1, 1]);
      expect(second.result.items.map((m) => m.id)).toEqual(byPage.items.map((m) => m.id));
      expect([...first.result.items, ...second.result.items].map((m) => m.username)).toEqual(
        near?.radiusKm ? best.slice(0, 3) : best,
      );
    }
  });
});
