import { describe, expect, it } from "vitest";
import { myLocalMenuLabel, myLocalPlace, radiusToReach } from "@/lib/location/my-local-place";

const toronto = { city: "Toronto", provinceState: "ON", postalCode: "M5V 2T6", radius: 25 };

describe("My Local wording", () => {
  it("names the place with what the viewer gave", () => {
    expect(myLocalPlace(toronto)).toBe("M5V 2T6, Toronto, ON");
    expect(myLocalPlace({ ...toronto, postalCode: null })).toBe("Toronto, ON");
    expect(myLocalPlace({ ...toronto, city: null, provinceState: null })).toBe("M5V 2T6");
  });

  it("shows the place and radius in the menu entry", () => {
    expect(myLocalMenuLabel(null)).toBe("My Local");
    expect(myLocalMenuLabel(toronto)).toBe("My Local: Toronto · 25 km");
    expect(myLocalMenuLabel({ ...toronto, radius: 0 })).toBe("My Local: Toronto · any distance");
    expect(myLocalMenuLabel({ ...toronto, city: null })).toBe("My Local: M5V 2T6 · 25 km");
  });

  it("widens to the slider step that reaches the nearest match, never past the slider", () => {
    expect(radiusToReach(26.2, 5, 50)).toBe(30);
    expect(radiusToReach(30, 5, 50)).toBe(30);
    expect(radiusToReach(0.4, 5, 50)).toBe(5);
    expect(radiusToReach(50.1, 5, 50)).toBeNull();
  });
});
