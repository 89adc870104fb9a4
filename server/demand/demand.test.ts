import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cellOf, cellsAround, weekStartOf } from "@/lib/demand/cells";
import type { Db } from "@/server/db/client";
import { demandCounts, demandSalts, demandSightings } from "@/server/db/schema";
import { createMerchant, type Member } from "@/server/db/seed/factories";
import { closeTestDb, createTestDb } from "@/tests/db";
import { getFarmDemand, type DemandRow } from "./get-farm-demand";
import { recordDemand, type DemandEvent } from "./record-demand";

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => closeTestDb(db));

const DAY = 24 * 60 * 60 * 1000;
// A Wednesday: "this week" started on Monday 2026-11-30.
const NOW = new Date("2026-12-02T12:00:00Z");
const weeksAgo = (weeks: number) => new Date(NOW.getTime() - weeks * 7 * DAY);

let place = 0;
/** A farm on a point of its own, far from every other test's, so each test makes its own world. */
async function farmAt(latitude?: number, longitude?: number): Promise<Member> {
  place += 1;
  return createMerchant(db, {
    latitude: latitude ?? 10 + place * 2,
    longitude: longitude ?? 20 + place * 2,
  });
}

/** `people` distinct people (named `prefix`1, 2...) each record `text` at the point. */
async function record(
  people: number,
  event: Omit<DemandEvent, "person" | "kind"> & { kind?: DemandEvent["kind"] },
  prefix = event.text,
) {
  for (let i = 1; i <= people; i++)
    await recordDemand(db, { kind: "unmet_search", ...event, person: `${prefix}:${i}` });
}

async function demandOf(farm: Member, now = NOW) {
  const demand = await getFarmDemand(db, { merchantId: farm.id, now });
  if (!demand.located) throw new Error("the test farm has coordinates");
  return demand;
}

const find = (rows: DemandRow[], term: string) => rows.find((row) => row.term === term);

describe("counting demand", () => {
  it("adds up distinct people a week per term, once each however often they search", async () => {
    const farm = await farmAt();
    const at = { latitude: farm.latitude!, longitude: farm.longitude! };
    await record(6, { text: "Purple Carrots", ...at, at: weeksAgo(2) });
    // The same 6 people again, spelled another way.
    await record(6, { text: "purple  carrots!", ...at, at: weeksAgo(2) }, "Purple Carrots");
    await record(7, { text: "purple carrots", ...at, at: weeksAgo(1) }, "other");
    await record(5, { kind: "saved", text: "Duck Eggs", ...at, at: weeksAgo(1) });

    const demand = await demandOf(farm);
    expect(find(demand.searches, "purple carrots")?.pastWeeks).toEqual([0, 0, 0, 0, 0, 0, 6, 7]);
    expect(find(demand.searches, "purple carrots")?.trend).toBe("new");
    expect(find(demand.saved, "duck eggs")?.pastWeeks.at(-1)).toBe(5);
    expect(find(demand.searches, "duck eggs")).toBeUndefined();
  });

  it("counts a person recorded twice at once only once", async () => {
    const farm = await farmAt();
    const event = {
      kind: "unmet_search" as const,
      text: "quince",
      latitude: farm.latitude!,
      longitude: farm.longitude!,
      at: weeksAgo(1),
    };
    const results = await Promise.all(
      Array.from({ length: 4 }, () => recordDemand(db, { ...event, person: "twice" })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("shows nothing made of fewer than 5 distinct people", async () => {
    const farm = await farmAt();
    const at = { latitude: farm.latitude!, longitude: farm.longitude! };
    for (let i = 0; i < 3; i++) await record(4, { text: "kohlrabi", ...at, at: weeksAgo(1) });
    await record(4, { text: "kohlrabi", ...at, at: NOW });
    const demand = await demandOf(farm);
    expect(find(demand.searches, "kohlrabi")).toBeUndefined();
  });

  it("leaves nothing under 5 to find by subtracting two areas", async () => {
    const farm = await farmAt();
    const at = { latitude: farm.latitude!, longitude: farm.longitude! };
    // A second farm a cell east: its area shares the first's cells but one edge cell.
    const neighbour = await farmAt(at.latitude, at.longitude + 0.2);
    const mine = cellsAround(at.latitude, at.longitude);
    const theirs = cellsAround(at.latitude, at.longitude + 0.2);
    const edge = mine.find((cell) => !theirs.some((c) => c.lat === cell.lat && c.lng === cell.lng));
    expect(edge).toBeDefined();
    const edgePoint = { latitude: (edge!.lat + 0.5) * 0.2, longitude: (edge!.lng + 0.5) * 0.2 };
    const shared = cellOf(at.latitude, at.longitude);
    expect(theirs).toContainEqual(shared);

    await record(6, { text: "sorrel", ...at, at: weeksAgo(1) }, "home");
    await record(3, { text: "sorrel", ...edgePoint, at: weeksAgo(1) }, "edge");
    const [a, b] = [await demandOf(farm), await demandOf(neighbour)];
    // Without the per-cell rule the first farm would read 9 and the difference would be 3 people.
    expect(find(a.searches, "sorrel")?.pastWeeks.at(-1)).toBe(6);
    expect(find(b.searches, "sorrel")?.pastWeeks.at(-1)).toBe(6);

    // Once the edge cell holds 5 people it counts, and the difference is those 5.
    await record(2, { text: "sorrel", ...edgePoint, at: weeksAgo(1) }, "edge-late");
    const after = await demandOf(farm);
    expect(find(after.searches, "sorrel")?.pastWeeks.at(-1)).toBe(11);
  });

  it("leaves nothing under 5 to find by subtracting two views of this week", async () => {
    const farm = await farmAt();
    const at = { latitude: farm.latitude!, longitude: farm.longitude! };
    const seen: number[] = [];
    for (let i = 1; i <= 12; i++) {
      await recordDemand(db, {
        kind: "unmet_search",
        text: "pawpaw",
        ...at,
        person: `p${i}`,
        at: NOW,
      });
      seen.push(find((await demandOf(farm)).searches, "pawpaw")?.thisWeek ?? 0);
    }
    expect(seen).toEqual([0, 0, 0, 0, 5, 5, 5, 5, 5, 10, 10, 10]);
    for (const x of seen) for (const y of seen) expect(x === y || Math.abs(x - y) >= 5).toBe(true);
  });

  it("stores no searcher's identity, and forgets who was counted once the week is over", async () => {
    const farm = await farmAt();
    const at = { latitude: farm.latitude!, longitude: farm.longitude! };
    const people = ["member:4242", "visitor:203.0.113.9:Mozilla/5.0 DemandTestAgent"];
    for (const person of people)
      await recordDemand(db, { kind: "unmet_search", text: "medlar", ...at, person, at: NOW });

    const stored = JSON.stringify([
      await db.select().from(demandSightings),
      await db.select().from(demandCounts),
      await db.select().from(demandSalts),
    ]);
    for (const text of ["4242", "203.0.113.9", "DemandTestAgent", "member:", "visitor:"])
      expect(stored).not.toContain(text);
    const columns = await db.execute<{ column_name: string }>(sql`
      select column_name from information_schema.columns
      where table_name in ('demand_sightings', 'demand_counts', 'demand_salts')`);
    expect(columns.rows.map((r) => r.column_name).sort()).toEqual(
      [
        ...["week_start", "kind", "cell_lat", "cell_lng", "term", "person_hash"],
        ...["kind", "cell_lat", "cell_lng", "week_start", "term", "people"],
        ...["week_start", "salt", "created_at"],
      ].sort(),
    );

    // The next week's first record deletes this week's sightings and salt; the counts stay.
    const nextWeek = new Date(NOW.getTime() + 7 * DAY);
    await recordDemand(db, {
      kind: "unmet_search",
      text: "medlar",
      ...at,
      person: "x",
      at: nextWeek,
    });
    const weeks = await db.select({ week: demandSightings.weekStart }).from(demandSightings);
    expect(new Set(weeks.map((w) => w.week))).toEqual(new Set([weekStartOf(nextWeek)]));
    const salts = await db.select({ week: demandSalts.weekStart }).from(demandSalts);
    expect(salts.map((s) => s.week)).toEqual([weekStartOf(nextWeek)]);
    const counts = await db.execute<{ people: number }>(
      sql`select people from demand_counts where term = 'medlar' and week_start = ${weekStartOf(NOW)}`,
    );
    expect(counts.rows.map((r) => Number(r.people))).toEqual([2]);
  });

  it("says a farm without coordinates is not located", async () => {
    const farm = await createMerchant(db, { latitude: null, longitude: null });
    expect(await getFarmDemand(db, { merchantId: farm.id, now: NOW })).toEqual({ located: false });
  });
});
