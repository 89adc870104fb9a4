import { describe, expect, it } from "vitest";
import { MIN_PEOPLE, publishedPeople, trendOf } from "./publish";
import { cellOf, cellsAround, normaliseTerm, weekStartOf, weeksBefore } from "./cells";

describe("demand cells and weeks", () => {
  it("puts a point in the cell of its rounded-down degrees", () => {
    expect(cellOf(43.88, -79.44)).toEqual({ lat: 219, lng: -398 });
  });

  it("gives a farm's area its own cell and the cells within 25 km, not those beyond", () => {
    const cells = cellsAround(43.88, -79.44);
    expect(cells).toContainEqual(cellOf(43.88, -79.44));
    expect(cells).toContainEqual(cellOf(43.88 + 0.15, -79.44));
    expect(cells).not.toContainEqual(cellOf(43.88 + 0.6, -79.44));
    expect(cells.length).toBeGreaterThan(3);
    expect(cells.length).toBeLessThan(20);
  });

  it("starts weeks on the UTC Monday", () => {
    expect(weekStartOf(new Date("2026-12-07T00:00:00Z"))).toBe("2026-12-07");
    expect(weekStartOf(new Date("2026-12-13T23:59:59Z"))).toBe("2026-12-07");
    expect(weekStartOf(new Date("2026-12-14T00:00:00Z"))).toBe("2026-12-14");
    expect(weeksBefore("2026-12-07", 8)).toBe("2026-10-12");
  });

  it.each([
    ["  Heirloom   TOMATOES! ", "heirloom tomatoes"],
    ["Crème fraîche", "creme fraiche"],
    ["Order 1234", null],
    ["me@example.com", null],
    ["a", null],
    ["<b>kale</b>", "b kale b"],
  ])("normalises %j to %j", (text, term) => {
    expect(normaliseTerm(text)).toBe(term);
  });
});

describe("what the Demand page may publish", () => {
  it("publishes nothing made of fewer than 5 people", () => {
    for (let people = 0; people < MIN_PEOPLE; people++) {
      expect(publishedPeople(people, false)).toBe(0);
      expect(publishedPeople(people, true)).toBe(0);
    }
    expect(publishedPeople(7, false)).toBe(7);
  });

  it("publishes the current week in steps of 5, so two views of it differ by 0 or 5 or more", () => {
    const views = Array.from({ length: 30 }, (_, people) => publishedPeople(people, true));
    for (const a of views)
      for (const b of views) {
        const difference = Math.abs(a - b);
        expect(difference === 0 || difference >= MIN_PEOPLE).toBe(true);
      }
  });

  it.each([
    [[0, 0, 0, 0, 0, 0, 5, 6], "new"],
    [[5, 5, 5, 5, 9, 9, 9, 9], "rising"],
    [[9, 9, 9, 9, 5, 0, 5, 0], "falling"],
    [[5, 6, 5, 6, 6, 5, 6, 5], "steady"],
  ] as const)("reads %j as %s", (weeks, trend) => {
    expect(trendOf(weeks)).toBe(trend);
  });
});
