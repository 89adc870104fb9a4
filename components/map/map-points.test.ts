import { describe, expect, it } from "vitest";
import {
  bboxAround,
  groupLabel,
  groupOverlappingPoints,
  paddedBounds,
  pinFits,
  placesApart,
  snapBbox,
  zoomHint,
} from "./map-points";

const point = (latitude: number, longitude: number) => ({
  latitude,
  longitude,
  username: "f",
  introduction: null,
});

describe("farmers map helpers", () => {
  it("pads the farms' bounds by the given degrees", () => {
    const bounds = paddedBounds([point(43.6, -79.4), point(44, -79.2)], 0.2)!;
    [-79.6, 43.4, -79, 44.2].forEach((value, i) => expect(bounds[i]).toBeCloseTo(value, 9));
    expect(paddedBounds([], 0.2)).toBeNull();
  });

  it("widens a box outward to a coarse grid, so nearby views share one answer", () => {
    const a = snapBbox([-79.61, 43.51, -79.19, 43.79]);
    const b = snapBbox([-79.6, 43.52, -79.2, 43.78]);
    expect(a).toEqual(b);
    const [minLon, minLat, maxLon, maxLat] = a;
    expect(minLon).toBeLessThanOrEqual(-79.61);
    expect(minLat).toBeLessThanOrEqual(43.51);
    expect(maxLon).toBeGreaterThanOrEqual(-79.19);
    expect(maxLat).toBeGreaterThanOrEqual(43.79);
    expect(snapBbox([-200, -95, 200, 95])).toEqual([-180, -90, 180, 90]);
  });

  it("looks at least 25 km around the viewer", () => {
    const [minLon, minLat, maxLon, maxLat] = bboxAround({
      latitude: 43.65,
      longitude: -79.38,
      radiusKm: 0,
    });
    expect(maxLat - minLat).toBeGreaterThan((2 * 25) / 111.32);
    expect(minLon).toBeLessThan(-79.38);
    expect(maxLon).toBeGreaterThan(-79.38);
  });

  it("names Ctrl, or ⌘ on a Mac, in the zoom hint", () => {
    expect(zoomHint("Mozilla/5.0 (X11; Linux x86_64)")).toBe("Use Ctrl + scroll to zoom");
    expect(zoomHint("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)")).toBe("Use ⌘ + scroll to zoom");
  });
});

describe("grouping pins that would overlap", () => {
  const farm = (username: string, x: number, y: number) => ({
    username,
    latitude: y,
    longitude: x,
    introduction: null,
  });
  const project = (p: { latitude: number; longitude: number }) => ({
    x: p.longitude,
    y: p.latitude,
  });
  const inView = (at: { x: number; y: number }) =>
    at.x >= 0 && at.y >= 0 && at.x <= 400 && at.y <= 300;
  const size = { minDistancePx: 52, isShown: inView };

  it("keeps farms far apart as pins of their own, in order", () => {
    const groups = groupOverlappingPoints(
      [farm("a", 10, 10), farm("b", 100, 10), farm("c", 10, 100)],
      project,
      size,
    );
    expect(groups.map((g) => g.points.map((p) => p.username))).toEqual([["a"], ["b"], ["c"]]);
  });

  it("groups farms closer than the distance under the first one, across grid cells", () => {
    const groups = groupOverlappingPoints(
      [
        farm("a", 51, 51),
        farm("b", 53, 53),
        farm("c", 80, 60),
        farm("d", 300, 200),
        farm("e", 300, 200),
      ],
      project,
      size,
    );
    expect(groups.map((g) => [g.lead.username, g.points.length])).toEqual([
      ["a", 3],
      ["d", 2],
    ]);
    expect(groupLabel(groups[0]!)).toBe("3 farms: a, b, c");
  });

  it("leaves no two leads closer than the distance", () => {
    const many = Array.from({ length: 300 }, (_, i) =>
      farm(`f${i}`, (i * 37) % 400, (i * 53) % 300),
    );
    const leads = groupOverlappingPoints(many, project, size).map((g) => project(g.lead));
    for (const a of leads)
      for (const b of leads)
        if (a !== b) expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(52);
  });

  it("leaves out farms whose pin is not on show", () => {
    expect(
      groupOverlappingPoints([farm("a", -200, 10), farm("b", 10, 900)], project, size),
    ).toEqual([]);
  });

  it("shows a pin only wholly inside the view and clear of the controls", () => {
    const view = {
      width: 400,
      height: 300,
      pinWidth: 28,
      pinHeight: 36,
      keepClear: [{ left: 344, top: 0, right: 400, bottom: 80 }],
    };
    expect(pinFits({ x: 200, y: 150 }, view)).toBe(true);
    expect(pinFits({ x: 200, y: 20 }, view)).toBe(false); // its top would be cut off
    expect(pinFits({ x: 5, y: 150 }, view)).toBe(false);
    expect(pinFits({ x: 200, y: 310 }, view)).toBe(false);
    expect(pinFits({ x: 360, y: 60 }, view)).toBe(false); // under the zoom buttons
    expect(pinFits({ x: 360, y: 130 }, view)).toBe(true);
  });

  it("names at most five farms in a group's label", () => {
    const group = {
      lead: farm("a", 0, 0),
      points: ["a", "b", "c", "d", "e", "f"].map((n) => farm(n, 0, 0)),
    };
    expect(groupLabel(group)).toBe("6 farms: a, b, c, d, e, and more");
  });
});

describe("placesApart", () => {
  const at = (p: { x: number; y: number }) => p;
  const spacing = { minDistancePx: 30, isShown: () => true };

  it("keeps a place clear of every pin already standing and of the places before it", () => {
    const farms = [{ x: 100, y: 100 }];
    const places = [
      { x: 110, y: 105 }, // on the farm's pin: one touch target, left out
      { x: 200, y: 100 },
      { x: 215, y: 110 }, // on the place before it
      { x: 300, y: 100 },
    ];
    expect(placesApart(places, farms, at, spacing)).toEqual([
      { x: 200, y: 100 },
      { x: 300, y: 100 },
    ]);
  });

  it("leaves out a place whose pin does not fit the view", () => {
    const places = [{ x: 10, y: 10 }];
    expect(placesApart(places, [], at, { minDistancePx: 30, isShown: () => false })).toEqual([]);
  });
});
