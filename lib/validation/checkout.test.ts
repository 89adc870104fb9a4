import { describe, expect, it } from "vitest";
import {
  checkoutDeliveryParamsSchema,
  checkoutOptionsSchema,
  deliveryDestinationForCart,
  deliverySchema,
} from "./checkout";
import { errorsOf, parseOk, type MessageRow } from "./test-utils";

const store = {
  deliveryDestination: "store",
  firstName: "Sam",
  lastName: "D'Angelo",
  email: "sam@example.com",
  phone: "(905) 555-0101",
};
const home = {
  ...store,
  deliveryDestination: "home",
  address: "22 Elm St., Apt 4",
  city: "Newmarket",
  provinceState: "ON",
  country: "CA",
  postalCode: "L3Y 4X1",
};

describe("delivery form", () => {
  const rows: MessageRow[] = [
    ["firstName", { firstName: "" }, "Required Field"],
    ["firstName", { firstName: "Sam2" }, "Invalid First Name"],
    ["lastName", { lastName: "" }, "Required Field"],
    ["lastName", { lastName: "D.Angelo" }, "Invalid Last Name"],
    ["email", { email: "" }, "Required Field"],
    ["email", { email: "sam@" }, "Invalid Email"],
    ["phone", { phone: "" }, "Required Field"],
    ["phone", { phone: "905-555-0101" }, "Invalid Phone Number"],
    ["phone", { phone: "555-0101" }, "Invalid Phone Number"],
    ["address", { address: "" }, "Required Field"],
    ["address", { address: "22 Elm St. #4" }, "Invalid Address"],
    ["city", { city: "" }, "Required Field"],
    ["city", { city: "Newmarket 2" }, "Invalid City"],
    ["provinceState", { provinceState: "" }, "Required Field"],
    ["provinceState", { provinceState: "O" }, "Invalid Province/State"],
    ["provinceState", { provinceState: "CA" }, "Invalid Province/State"],
    ["country", { country: "" }, "Required Field"],
    ["country", { country: "C" }, "Invalid Country"],
    ["postalCode", { postalCode: "" }, "Required Field"],
    ["postalCode", { postalCode: "L3Y" }, "Invalid Postal code"],
    ["postalCode", { postalCode: "3LY 4X1" }, "Invalid Postal code"],
    ["postalCode", { country: "US", provinceState: "NY", postalCode: "1234" }, "Invalid Zip code"],
    [
      "postalCode",
      { country: "US", provinceState: "NY", postalCode: "12345-12" },
      "Invalid Zip code",
    ],
  ];

  it.each(rows)("home delivery reports on %s for %j: %s", (field, change, message) => {
    expect(errorsOf(deliverySchema, { ...home, ...change })?.[field]).toEqual([message]);
  });

  it("accepts home delivery, auto-spacing the postal code and formatting a digits-only phone", () => {
    expect(
      parseOk(deliverySchema, {
        ...home,
        postalCode: "l3y4x1",
        phone: "9055550101",
        provinceState: "on",
      }),
    ).toMatchObject({
      postalCode: "L3Y 4X1",
      phone: "(905) 555-0101",
      provinceState: "ON",
      country: "CA",
    });
  });

  it.each(["12345", "12345-6789"])("accepts the US ZIP %s", (postalCode) => {
    expect(
      errorsOf(deliverySchema, {
        ...home,
        country: "United States",
        provinceState: "NY",
        postalCode,
      }),
    ).toBeNull();
  });

  it("asks only who is collecting for store pickup, and drops address fields", () => {
    expect(parseOk(deliverySchema, { ...store, address: "###", postalCode: "bad" })).toEqual({
      deliveryDestination: "store",
      firstName: "Sam",
      lastName: "D'Angelo",
      email: "sam@example.com",
      phone: "(905) 555-0101",
    });
  });

  it("needs a known destination", () => {
    expect(deliverySchema.safeParse({ ...store, deliveryDestination: "moon" }).success).toBe(false);
  });

  it("reports every empty field of home delivery as 'Required Field'", () => {
    const errors = errorsOf(deliverySchema, { deliveryDestination: "home" }) ?? {};
    expect(Object.keys(errors).sort()).toEqual(
      [
        "address",
        "city",
        "country",
        "email",
        "firstName",
        "lastName",
        "phone",
        "postalCode",
        "provinceState",
      ].sort(),
    );
    for (const messages of Object.values(errors)) expect(messages).toEqual(["Required Field"]);
  });
});

describe("checkout options", () => {
  it("needs at least one option on", () => {
    expect(errorsOf(checkoutOptionsSchema, { payInPerson: false, payByCard: false })).toEqual({
      payInPerson: ["You need to enable at least one option."],
    });
    expect(
      errorsOf(checkoutOptionsSchema, { payInPerson: "off", payByCard: "0" })?.payInPerson,
    ).toEqual(["You need to enable at least one option."]);
  });

  it("needs both options sent: a missing one is not reset to its default", () => {
    expect(errorsOf(checkoutOptionsSchema, {})).toEqual({
      payInPerson: ["Required Field"],
      payByCard: ["Required Field"],
    });
    expect(errorsOf(checkoutOptionsSchema, { payByCard: true })).toEqual({
      payInPerson: ["Required Field"],
    });
    expect(errorsOf(checkoutOptionsSchema, { payInPerson: "maybe", payByCard: true })).toEqual({
      payInPerson: ["Invalid Value"],
    });
  });

  it("reads both switches", () => {
    expect(parseOk(checkoutOptionsSchema, { payInPerson: false, payByCard: true })).toEqual({
      payInPerson: false,
      payByCard: true,
    });
  });
});

describe("checkout routing", () => {
  it("goes to home delivery when any cart item has delivery_service 1", () => {
    expect(deliveryDestinationForCart([{ delivery_service: 0 }, { delivery_service: 1 }])).toBe(
      "home",
    );
    expect(deliveryDestinationForCart([{ delivery_service: 0 }])).toBe("store");
    expect(deliveryDestinationForCart([])).toBe("store");
  });

  it("reads the route parameters", () => {
    expect(
      parseOk(checkoutDeliveryParamsSchema, { paymentType: "by_card", destination: "home" }),
    ).toEqual({
      paymentType: "by_card",
      destination: "home",
    });
    expect(
      checkoutDeliveryParamsSchema.safeParse({ paymentType: "cash", destination: "home" }).success,
    ).toBe(false);
  });
});
