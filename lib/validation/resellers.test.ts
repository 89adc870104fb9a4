import { describe, expect, it } from "vitest";
import {
  markTransactionsPaidSchema,
  parseDmyDateTime,
  resellerCreateSchema,
  resellerListQuerySchema,
  resellerTransactionFilterSchema,
  resellerUpdateSchema,
} from "./resellers";
import { errorsOf, parseOk, type MessageRow } from "./test-utils";

const reseller = {
  firstName: "Pat (East)",
  lastName: "Murphy-Jones",
  email: "pat@example.com",
  phone: "",
  rate: "5",
};
const IDENTIFIER = "a".repeat(32);

describe("reseller create and update", () => {
  const rows: MessageRow[] = [
    ["firstName", { firstName: "" }, "Required Field"],
    ["firstName", { firstName: "Pat & Co" }, "Invalid Name"],
    ["lastName", { lastName: "Murphy*" }, "Invalid Name"],
    ["email", { email: "" }, "Required Field"],
    ["email", { email: "pat@example" }, "Invalid Email"],
    ["phone", { phone: "555-1234" }, "Invalid Phone Number"],
    ["rate", { rate: "" }, "Required Field"],
    ["rate", { rate: "5.555" }, "Invalid Rate"],
    ["rate", { rate: "five" }, "Invalid Rate"],
    ["rate", { rate: "-1" }, "Invalid Rate"],
    ["rate", { rate: "1000" }, "Invalid Rate"],
  ];

  it.each(rows)("reports on %s for %j: %s", (field, change, message) => {
    expect(errorsOf(resellerCreateSchema, { ...reseller, ...change })?.[field]).toEqual([message]);
  });

  it("accepts a reseller; the phone is optional, the rate normalised to 2 decimals", () => {
    expect(parseOk(resellerCreateSchema, reseller)).toMatchObject({ phone: null, rate: "5.00" });
    expect(
      parseOk(resellerCreateSchema, { ...reseller, phone: "4165551234", rate: 2.5 }),
    ).toMatchObject({
      phone: "(416) 555-1234",
      rate: "2.50",
    });
  });

  it("updates by a 32-hex identifier", () => {
    expect(parseOk(resellerUpdateSchema, { ...reseller, identifier: IDENTIFIER }).identifier).toBe(
      IDENTIFIER,
    );
    expect(errorsOf(resellerUpdateSchema, { ...reseller, identifier: "123" })).toEqual({
      identifier: ["Invalid Identifier"],
    });
  });

  it("lists by page", () => {
    expect(parseOk(resellerListQuerySchema, {})).toEqual({ page: 1 });
  });
});

describe("reseller transaction filter", () => {
  const filter = {
    page: "1",
    resellerKeyword: "pat@example.com",
    dateFrom: "01/03/2025, 00:00:00",
    dateTo: "31/03/2025, 23:59:59",
  };
  const rows: MessageRow[] = [
    ["resellerKeyword", { resellerKeyword: "pat" }, "Invalid Email"],
    // a bound that is not a date says so; 'Invalid date range' is for a range that runs backwards
    ["dateFrom", { dateFrom: "2025-03-01" }, "Invalid date: use dd/mm/yyyy, hh:mm:ss"],
    ["dateFrom", { dateFrom: "31/02/2025, 10:00:00" }, "Invalid date: use dd/mm/yyyy, hh:mm:ss"],
    ["dateTo", { dateTo: "31/03/2025, 24:00:00" }, "Invalid date: use dd/mm/yyyy, hh:mm:ss"],
    ["dateTo", { dateTo: "31/03/2025" }, "Invalid date: use dd/mm/yyyy, hh:mm:ss"],
    ["dateTo", { dateTo: "28/02/2025, 00:00:00" }, "Invalid date range"],
  ];

  it.each(rows)("reports on %s for %j: %s", (field, change, message) => {
    expect(errorsOf(resellerTransactionFilterSchema, { ...filter, ...change })?.[field]).toEqual([
      message,
    ]);
  });

  it("reads the range as zone-less wall-clock times", () => {
    expect(parseOk(resellerTransactionFilterSchema, filter)).toEqual({
      page: 1,
      resellerKeyword: "pat@example.com",
      dateFrom: "2025-03-01T00:00:00",
      dateTo: "2025-03-31T23:59:59",
    });
  });

  it("lets every filter be left out", () => {
    expect(
      parseOk(resellerTransactionFilterSchema, { resellerKeyword: "", dateFrom: "", dateTo: "" }),
    ).toEqual({
      page: 1,
      resellerKeyword: null,
      dateFrom: null,
      dateTo: null,
    });
  });

  it("parses dd/mm/yyyy, hh:mm:ss with or without the comma, and checks the calendar", () => {
    expect(parseDmyDateTime("29/02/2024, 12:30:00")).toBe("2024-02-29T12:30:00");
    expect(parseDmyDateTime("29/02/2024 12:30:00")).toBe("2024-02-29T12:30:00");
    expect(parseDmyDateTime("29/02/2023, 12:30:00")).toBeNull();
    expect(parseDmyDateTime("1/2/2024, 1:00:00")).toBeNull();
  });
});

describe("mark as paid", () => {
  it("needs at least one transaction id", () => {
    expect(parseOk(markTransactionsPaidSchema, { selectedTrans: [1, "2"] })).toEqual({
      selectedTrans: [1, 2],
    });
    expect(errorsOf(markTransactionsPaidSchema, { selectedTrans: [] })).toEqual({
      selectedTrans: ["Invalid Selection"],
    });
    expect(errorsOf(markTransactionsPaidSchema, {})).toEqual({
      selectedTrans: ["Invalid Selection"],
    });
  });
});
