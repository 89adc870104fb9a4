import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { merchantProfileSchema, profileSchemaFor } from "@/lib/validation/profile";
import type { Db } from "@/server/db/client";
import { members, passwordResetTokens, subscriptions } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { createLocalStore, type ImageStore } from "@/server/storage/image-store";
import { pngOfSize, solid } from "@/server/storage/test-images";
import { closeTestDb, createTestDb } from "@/tests/db";
import {
  createCustomer,
  createMerchant,
  createSubscription,
  DEFAULT_PASSWORD,
} from "@/server/db/seed/factories";
import { WRONG_CURRENT_PASSWORD_MESSAGE } from "./current-password";
import { getProfile } from "./get-profile";
import { updateAvatar } from "./update-avatar";
import {
  EMAIL_TAKEN_MESSAGE,
  LOCATION_NOT_FOUND_MESSAGE,
  PASSWORD_FOR_EMAIL_MESSAGE,
  updateProfile,
  USERNAME_TAKEN_MESSAGE,
} from "./update-profile";

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => closeTestDb(db));

/** The field errors of a rejected call, or a failure if it did not fail with a validation error. */
async function fieldErrorsOf(promise: Promise<unknown>): Promise<Record<string, string[]>> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe("validation");
  return (error as AppError).fieldErrors ?? {};
}

function customerInput(overrides: Record<string, unknown> = {}) {
  return profileSchemaFor("customer").parse({
    username: "fresh_kim",
    firstName: "Kim",
    lastName: "Lee",
    email: "kim@example.com",
    phone: "(647) 555-0199",
    country: "US",
    currency: "USD",
    ...overrides,
  });
}

describe("getProfile", () => {
  it("shows a customer without merchant parts and a merchant with Basic when never subscribed", async () => {
    const customer = await createCustomer(db);
    const merchant = await createMerchant(db);
    const c = await getProfile(db, customer.id);
    expect(c).toMatchObject({
      username: customer.username,
      memberType: "customer",
      subscription: null,
      introduction: null,
      avatarImage: null,
    });
    const m = await getProfile(db, merchant.id);
    expect(m.subscription).toEqual({
      subscribed: false,
      plan: "basic",
      state: "none",
      paidPlan: null,
      country: null,
      currency: null,
      serviceExpiresAt: null,
      manageable: false,
    });
    expect(m.checkoutPaymentOptions).toEqual({ payInPerson: true, payByCard: false });
  });

  it("shows an active plan, and a cancelled one as expiring until its end date only", async () => {
    const merchant = await createMerchant(db);
    const sub = await createSubscription(db, { memberId: merchant.id, plan: "harvest" });
    expect((await getProfile(db, merchant.id)).subscription).toMatchObject({
      subscribed: true,
      plan: "harvest",
      country: "canada",
    });

    const ends = new Date("2030-01-01T00:00:00Z");
    await db
      .update(subscriptions)
      .set({ status: "cancelled", serviceExpiresAt: ends })
      .where(eq(subscriptions.id, sub.id));
    expect(
      (await getProfile(db, merchant.id, new Date("2029-12-31T00:00:00Z"))).subscription,
    ).toMatchObject({
      subscribed: true,
      plan: "harvest",
      state: "expiring",
      serviceExpiresAt: ends.toISOString(),
    });
    expect(
      (await getProfile(db, merchant.id, new Date("2030-01-02T00:00:00Z"))).subscription,
    ).toMatchObject({
      subscribed: false,
      plan: "basic",
      state: "expired",
      paidPlan: "harvest",
      serviceExpiresAt: ends.toISOString(),
    });
  });
});

describe("updateProfile", () => {
  it("saves the details, and the currency follows the country whatever was sent", async () => {
    const customer = await createCustomer(db, { country: "CA" });
    const profile = await updateProfile(db, {
      memberId: customer.id,
      input: customerInput({
        username: `kim_${customer.id}`,
        email: `kim${customer.id}@example.com`,
        currency: "CAD",
        currentPassword: DEFAULT_PASSWORD,
      }),
    });
    expect(profile).toMatchObject({
      username: `kim_${customer.id}`,
      country: "US",
      currency: "USD",
      phone: "(647) 555-0199",
      address: null,
    });
  });

  it("refuses a username and an email someone else has, on their fields", async () => {
    const other = await createCustomer(db, { email: "Taken.Person@example.com" });
    const me = await createCustomer(db);
    const errors = await fieldErrorsOf(
      updateProfile(db, {
        memberId: me.id,
        input: customerInput({
          username: other.username,
          email: "taken.person@example.com",
          currentPassword: DEFAULT_PASSWORD,
        }),
      }),
    );
    expect(errors).toEqual({ username: [USERNAME_TAKEN_MESSAGE], email: [EMAIL_TAKEN_MESSAGE] });
  });

  // Issue 43, defect 2: the profile form told a session whether any email had an account.
  it("says nothing about a new email before the current password, and counts the tries", async () => {
    const other = await createCustomer(db, { email: "someone.else@example.com" });
    const me = await createCustomer(db);
    const change = (email: string, currentPassword?: string) =>
      fieldErrorsOf(
        updateProfile(db, {
          memberId: me.id,
          input: customerInput({ username: me.username, email, currentPassword }),
        }),
      );
    const taken = await change(other.email);
    const free = await change(`nobody.${me.id}@example.com`);
    expect(taken).toEqual({ currentPassword: [PASSWORD_FOR_EMAIL_MESSAGE] });
    expect(free).toEqual(taken);
    expect(await change(other.email, "Wrong-password-1")).toEqual({
      currentPassword: [WRONG_CURRENT_PASSWORD_MESSAGE],
    });
    // With the password the owner learns it, and only 10 times in 15 minutes.
    expect(await change(other.email, DEFAULT_PASSWORD)).toEqual({ email: [EMAIL_TAKEN_MESSAGE] });
    for (let i = 0; i < 9; i++)
      await change(`try.${i}.${other.email}`, DEFAULT_PASSWORD).catch(() => null);
    const refused = await updateProfile(db, {
      memberId: me.id,
      input: customerInput({
        username: me.username,
        email: other.email,
        currentPassword: DEFAULT_PASSWORD,
      }),
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(429);
  });

  it("changes the email only with the current password, and spends reset links sent before", async () => {
    const me = await createCustomer(db);
    await db.insert(passwordResetTokens).values({
      memberId: me.id,
      tokenHash: `old-link-${me.id}`,
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    });
    const moved = (currentPassword?: string) =>
      updateProfile(db, {
        memberId: me.id,
        input: customerInput({
          username: me.username,
          email: `new.${me.id}@example.com`,
          currentPassword,
        }),
      });
    expect(await fieldErrorsOf(moved())).toEqual({
      currentPassword: [PASSWORD_FOR_EMAIL_MESSAGE],
    });
    expect(await fieldErrorsOf(moved("Wrong-password-1"))).toEqual({
      currentPassword: [WRONG_CURRENT_PASSWORD_MESSAGE],
    });
    const [unchanged] = await db.select().from(members).where(eq(members.id, me.id));
    expect(unchanged!.email).toBe(me.email);

    expect((await moved(DEFAULT_PASSWORD)).email).toBe(`new.${me.id}@example.com`);
    const links = await db
      .select({ usedAt: passwordResetTokens.usedAt })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.memberId, me.id));
    expect(links.map((l) => l.usedAt !== null)).toEqual([true]);
  });

  it("lets members keep their own username and email", async () => {
    const me = await createCustomer(db);
    const profile = await updateProfile(db, {
      memberId: me.id,
      input: customerInput({ username: me.username, email: me.email, firstName: "Renamed" }),
    });
    expect(profile.firstName).toBe("Renamed");
  });

  it("places a merchant's farm again when the address changes", async () => {
    const merchant = await createMerchant(db, { latitude: 10, longitude: 10 });
    const input = merchantProfileSchema.parse({
      username: merchant.username,
      firstName: merchant.firstName,
      lastName: merchant.lastName,
      email: merchant.email,
      phone: merchant.phone,
      country: "CA",
      currency: "CAD",
      address: "1 Main Street",
      city: "Guelph",
      provinceState: "ON",
      postalCode: "N1H 3T9",
      introduction: "Apples and pears.",
    });
    await updateProfile(db, { memberId: merchant.id, input });
    const [row] = await db.select().from(members).where(eq(members.id, merchant.id));
    expect(row!.latitude).toBeCloseTo(43.55, 0);
    expect(row!.longitude).toBeCloseTo(-80.25, 0);
    expect(row!.introduction).toBe("Apples and pears.");
  });

  it("refuses a merchant address that cannot be placed, changing nothing", async () => {
    const merchant = await createMerchant(db);
    const geocoder = vi.fn(async () => null);
    const input = merchantProfileSchema.parse({
      username: merchant.username,
      firstName: "Changed",
      lastName: merchant.lastName,
      email: merchant.email,
      phone: merchant.phone,
      country: "CA",
      currency: "CAD",
      address: "9 Nowhere Lane",
      city: "Nowhere",
      provinceState: "ON",
      postalCode: "K0K 0K0",
      introduction: null,
    });
    expect(
      await fieldErrorsOf(updateProfile(db, { memberId: merchant.id, input, geocoder })),
    ).toEqual({
      postalCode: [LOCATION_NOT_FOUND_MESSAGE],
    });
    const [row] = await db.select().from(members).where(eq(members.id, merchant.id));
    expect(row!.firstName).toBe(merchant.firstName);
    expect(row!.latitude).toBe(merchant.latitude);
  });

  it("does not geocode a merchant whose address did not change, nor a customer", async () => {
    const merchant = await createMerchant(db);
    const geocoder = vi.fn(async () => null);
    const input = merchantProfileSchema.parse({
      ...merchant,
      currency: "CAD",
      introduction: "New words",
    });
    await updateProfile(db, { memberId: merchant.id, input, geocoder });
    const customer = await createCustomer(db);
    await updateProfile(db, {
      memberId: customer.id,
      input: customerInput({
        username: `c_${customer.id}`,
        email: `c${customer.id}@example.com`,
        currentPassword: DEFAULT_PASSWORD,
        address: "1 Main Street",
        city: "Guelph",
        provinceState: "ON",
        postalCode: "N1H 3T9",
        country: "CA",
      }),
      geocoder,
    });
    expect(geocoder).not.toHaveBeenCalled();
  });

  it("keeps the profile's own username message", () => {
    const result = profileSchemaFor("customer").safeParse({ username: "Bad-Name" });
    expect(result.success).toBe(false);
    expect(result.error!.issues.find((i) => i.path[0] === "username")?.message).toBe(
      "Invalid. Please use only numbers, small letters, and underscores",
    );
  });
});

describe("updateAvatar", () => {
  let dir: string;
  let store: ImageStore;
  const files = async () =>
    (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "avatar-"));
    store = createLocalStore(dir);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("stores a PNG re-encoded, points the profile at it, and removes the previous image", async () => {
    const member = await createCustomer(db);
    const first = await updateAvatar(db, {
      memberId: member.id,
      bytes: await solid(300, 300).png().toBuffer(),
      store,
    });
    expect(first.avatarImage).toMatch(/^\/uploads\/avatar\/[0-9a-f]{32}-sm\.webp$/);
    expect(await files()).toBe(2);
    const second = await updateAvatar(db, {
      memberId: member.id,
      bytes: await solid(300, 300).jpeg().toBuffer(),
      store,
    });
    expect(second.avatarImage).not.toBe(first.avatarImage);
    expect(await files()).toBe(2);
    const [row] = await db
      .select({ avatar: members.avatarImage })
      .from(members)
      .where(eq(members.id, member.id));
    expect(second.avatarImage).toContain(row!.avatar!);
  });

  it.each([
    ["a GIF", () => solid(20, 20).gif().toBuffer(), "Invalid file uploaded."],
    [
      "a text file named like an image",
      async () => Buffer.from("<?php echo 1; ?>"),
      "Invalid file uploaded.",
    ],
    ["a 9 MB PNG", () => pngOfSize(9 * 1024 * 1024), "Image size is too big."],
  ])("refuses %s and stores nothing", async (_, make, message) => {
    const member = await createCustomer(db);
    const errors = await fieldErrorsOf(
      updateAvatar(db, { memberId: member.id, bytes: await make(), store }),
    );
    expect(errors).toEqual({ avatarImage: [message] });
    expect(await files()).toBe(0);
    const [row] = await db
      .select({ avatar: members.avatarImage })
      .from(members)
      .where(eq(members.id, member.id));
    expect(row!.avatar).toBeNull();
  });

  it("accepts an image of exactly 8 MB", async () => {
    const member = await createCustomer(db);
    await updateAvatar(db, { memberId: member.id, bytes: await pngOfSize(8 * 1024 * 1024), store });
    expect(await files()).toBe(2);
  });
});
