import { describe, expect, it } from "vitest";
import {
  customerProfileSchema,
  merchantProfileSchema,
  notificationSettingSchema,
  passwordChangeSchema,
  profileImageSchema,
  profileSchemaFor,
} from "./profile";
import { errorsOf, parseOk, type MessageRow } from "./test-utils";

const customer = {
  username: "kim_22",
  firstName: "Kim",
  lastName: "Lee",
  email: "kim@example.com",
  phone: "(647) 555-0199",
  country: "CA",
  currency: "CAD",
};
const merchant = {
  ...customer,
  address: "RR 2, 410 Concession Rd.",
  city: "Uxbridge",
  provinceState: "ON",
  postalCode: "L9P 1R1",
  introduction: `We grow "ugly" veggies - tasty, honest, and local! Questions? Ask_us.`,
};

describe("profile", () => {
  const rows: MessageRow[] = [
    ["username", { username: "" }, "Required Field"],
    [
      "username",
      { username: "Kim22" },
      "Invalid. Please use only numbers, small letters, and underscores",
    ],
    [
      "username",
      { username: "kim-22" },
      "Invalid. Please use only numbers, small letters, and underscores",
    ],
    ["firstName", { firstName: "K1m" }, "Invalid First Name"],
    ["lastName", { lastName: "" }, "Required Field"],
    ["email", { email: "kim@example" }, "Invalid Email"],
    ["phone", { phone: "" }, "Required Field"],
    ["phone", { phone: "6475550199" }, "Invalid Phone Number"],
    ["currency", { currency: "" }, "Required Field"],
    ["currency", { currency: "cad" }, "Invalid Currency"],
    ["currency", { currency: "EUR" }, "Invalid Currency"],
    ["address", { address: "RR 2 / 410" }, "Invalid Address"],
    ["city", { city: "Uxbridge2" }, "Invalid City"],
    ["provinceState", { provinceState: "WA" }, "Invalid Province/State"],
    ["postalCode", { postalCode: "L9P 1R" }, "Invalid Postal code"],
    [
      "introduction",
      { introduction: "Best farm <3" },
      "Invalid. Please do not use any special symbols",
    ],
    [
      "introduction",
      { introduction: "Email: me@farm.ca" },
      "Invalid. Please do not use any special symbols",
    ],
  ];

  it.each(rows)("merchant profile reports on %s for %j: %s", (field, change, message) => {
    expect(errorsOf(merchantProfileSchema, { ...merchant, ...change })?.[field]).toEqual([message]);
  });

  it("a merchant needs the farm's address", () => {
    expect(errorsOf(merchantProfileSchema, { ...merchant, address: "" })?.address).toEqual([
      "Required Field",
    ]);
    expect(
      parseOk(merchantProfileSchema, { ...merchant, introduction: "" }).introduction,
    ).toBeNull();
  });

  it("a customer may leave the address out, but what is given is checked", () => {
    expect(parseOk(customerProfileSchema, customer)).toMatchObject({
      address: null,
      city: null,
      provinceState: null,
      postalCode: null,
    });
    expect(
      errorsOf(customerProfileSchema, { ...customer, country: "US", provinceState: "ON" })
        ?.provinceState,
    ).toEqual(["Invalid Province/State"]);
  });

  it("picks the schema by member type", () => {
    expect(profileSchemaFor("merchant")).toBe(merchantProfileSchema);
    expect(profileSchemaFor("customer")).toBe(customerProfileSchema);
  });
});

describe("profile image", () => {
  const rows: MessageRow[] = [
    [
      "avatarImage",
      { avatarImage: { name: "me.gif", size: 10, type: "image/gif" } },
      "Invalid file uploaded.",
    ],
    ["avatarImage", { avatarImage: { name: "me.heic", size: 10 } }, "Invalid file uploaded."],
    ["avatarImage", { avatarImage: null }, "Invalid file uploaded."],
    [
      "avatarImage",
      { avatarImage: { name: "me.jpg", size: 8 * 1024 * 1024 + 1, type: "image/jpeg" } },
      "Image size is too big.",
    ],
  ];
  it.each(rows)("reports on %s for %j: %s", (field, input, message) => {
    expect(errorsOf(profileImageSchema, input)?.[field]).toEqual([message]);
  });
  it.each(["me.jpg", "me.jpeg", "me.png"])("accepts %s up to 8 MB", (name) => {
    expect(
      errorsOf(profileImageSchema, { avatarImage: { name, size: 8 * 1024 * 1024 } }),
    ).toBeNull();
  });
});

describe("password change", () => {
  const change = {
    currentPassword: "Old-password-1",
    newPassword: "Tomatoes2024!",
    confirmNewPassword: "Tomatoes2024!",
  };
  const rows: MessageRow[] = [
    ["newPassword", { newPassword: "" }, "New Password is empty."],
    ["confirmNewPassword", { confirmNewPassword: "" }, "Confirm New Password is empty."],
    [
      "confirmNewPassword",
      { confirmNewPassword: "Tomatoes2024?" },
      "New Password and Confirm New Password are mismatching.",
    ],
    [
      "newPassword",
      { newPassword: "tomatoes", confirmNewPassword: "tomatoes" },
      "Enter minimum 12 characters with small letter, big letter, numbers, and symbols",
    ],
    ["currentPassword", { currentPassword: "" }, "Current Password is empty."],
  ];
  it.each(rows)("reports on %s for %j: %s", (field, input, message) => {
    expect(errorsOf(passwordChangeSchema, { ...change, ...input })?.[field]).toEqual([message]);
  });
  it("accepts a strong, confirmed new password", () => {
    expect(errorsOf(passwordChangeSchema, change)).toBeNull();
  });
});

describe("notification setting", () => {
  it("reads a type and its allow flag, allowed when missing", () => {
    expect(parseOk(notificationSettingSchema, { type: "promotion", allow: "false" })).toEqual({
      type: "promotion",
      allow: false,
    });
    expect(parseOk(notificationSettingSchema, { type: "order" })).toEqual({
      type: "order",
      allow: true,
    });
    expect(notificationSettingSchema.safeParse({ type: "spam" }).success).toBe(false);
  });
});
