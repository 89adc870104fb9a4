import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const sendWelcomeEmail = vi.hoisted(() => vi.fn(async () => {}));
vi.mock(import("@/server/email"), async (importOriginal) => ({
  ...(await importOriginal()),
  sendWelcomeEmail,
}));

import {
  customerRegistrationSchema,
  merchantRegistrationSchema,
  type CustomerRegistrationInput,
  type MerchantRegistrationInput,
} from "@/lib/validation/accounts";
import { verifyPassword } from "@/server/auth/password";
import type { Db } from "@/server/db/client";
import { emailOutbox, members } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import type { GeocodeResult } from "@/server/geo";
import {
  USERNAME_TAKEN_MESSAGE,
  findReferrer,
  registerCustomer,
  registerMerchant,
} from "@/server/members";
import { LOCATION_NOT_FOUND_MESSAGE } from "@/server/members/register-merchant";
import { closeTestDb, createTestDb } from "@/tests/db";
import { createCustomer, createReseller } from "@/server/db/seed/factories";

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => closeTestDb(db));
beforeEach(() => sendWelcomeEmail.mockClear());

const PASSWORD = "Fresh-Carrots-2026!";
let n = 0;
function customerInput(
  overrides: Partial<CustomerRegistrationInput> = {},
): CustomerRegistrationInput {
  n += 1;
  return {
    username: `new_member_${n}`,
    firstName: "Anne",
    lastName: "O'Neil",
    phone: "(416) 555-0199",
    country: "CA",
    email: `new.member.${n}@example.com`,
    password: PASSWORD,
    cPassword: PASSWORD,
    ...overrides,
  };
}

function merchantInput(
  overrides: Partial<MerchantRegistrationInput> = {},
): MerchantRegistrationInput {
  return {
    ...customerInput(),
    address: "12 Concession Road 4",
    city: "Guelph",
    provinceState: "ON",
    postalCode: "n1h6j2",
    ...overrides,
  };
}

const GUELPH: GeocodeResult = {
  latitude: 43.54,
  longitude: -80.25,
  city: "Guelph",
  provinceState: "ON",
  country: "CA",
  precision: "fsa",
  approximate: false,
};
const found = async () => GUELPH;
const nothing = async () => null;

async function fieldErrors(
  promise: Promise<unknown>,
): Promise<Record<string, string[]> | undefined> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(422);
  return (error as AppError).fieldErrors;
}

describe("registration input (the schema the form and the route share)", () => {
  it.each([
    ["username", "Bad Name", "Use small letters, numbers, or underscore without space."],
    ["username", "", "Required Field"],
    ["firstName", "J0hn", "Invalid First Name"],
    ["lastName", "Sm!th", "Invalid Last Name"],
    ["phone", "4165550199", "Invalid Phone Number"],
    ["email", "not-an-email", "Invalid Email"],
    ["email", "", "Required Field"],
    [
      "password",
      "short",
      "Enter minimum 12 characters with small letter, big letter, numbers, and symbols (!@#$%^*)",
    ],
    ["cPassword", "Something-else-1!", "Passwords are not matching."],
    ["cPassword", "", "Required Field"],
  ] as const)("%s = %j gives %j", (field, value, message) => {
    const result = customerRegistrationSchema.safeParse(customerInput({ [field]: value }));
    expect(result.success).toBe(false);
    const issues = result.error!.issues.filter((i) => i.path[0] === field).map((i) => i.message);
    expect(issues).toContain(message);
  });

  it.each([
    ["address", "12 <script>", "Invalid Address"],
    ["city", "Gu3lph", "Invalid City"],
    ["postalCode", "12345", "Invalid Postal code"],
    ["ak", "not-hex", "Something went wrong. Please check your url."],
  ] as const)("merchant %s = %j gives %j", (field, value, message) => {
    const result = merchantRegistrationSchema.safeParse(merchantInput({ [field]: value }));
    expect(result.success).toBe(false);
    expect(result.error!.issues.filter((i) => i.path[0] === field).map((i) => i.message)).toContain(
      message,
    );
  });
});

describe("registerCustomer", () => {
  it("creates a customer with a hashed password and the country's currency, and sends the welcome mail", async () => {
    const input = customerRegistrationSchema.parse(
      customerInput({ country: "US", email: "Mixed.Case@Example.com" }),
    );
    const created = (await registerCustomer(db, input))!;
    const [row] = await db.select().from(members).where(eq(members.id, created.id));
    expect(row).toMatchObject({
      memberType: "customer",
      country: "US",
      currency: "USD",
      email: "mixed.case@example.com",
      resellerId: null,
    });
    expect(row!.passwordHash).not.toContain(PASSWORD);
    expect(await verifyPassword(row!.passwordHash, PASSWORD)).toBe(true);
    expect(sendWelcomeEmail).toHaveBeenCalledWith(
      db,
      expect.objectContaining({ id: created.id, memberType: "customer" }),
    );
  });

  it("refuses a taken username as a field error, and then says nothing about the email", async () => {
    const existing = await createCustomer(db);
    const input = customerRegistrationSchema.parse(
      customerInput({ username: existing.username, email: existing.email.toUpperCase() }),
    );
    expect(await fieldErrors(registerCustomer(db, input))).toEqual({
      username: [USERNAME_TAKEN_MESSAGE],
    });
    expect(sendWelcomeEmail).not.toHaveBeenCalled();
  });

  // Decision 0023: the answer never tells whether an email has an account; its owner is told.
  it("creates nothing for a taken email (any case), sends no welcome, and mails the owner", async () => {
    const existing = await createCustomer(db);
    const before = await db.$count(members);
    const input = customerRegistrationSchema.parse(
      customerInput({ email: existing.email.toUpperCase() }),
    );
    expect(await registerCustomer(db, input)).toBeNull();
    expect(await db.$count(members)).toBe(before);
    expect(sendWelcomeEmail).not.toHaveBeenCalled();
    const mails = await db
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(eq(emailOutbox.to, existing.email));
    expect(mails.map((m) => m.subject)).toContain("Someone tried to sign up with your email");
  });

  it("mails an owner at most 3 times an hour however many sign-ups try the email", async () => {
    const existing = await createCustomer(db);
    for (let i = 0; i < 5; i++)
      expect(
        await registerCustomer(
          db,
          customerRegistrationSchema.parse(customerInput({ email: existing.email })),
        ),
      ).toBeNull();
    expect(await db.$count(emailOutbox, eq(emailOutbox.to, existing.email))).toBe(3);
  });

  it("turns a lost race on the unique index into the username error, or the silent answer for an email", async () => {
    const input = customerRegistrationSchema.parse(customerInput());
    const sameName = await Promise.allSettled([
      registerCustomer(db, input),
      registerCustomer(db, { ...input, email: `other.${input.email}` }),
    ]);
    expect(sameName.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = sameName.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(AppError);
    expect((rejected.reason as AppError).status).toBe(422);

    const other = customerRegistrationSchema.parse(customerInput());
    const sameEmail = await Promise.all([
      registerCustomer(db, other),
      registerCustomer(db, { ...other, username: `${other.username}_2` }),
    ]);
    expect(sameEmail.filter((m) => m === null)).toHaveLength(1);
    expect(await db.$count(members, eq(members.email, other.email))).toBe(1);
  });
});

describe("findReferrer", () => {
  // Issue 42, item 11: the farm registering through a reseller's link sees who referred it.
  it("names the reseller of a link, and nobody for a key no reseller has", async () => {
    const reseller = await createReseller(db, { firstName: "Ana", lastName: "Lopes" });
    expect(await findReferrer(db, reseller.identifier.toUpperCase())).toEqual({
      id: reseller.id,
      name: "Ana Lopes",
    });
    expect(await findReferrer(db, "0123456789abcdef0123456789abcdef")).toBeNull();
    expect(await findReferrer(db, "not-a-key")).toBeNull();
  });
});

describe("registerMerchant", () => {
  it("places the farm on the map and stores the formatted postal code", async () => {
    const input = merchantRegistrationSchema.parse(merchantInput());
    const created = (await registerMerchant(db, input, { geocoder: found }))!;
    const [row] = await db.select().from(members).where(eq(members.id, created.id));
    expect(row).toMatchObject({
      memberType: "merchant",
      postalCode: "N1H 6J2",
      provinceState: "ON",
      latitude: GUELPH.latitude,
      longitude: GUELPH.longitude,
      resellerId: null,
    });
  });

  it("geocodes with the real offline tables", async () => {
    const input = merchantRegistrationSchema.parse(
      merchantInput({ postalCode: "M5V 2T6", city: "Toronto" }),
    );
    const created = (await registerMerchant(db, input))!;
    const [row] = await db.select().from(members).where(eq(members.id, created.id));
    expect(row!.latitude).toBeCloseTo(43.6, 0);
  });

  it("links the merchant to the reseller of a valid ak (any case)", async () => {
    const reseller = await createReseller(db);
    const input = merchantRegistrationSchema.parse(
      merchantInput({ ak: reseller.identifier.toUpperCase() }),
    );
    const created = (await registerMerchant(db, input, { geocoder: found }))!;
    const [row] = await db.select().from(members).where(eq(members.id, created.id));
    expect(row!.resellerId).toBe(reseller.id);
  });

  it("refuses an ak no reseller has with the url message", async () => {
    const input = merchantRegistrationSchema.parse(
      merchantInput({ ak: "0123456789abcdef0123456789abcdef" }),
    );
    expect(await fieldErrors(registerMerchant(db, input, { geocoder: found }))).toEqual({
      ak: ["Something went wrong. Please check your url."],
    });
  });

  it("puts 'Location not found' on the postal code when the address cannot be placed", async () => {
    const input = merchantRegistrationSchema.parse(merchantInput());
    expect(await fieldErrors(registerMerchant(db, input, { geocoder: nothing }))).toEqual({
      postalCode: [LOCATION_NOT_FOUND_MESSAGE],
    });
  });
});
