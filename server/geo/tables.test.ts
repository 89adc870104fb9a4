import path from "node:path";
import { describe, expect, it } from "vitest";
import { createGeoTables } from "./tables";

describe("the offline geocoding tables", () => {
  const tables = createGeoTables(path.join(process.cwd(), "server", "geo", "data"));

  it("loads every row of the bundled CSV files", () => {
    expect(tables.fsa.size).toBe(1650);
    expect(tables.zip.size).toBe(41190);
    const places = [...tables.places.byRegion.values()].reduce((n, list) => n + list.length, 0);
    expect(places).toBe(17004);
  });

  it("reads quoted fields with commas", () => {
    expect(tables.fsa.get("K0C")?.place).toBe(
      "Stormont, Dundas and Glengarry United Counties (Alexandria)",
    );
    expect(tables.fsa.get("K0C")?.province).toBe("ON");
    expect(tables.places.inRegion.get("ON|killaloe hagarty and richards")?.population).toBe(2420);
  });

  it("keeps ZIP codes as strings with their leading zeros", () => {
    expect(tables.zip.get("00501")).toMatchObject({ city: "Holtsville", state: "NY" });
  });
});
