import "server-only";
import type { Db } from "@/server/db/client";
import { recordDemand } from "@/server/demand/record-demand";
import type { DemandKind } from "@/lib/demand/cells";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * People a week for each demo term, the eight past weeks (oldest first) then this week: rising,
 * falling, new and steady, every number 5 or more or 0 so each one shows (or shows "<5").
 */
const DEMO_DEMAND: Array<{ kind: DemandKind; text: string; weeks: number[] }> = [
  { kind: "saved", text: "Heirloom Tomatoes", weeks: [5, 6, 5, 7, 8, 9, 11, 12, 10] },
  { kind: "saved", text: "Pasture-Raised Eggs", weeks: [9, 8, 9, 10, 9, 8, 9, 9, 5] },
  { kind: "saved", text: "Wildflower Honey", weeks: [0, 0, 0, 0, 0, 5, 6, 7, 5] },
  { kind: "saved", text: "Sourdough Loaf", weeks: [12, 11, 10, 9, 7, 6, 5, 0, 0] },
  { kind: "unmet_search", text: "goat cheese", weeks: [5, 5, 6, 6, 8, 9, 10, 12, 10] },
  { kind: "unmet_search", text: "garlic scapes", weeks: [0, 0, 0, 0, 5, 7, 8, 9, 5] },
  { kind: "unmet_search", text: "elderberries", weeks: [6, 7, 6, 5, 6, 5, 7, 6, 5] },
  { kind: "unmet_search", text: "duck eggs", weeks: [8, 7, 9, 6, 5, 0, 5, 0, 0] },
];

/**
 * Demand around a demo farm (issue 44, item 5), so its Demand page has rows: distinct made-up
 * people record searches and saves at the farm's point, week by week from the oldest, through the
 * same recordDemand as real ones (which forgets each past week's people as the next begins).
 */
export async function seedDemoDemand(
  db: Db,
  { latitude, longitude, now }: { latitude: number; longitude: number; now: Date },
): Promise<number> {
  let recorded = 0;
  const weeks = DEMO_DEMAND[0]!.weeks.length;
  for (let week = 0; week < weeks; week++) {
    const at = new Date(now.getTime() - (weeks - 1 - week) * WEEK_MS);
    for (const { kind, text, weeks: people } of DEMO_DEMAND) {
      for (let person = 1; person <= people[week]!; person++) {
        await recordDemand(db, { kind, text, latitude, longitude, at, person: `demo:${person}` });
        recorded += 1;
      }
    }
  }
  return recorded;
}
