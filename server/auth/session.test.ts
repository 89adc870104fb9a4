import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const testState = vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET = "session-test-secret-session-test-secret-0123";
  return { db: undefined as unknown, cookies: new Map<string, string>(), getDbCalls: 0 };
});
vi.mock(import("@/server/db/client"), async (importOriginal) => ({
  ...(await importOriginal()),
  getDb: async () => {
    testState.getDbCalls += 1;
    return testState.db as Db;
  },
}));
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) =>
      testState.cookies.has(name) ? { name, value: testState.cookies.get(name) } : undefined,
  }),
}));

import { getSessionMember, getSessionMemberFromRequest } from "@/server/auth/session";
import { SESSION_MAX_AGE_SECONDS, encodeSessionToken, nowSeconds } from "@/server/auth/token";
import type { Db } from "@/server/db/client";
import { members } from "@/server/db/schema";
import { closeTestDb, createTestDb } from "@/tests/db";
import { createAdmin, createCustomer, createMerchant } from "@/server/db/seed/factories";

let db: Db;

beforeAll(async () => {
  db = await createTestDb();
  testState.db = db;
});

afterAll(() => closeTestDb(db));

beforeEach(() => {
  testState.cookies.clear();
  testState.getDbCalls = 0;
});

async function signIn(memberId: number, signedInAt = nowSeconds()) {
  const [row] = await db
    .select({ sv: members.sessionVersion })
    .from(members)
    .where(eq(members.id, memberId));
  return encodeSessionToken({ memberId, sessionVersion: row!.sv, signedInAt });
}

describe("getSessionMember (server components)", () => {
  it("returns null for a visitor without touching the database", async () => {
    expect(await getSessionMember()).toBeNull();
    expect(testState.getDbCalls).toBe(0);
  });

  it("returns null for an undecodable cookie without touching the database", async () => {
    testState.cookies.set("_token", "garbage");
    expect(await getSessionMember()).toBeNull();
    expect(testState.getDbCalls).toBe(0);
  });

  it("returns the signed-in member as the site shell needs it", async () => {
    const merchant = await createMerchant(db);
    await db
      .update(members)
      .set({ phone: "604-555-0101", currency: "CAD" })
      .where(eq(members.id, merchant.id));
    testState.cookies.set("_token", await signIn(merchant.id));
    const [row] = await db.select().from(members).where(eq(members.id, merchant.id));

    expect(await getSessionMember()).toEqual({
      id: merchant.id,
      userKey: row!.userKey,
      username: row!.username,
      memberType: "merchant",
      firstName: row!.firstName,
      currency: "CAD",
      phone: "604-555-0101",
      hasCompleteProfile: true,
    });
  });

  it.each([
    ["phone", { phone: null }],
    ["currency", { currency: null }],
  ] as const)("reports an incomplete profile when %s is missing", async (_label, change) => {
    const customer = await createCustomer(db);
    await db
      .update(members)
      .set({ phone: "604-555-0101", currency: "CAD", ...change })
      .where(eq(members.id, customer.id));
    testState.cookies.set("_token", await signIn(customer.id));
    expect((await getSessionMember())?.hasCompleteProfile).toBe(false);
  });

  it("returns null once the member's session version moves on", async () => {
    const customer = await createCustomer(db);
    testState.cookies.set("_token", await signIn(customer.id));
    expect((await getSessionMember())?.id).toBe(customer.id);
    await db
      .update(members)
      .set({ sessionVersion: sql`${members.sessionVersion} + 1` })
      .where(eq(members.id, customer.id));
    expect(await getSessionMember()).toBeNull();
  });

  it("returns null a day after sign-in", async () => {
    const customer = await createCustomer(db);
    testState.cookies.set(
      "_token",
      await signIn(customer.id, nowSeconds() - SESSION_MAX_AGE_SECONDS - 1),
    );
    expect(await getSessionMember()).toBeNull();
  });
});

describe("sessions of members with a second factor (decision 0053)", () => {
  const bearer = (token: string) =>
    new Request("http://localhost/api/x", { headers: { authorization: `Bearer ${token}` } });
  const withFactor = async (memberId: number, secondFactorAt?: number) => {
    const [row] = await db
      .select({ sv: members.sessionVersion })
      .from(members)
      .where(eq(members.id, memberId));
    return encodeSessionToken({
      memberId,
      sessionVersion: row!.sv,
      signedInAt: nowSeconds(),
      ...(secondFactorAt === undefined ? {} : { secondFactorAt }),
    });
  };

  it("an admin's token without a checked second factor is no session; with one it is", async () => {
    const admin = await createAdmin(db);
    expect(await getSessionMemberFromRequest(bearer(await withFactor(admin.id)))).toBeNull();
    const checkedAt = nowSeconds() - 60;
    expect(
      await getSessionMemberFromRequest(bearer(await withFactor(admin.id, checkedAt))),
    ).toMatchObject({ id: admin.id, memberType: "admin", secondFactorAt: checkedAt });
  });

  it("a member who turns it on loses the sessions that never passed it", async () => {
    const customer = await createCustomer(db);
    const before = await withFactor(customer.id);
    expect(await getSessionMemberFromRequest(bearer(before))).toMatchObject({ id: customer.id });
    await db
      .update(members)
      .set({ totpSecret: "v1.sealed", totpEnabledAt: new Date() })
      .where(eq(members.id, customer.id));
    expect(await getSessionMemberFromRequest(bearer(before))).toBeNull();
    expect(
      await getSessionMemberFromRequest(bearer(await withFactor(customer.id, nowSeconds()))),
    ).toMatchObject({ id: customer.id });
  });
});

describe("getSessionMemberFromRequest (handlers)", () => {
  it("reads a bearer token, then the cookie", async () => {
    const customer = await createCustomer(db);
    const token = await signIn(customer.id);
    const bearer = new Request("http://localhost:3000/api/x", {
      headers: { authorization: `Bearer ${token}` },
    });
    const cookie = new Request("http://localhost:3000/api/x", {
      headers: { cookie: `a=b; _token=${token}` },
    });
    expect((await getSessionMemberFromRequest(bearer))?.id).toBe(customer.id);
    expect((await getSessionMemberFromRequest(cookie))?.id).toBe(customer.id);
  });

  it("returns null with no credential, without touching the database", async () => {
    expect(
      await getSessionMemberFromRequest(new Request("http://localhost:3000/api/x")),
    ).toBeNull();
    expect(testState.getDbCalls).toBe(0);
  });

  it("ignores a cookie whose name only ends in _token", async () => {
    const customer = await createCustomer(db);
    const token = await signIn(customer.id);
    const req = new Request("http://localhost:3000/api/x", {
      headers: { cookie: `csrf_token=${token}` },
    });
    expect(await getSessionMemberFromRequest(req)).toBeNull();
  });
});
