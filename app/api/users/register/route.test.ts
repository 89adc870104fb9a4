import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const testState = vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET = "register-route-test-secret-register-route-01";
  return { db: undefined as unknown };
});
vi.mock(import("@/server/db/client"), async (importOriginal) => ({
  ...(await importOriginal()),
  getDb: async () => testState.db as Db,
}));
vi.mock(import("@/server/email"), async (importOriginal) => ({
  ...(await importOriginal()),
  sendWelcomeEmail: async () => {},
}));

import { POST as registerMerchantRoute } from "@/app/api/merchants/register/route";
import { POST as registerCustomerRoute } from "@/app/api/users/register/route";
import type { Db } from "@/server/db/client";
import { closeTestDb, createTestDb } from "@/tests/db";
import { createCustomer, createReseller } from "@/tests/factories";

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
  testState.db = db;
});
afterAll(() => closeTestDb(db));

const ctx = { params: Promise.resolve({}) };
const post = (path: string, body: unknown) =>
  new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

const customer = {
  username: "fresh_route_user",
  firstName: "Mia",
  lastName: "Roy",
  phone: "(647) 555-0101",
  country: "CA",
  email: "fresh.route@example.com",
  password: "Fresh-Carrots-2026!",
  cPassword: "Fresh-Carrots-2026!",
};

describe("POST /api/users/register", () => {
  it("answers 201 with the spec's message", async () => {
    const response = await registerCustomerRoute(post("/api/users/register", customer), ctx);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      message: "Thanks for signing up! Now you can log in.",
    });
  });

  it("answers 422 with every field's messages", async () => {
    const response = await registerCustomerRoute(
      post("/api/users/register", {
        ...customer,
        username: "Bad Name",
        email: "x",
        cPassword: "different",
        firstName: "",
      }),
      ctx,
    );
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: "Please check the form.",
      errors: {
        username: ["Use small letters, numbers, or underscore without space."],
        firstName: ["Required Field"],
        email: ["Invalid Email"],
        cPassword: ["Passwords are not matching."],
      },
    });
  });

  it("answers 422 on the field for a taken username", async () => {
    const existing = await createCustomer(db);
    const response = await registerCustomerRoute(
      post("/api/users/register", {
        ...customer,
        username: existing.username,
        email: "other.one@example.com",
      }),
      ctx,
    );
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: "Please check the form.",
      errors: { username: ["This username is already taken."] },
    });
  });
});

describe("POST /api/merchants/register", () => {
  const merchant = {
    ...customer,
    username: "farm_route_user",
    email: "farm.route@example.com",
    address: "88 Side Road",
    city: "Guelph",
    provinceState: "ON",
    postalCode: "N1H 6J2",
  };

  it("answers 201 for a farmer with a reseller's ak", async () => {
    const reseller = await createReseller(db);
    const response = await registerMerchantRoute(
      post("/api/merchants/register", { ...merchant, ak: reseller.identifier }),
      ctx,
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      message: "Thanks for signing up! Now you can log in.",
    });
  });

  it("answers 422 for a malformed ak", async () => {
    const response = await registerMerchantRoute(
      post("/api/merchants/register", {
        ...merchant,
        username: "farm_two",
        email: "farm.two@example.com",
        ak: "abc",
      }),
      ctx,
    );
    expect(response.status).toBe(422);
    expect((await response.json()).errors).toEqual({
      ak: ["Something went wrong. Please check your url."],
    });
  });
});
