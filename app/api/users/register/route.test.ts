import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Counts the argon2 work each request does: that is what makes two answers take as long, and a
// count does not depend on how busy the machine is (a timing did, and failed CI under load).
const argon = vi.hoisted(() => ({ verifies: 0, hashes: 0 }));
vi.mock(import("@node-rs/argon2"), async (importOriginal) => {
  const actual = await importOriginal();
  return {
    ...actual,
    verify: ((...args: Parameters<typeof actual.verify>) => {
      argon.verifies += 1;
      return actual.verify(...args);
    }) as typeof actual.verify,
    hash: ((...args: Parameters<typeof actual.hash>) => {
      argon.hashes += 1;
      return actual.hash(...args);
    }) as typeof actual.hash,
  };
});
const sendMail = vi.hoisted(() => vi.fn(async () => {}));
vi.mock(import("@/server/email"), async (importOriginal) => ({
  ...(await importOriginal()),
  sendWelcomeEmail: async () => {},
  sendMail,
}));

import { POST as registerMerchantRoute } from "@/app/api/merchants/register/route";
import { POST as registerCustomerRoute } from "@/app/api/users/register/route";
import type { Db } from "@/server/db/client";
import { stampedHeadersForTest } from "@/server/base/connection";
import { REGISTRATION_LIMIT } from "@/server/members/registration-limit";
import { clearRateLimitMemoryForTest, consumeRateLimit } from "@/server/rate-limit";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import { createCustomer, createReseller } from "@/server/db/seed/factories";

let db: Db;
beforeAll(async () => {
  db = await createRouteTestDb();
});
afterAll(() => closeTestDb(db));

const ctx = { params: Promise.resolve({}) };
/** A POST as the server sees it; with `address`, from a client connected from there (decision 0018). */
const post = (path: string, body: unknown, address?: string) =>
  new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: address
      ? stampedHeadersForTest(address, { "content-type": "application/json" })
      : { "content-type": "application/json" },
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
      requestId: expect.any(String),
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
      requestId: expect.any(String),
    });
  });
});

// Issue 22 item 7, decision 0023.
describe("registration and existing emails", () => {
  let n = 0;
  const fresh = () => {
    n += 1;
    return { ...customer, username: `enum_probe_${n}`, email: `enum.probe.${n}@example.com` };
  };

  it("answers a taken email exactly like a free one, and mails the owner instead", async () => {
    const existing = await createCustomer(db);
    sendMail.mockClear();
    const free = await registerCustomerRoute(post("/api/users/register", fresh()), ctx);
    const taken = await registerCustomerRoute(
      post("/api/users/register", { ...fresh(), email: existing.email.toUpperCase() }),
      ctx,
    );
    expect(taken.status).toBe(free.status);
    expect(taken.status).toBe(201);
    expect(await taken.text()).toBe(await free.text());
    expect([...taken.headers.keys()].sort()).toEqual([...free.headers.keys()].sort());
    expect(sendMail).toHaveBeenCalledTimes(1);
    expect(sendMail).toHaveBeenCalledWith(
      db,
      expect.objectContaining({
        to: existing.email,
        subject: "Someone tried to sign up with your email",
      }),
    );
  });

  it("takes as long for a taken email as for a free one: one argon2 hash either way", async () => {
    const existing = await createCustomer(db);
    const work = async (body: object) => {
      const before = { ...argon };
      const response = await registerCustomerRoute(post("/api/users/register", body), ctx);
      expect(response.status).toBe(201);
      return { verifies: argon.verifies - before.verifies, hashes: argon.hashes - before.hashes };
    };
    expect(await work(fresh())).toEqual({ verifies: 0, hashes: 1 });
    expect(await work({ ...fresh(), email: existing.email })).toEqual({ verifies: 0, hashes: 1 });
  });

  it("still says a username is taken (usernames are public)", async () => {
    const existing = await createCustomer(db);
    const response = await registerCustomerRoute(
      post("/api/users/register", { ...fresh(), username: existing.username }),
      ctx,
    );
    expect(response.status).toBe(422);
    expect((await response.json()).errors).toEqual({
      username: ["This username is already taken."],
    });
  });
});

describe("the registration limit per address", () => {
  it.each([
    ["/api/users/register", registerCustomerRoute, {}],
    [
      "/api/merchants/register",
      registerMerchantRoute,
      { address: "88 Side Road", city: "Guelph", provinceState: "ON", postalCode: "N1H 6J2" },
    ],
  ] as const)(
    "answers 429 on %s once an address has used its budget",
    async (path, handler, extra) => {
      clearRateLimitMemoryForTest();
      const address = "203.0.113.150";
      for (let i = 0; i < REGISTRATION_LIMIT.limit; i++)
        await consumeRateLimit(db, `register:ip:${address}`, REGISTRATION_LIMIT);
      const suffix = path.length;
      const body = {
        ...customer,
        ...extra,
        username: `limited_${suffix}`,
        email: `limited.${suffix}@example.com`,
      };
      const refused = await handler(post(path, body, address), ctx);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({
        message: "Too many sign-ups from this network. Please try again in an hour.",
        requestId: expect.any(String),
      });
      const elsewhere = await handler(post(path, body, "203.0.113.151"), ctx);
      expect(elsewhere.status).toBe(201);
    },
  );
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
