import { describe, expect, it } from "vitest";
import {
  adminSetPasswordSchema,
  customerRegistrationSchema,
  forgotPasswordSchema,
  loginSchema,
  merchantRegisterQuerySchema,
  merchantRegistrationSchema,
  resetPasswordSchema,
} from "./accounts";
import { errorsOf, parseOk, type MessageRow } from "./test-utils";

const customer = {
  username: "jane_doe1",
  firstName: "Jane",
  lastName: "O'Neil",
  phone: "(416) 555-1234",
  country: "CA",
  email: "jane@example.com",
  password: "Tomatoes2024!",
  cPassword: "Tomatoes2024!",
};

const merchant = {
  ...customer,
  address: "12 Orchard Rd., Unit 3",
  city: "St. Catharines",
  provinceState: "ON",
  postalCode: "L2R 7K6",
};

const AK = "0123456789abcdef0123456789ABCDEF";

describe("customer registration", () => {
  const rows: MessageRow[] = [
    ["username", { username: "" }, "Required Field"],
    [
      "username",
      { username: "Jane Doe" },
      "Use small letters, numbers, or underscore without space.",
    ],
    ["firstName", { firstName: "" }, "Required Field"],
    ["firstName", { firstName: "J4ne" }, "Invalid First Name"],
    ["lastName", { lastName: "   " }, "Required Field"],
    ["lastName", { lastName: "Smith-Jones" }, "Invalid Last Name"],
    ["phone", { phone: "" }, "Required Field"],
    ["phone", { phone: "416-555-1234" }, "Invalid Phone Number"],
    ["country", { country: "" }, "Required Field"],
    ["country", { country: "France" }, "Invalid Country"],
    ["email", { email: undefined }, "Required Field"],
    ["email", { email: "jane@example" }, "Invalid Email"],
    ["email", { email: "jane doe@example.com" }, "Invalid Email"],
    ["password", { password: "" }, "Required Field"],
    [
      "password",
      { password: "short1!A", cPassword: "short1!A" },
      "Enter minimum 12 characters with small letter, big letter, numbers, and symbols (!@#$%^*)",
    ],
    [
      "password",
      { password: "nouppercase12!", cPassword: "nouppercase12!" },
      "Enter minimum 12 characters with small letter, big letter, numbers, and symbols (!@#$%^*)",
    ],
    [
      "password",
      { password: "NoSymbolHere123", cPassword: "NoSymbolHere123" },
      "Enter minimum 12 characters with small letter, big letter, numbers, and symbols (!@#$%^*)",
    ],
    ["cPassword", { cPassword: "" }, "Required Field"],
    ["cPassword", { cPassword: "Tomatoes2024?" }, "Passwords are not matching."],
  ];

  it.each(rows)("reports on %s for %j: %s", (field, change, message) => {
    expect(errorsOf(customerRegistrationSchema, { ...customer, ...change })?.[field]).toContain(
      message,
    );
  });

  it("accepts a valid member and derives the currency from the country", () => {
    expect(parseOk(customerRegistrationSchema, customer)).toMatchObject({
      country: "CA",
      currency: "CAD",
    });
    expect(
      parseOk(customerRegistrationSchema, { ...customer, country: "United States" }),
    ).toMatchObject({
      country: "US",
      currency: "USD",
    });
  });

  it("shows every problem at once, one message per field", () => {
    const errors = errorsOf(customerRegistrationSchema, {});
    expect(Object.keys(errors ?? {}).sort()).toEqual(
      [
        "cPassword",
        "country",
        "email",
        "firstName",
        "lastName",
        "password",
        "phone",
        "username",
      ].sort(),
    );
    for (const messages of Object.values(errors ?? {}))
      expect(messages).toEqual(["Required Field"]);
  });

  it("straightens a phone keyboard's apostrophe and accepts accented names", () => {
    expect(
      parseOk(customerRegistrationSchema, { ...customer, firstName: "Zoë", lastName: "O’Brien" }),
    ).toMatchObject({
      firstName: "Zoë",
      lastName: "O'Brien",
    });
  });

  it("trims and lowercases the email, never trims the password", () => {
    const out = parseOk(customerRegistrationSchema, {
      ...customer,
      email: "  Jane@Example.COM ",
      password: " Tomatoes2024!",
      cPassword: " Tomatoes2024!",
    });
    expect(out.email).toBe("jane@example.com");
    expect(out.password).toBe(" Tomatoes2024!");
  });

  it("counts any non-alphanumeric character as the symbol", () => {
    expect(
      errorsOf(customerRegistrationSchema, {
        ...customer,
        password: "Tomatoes2024~",
        cPassword: "Tomatoes2024~",
      }),
    ).toBeNull();
  });
});

describe("farmer registration", () => {
  const rows: MessageRow[] = [
    ["address", { address: "" }, "Required Field"],
    ["address", { address: "12 Main St #4" }, "Invalid Address"],
    ["city", { city: "" }, "Required Field"],
    ["city", { city: "Toronto 2" }, "Invalid City"],
    ["provinceState", { provinceState: "" }, "Required Field"],
    ["provinceState", { provinceState: "Ont" }, "Invalid Province/State"],
    ["provinceState", { provinceState: "NY" }, "Invalid Province/State"],
    ["postalCode", { postalCode: "" }, "Required Field"],
    ["postalCode", { postalCode: "123 456" }, "Invalid Postal code"],
    ["postalCode", { country: "US", provinceState: "NY", postalCode: "1234" }, "Invalid Zip code"],
    [
      "postalCode",
      { country: "US", provinceState: "NY", postalCode: "L2R 7K6" },
      "Invalid Zip code",
    ],
    ["ak", { ak: "not-hex" }, "Something went wrong. Please check your url."],
    ["ak", { ak: AK.slice(1) }, "Something went wrong. Please check your url."],
  ];

  it.each(rows)("reports on %s for %j: %s", (field, change, message) => {
    expect(errorsOf(merchantRegistrationSchema, { ...merchant, ...change })?.[field]).toContain(
      message,
    );
  });

  it("accepts a Canadian farm and reformats a 6-character postal code with a space", () => {
    expect(
      parseOk(merchantRegistrationSchema, {
        ...merchant,
        postalCode: "l2r7k6",
        provinceState: "on",
      }),
    ).toMatchObject({
      postalCode: "L2R 7K6",
      provinceState: "ON",
      currency: "CAD",
      ak: null,
    });
  });

  it("accepts the first half of a Canadian postal code alone", () => {
    expect(parseOk(merchantRegistrationSchema, { ...merchant, postalCode: "L2R" }).postalCode).toBe(
      "L2R",
    );
  });

  it.each(["10001", "10001-1234"])("accepts the US ZIP %s", (zip) => {
    expect(
      parseOk(merchantRegistrationSchema, {
        ...merchant,
        country: "US",
        provinceState: "NY",
        postalCode: zip,
      }),
    ).toMatchObject({
      postalCode: zip,
      currency: "USD",
    });
  });

  it.each(["DC", "PR", "GU", "VI", "AS", "MP"])(
    "accepts the US district or territory %s",
    (code) => {
      expect(
        errorsOf(merchantRegistrationSchema, {
          ...merchant,
          country: "US",
          provinceState: code,
          postalCode: "00901",
        }),
      ).toBeNull();
    },
  );

  it("keeps a valid reseller key in small letters", () => {
    expect(parseOk(merchantRegistrationSchema, { ...merchant, ak: AK }).ak).toBe(AK.toLowerCase());
    expect(parseOk(merchantRegisterQuerySchema, { ak: AK }).ak).toBe(AK.toLowerCase());
    expect(errorsOf(merchantRegisterQuerySchema, { ak: "xyz" })?.ak).toEqual([
      "Something went wrong. Please check your url.",
    ]);
    expect(parseOk(merchantRegisterQuerySchema, {}).ak).toBeNull();
  });
});

describe("sign-in and password recovery", () => {
  it("login needs an email and a password", () => {
    expect(errorsOf(loginSchema, { email: "", password: "" })).toEqual({
      email: ["Required Field"],
      password: ["Required Field"],
    });
    expect(errorsOf(loginSchema, { email: "a@b.co", password: "x" })).toBeNull();
  });

  const forgotRows: MessageRow[] = [
    ["email", { email: "" }, "Required Field"],
    ["email", { email: "no-at-sign.com" }, "Invalid Email"],
    ["email", { email: "a@nodot" }, "Invalid Email"],
  ];
  it.each(forgotRows)("forgot password reports on %s for %j: %s", (field, input, message) => {
    expect(errorsOf(forgotPasswordSchema, input)?.[field]).toEqual([message]);
  });
  it("forgot password accepts text@text.text", () => {
    expect(parseOk(forgotPasswordSchema, { email: "a@b.co" })).toEqual({ email: "a@b.co" });
  });

  const reset = { password: "Tomatoes2024!", cPassword: "Tomatoes2024!", code: "abcDEF123_-xyz" };
  const resetRows: MessageRow[] = [
    ["password", { password: "" }, "Required Field"],
    [
      "password",
      { password: "weakpassword", cPassword: "weakpassword" },
      "Enter minimum 12 characters with small letter, big letter, numbers, and symbols",
    ],
    ["cPassword", { cPassword: "Tomatoes2025!" }, "Passwords are not matching."],
    ["cPassword", { cPassword: "" }, "Required Field"],
    ["code", { code: "" }, "Required Field"],
  ];
  it.each(resetRows)("reset password reports on %s for %j: %s", (field, change, message) => {
    expect(errorsOf(resetPasswordSchema, { ...reset, ...change })?.[field]).toEqual([message]);
  });
  it("reset password accepts a strong matching password", () => {
    expect(errorsOf(resetPasswordSchema, reset)).toBeNull();
  });

  it("the admin password reset follows the registration rule", () => {
    expect(errorsOf(adminSetPasswordSchema, { userId: "7", password: "weak" })?.password).toEqual([
      "Enter minimum 12 characters with small letter, big letter, numbers, and symbols (!@#$%^*)",
    ]);
    expect(parseOk(adminSetPasswordSchema, { userId: "7", password: "Tomatoes2024!" })).toEqual({
      userId: 7,
      password: "Tomatoes2024!",
    });
  });
});
