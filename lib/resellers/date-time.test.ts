import { describe, expect, it } from "vitest";
import { dmyOfPickerValue, parseDmyDateTime, pickerValueOf } from "./date-time";

describe("the transaction filter's dates between the address and the pickers", () => {
  it.each([
    ["2026-11-01T09:30:15", "01/11/2026, 09:30:15"],
    // a browser leaves out zero seconds, and may add milliseconds
    ["2026-11-01T09:30", "01/11/2026, 09:30:00"],
    ["2026-11-30T23:59:59.500", "30/11/2026, 23:59:59"],
    ["", ""],
  ])("writes the picker's %j as %j", (value, dmy) => {
    expect(dmyOfPickerValue(value)).toBe(dmy);
  });

  it("hands anything else on as it is, for the schema to refuse rather than drop", () => {
    expect(dmyOfPickerValue("yesterday")).toBe("yesterday");
    expect(parseDmyDateTime(dmyOfPickerValue("yesterday"))).toBeNull();
  });

  it("gives a picker the address's bound, or nothing when it is not a date", () => {
    expect(pickerValueOf("01/11/2026, 09:30:15")).toBe("2026-11-01T09:30:15");
    expect(pickerValueOf("01/11/2026 09:30:15")).toBe("2026-11-01T09:30:15");
    expect(pickerValueOf("2026-11-01")).toBe("");
    expect(pickerValueOf("31/02/2026, 10:00:00")).toBe("");
  });

  it("reads back what it writes", () => {
    expect(pickerValueOf(dmyOfPickerValue("2024-02-29T12:00:01"))).toBe("2024-02-29T12:00:01");
  });
});
