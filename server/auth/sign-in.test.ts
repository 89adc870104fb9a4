import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

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
const recordSignIn = vi.hoisted(() => vi.fn(async () => {}));
vi.mock(import("@/server/security"), async (importOriginal) => ({
  ...(await importOriginal()),
  recordSignIn,
}));

import { createDeviceCookieValue } from "@/server/auth/device-cookie";
import { endAllSessions } from "@/server/auth/end-sessions";
import { getSessionMemberFromRequest } from "@/server/auth/session";
import {
  LOGIN_FAILED_MESSAGE,
  LOGIN_RATE_LIMITED_MESSAGE,
  SIGN_IN_ADDRESS_LIMIT,
  signInWithPassword,
  type SignInInput,
} from "@/server/auth/sign-in";
import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import type { Db } from "@/server/db/client";
import { members } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { clearRateLimitMemoryForTest } from "@/server/rate-limit";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import { DEFAULT_PASSWORD, createCustomer, createMerchant } from "@/server/db/seed/factories";

let db: Db;
beforeAll(async () => {
  db = await createRouteTestDb();
});
afterAll(() => closeTestDb(db));
beforeEach(() => {
  clearRateLimitMemoryForTest();
  recordSignIn.mockClear();
});

const client = { rateLimitIp: "198.51.100.7", ip: null, userAgent: "Mozilla/5.0 Firefox/130.0" };
const attempt = (input: Partial<SignInInput> & { login: string }) =>
  signInWithPassword(db, { password: DEFAULT_PASSWORD, ...client, ...input });

async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return { code: (error as AppError).code, message: (error as AppError).publicMessage };
}

describe("signInWithPassword", () => {
  it("signs in by email (any case) or username with the right password and records the sign-in", async () => {
    const member = await createMerchant(db);
    const byEmail = await attempt({ login: `  ${member.email.toUpperCase()} ` });
    expect(byEmail).toEqual({
      id: member.id,
      userKey: member.userKey,
      username: member.username,
      memberType: "merchant",
      sessionVersion: member.sessionVersion,
      totpEnabledAt: null,
    });
    expect((await attempt({ login: member.username })).id).toBe(member.id);
    expect(recordSignIn).toHaveBeenCalledWith(db, {
      memberId: member.id,
      userAgent: client.userAgent,
      ip: null,
    });
  });

  it("refuses a wrong password and an unknown login with the same message", async () => {
    const member = await createCustomer(db);
    expect(
      await failure(attempt({ login: member.username, password: "Wrong-password-1!" })),
    ).toEqual({
      code: "unauthorized",
      message: LOGIN_FAILED_MESSAGE,
    });
    expect(await failure(attempt({ login: "nobody_here" }))).toEqual({
      code: "unauthorized",
      message: LOGIN_FAILED_MESSAGE,
    });
    expect(await failure(attempt({ login: "nobody@example.com" }))).toEqual({
      code: "unauthorized",
      message: LOGIN_FAILED_MESSAGE,
    });
    expect(await failure(attempt({ login: member.username, password: "" }))).toEqual({
      code: "unauthorized",
      message: LOGIN_FAILED_MESSAGE,
    });
    expect(recordSignIn).not.toHaveBeenCalled();
  });

  it("takes as long for an unknown login as for a wrong password: one argon2 verify either way", async () => {
    const member = await createCustomer(db);
    await failure(attempt({ login: "warm_up_unknown" })); // makes the throwaway hash once
    const work = async (login: string) => {
      const before = { ...argon };
      await failure(attempt({ login, password: "Wrong-password-1!", rateLimitIp: null }));
      return { verifies: argon.verifies - before.verifies, hashes: argon.hashes - before.hashes };
    };
    expect(await work(member.username)).toEqual({ verifies: 1, hashes: 0 });
    expect(await work("no_such_member")).toEqual({ verifies: 1, hashes: 0 });
    expect(await work("nobody@example.com")).toEqual({ verifies: 1, hashes: 0 });
  });

  it("answers 429 after 10 failures on an account, even with the right password, from any IP", async () => {
    const member = await createCustomer(db);
    for (let i = 0; i < 10; i++) {
      const ip = `203.0.113.${i}`; // spread over IPs: the account limit alone must stop this
      expect(
        (
          await failure(
            attempt({ login: member.email, password: "Wrong-password-1!", rateLimitIp: ip }),
          )
        ).code,
      ).toBe("unauthorized");
    }
    expect(await failure(attempt({ login: member.username, rateLimitIp: "203.0.113.99" }))).toEqual(
      {
        code: "rate_limited",
        message: LOGIN_RATE_LIMITED_MESSAGE,
      },
    );
  });

  it("answers 429 after 20 failures from one IP, across accounts, even with the right password", async () => {
    const ip = "192.0.2.44";
    for (let i = 0; i < SIGN_IN_ADDRESS_LIMIT.limit; i++)
      expect((await failure(attempt({ login: `guess_${i}`, rateLimitIp: ip }))).code).toBe(
        "unauthorized",
      );
    const member = await createCustomer(db);
    expect((await failure(attempt({ login: member.username, rateLimitIp: ip }))).code).toBe(
      "rate_limited",
    );
    // The same account from another address still works: the IP was limited, not the account.
    expect((await attempt({ login: member.username, rateLimitIp: "192.0.2.45" })).id).toBe(
      member.id,
    );
  });

  it("counts only failures: a success clears the account's failures and costs the IP nothing", async () => {
    const member = await createCustomer(db);
    const wrong = { login: member.username, password: "Wrong-password-1!", rateLimitIp: null };
    for (let i = 0; i < 9; i++) await failure(attempt(wrong));
    await attempt({ login: member.username, rateLimitIp: null });
    for (let i = 0; i < 9; i++) await failure(attempt(wrong));
    expect((await attempt({ login: member.username, rateLimitIp: null })).id).toBe(member.id);

    const ip = "192.0.2.80";
    for (let i = 0; i < 10; i++) await attempt({ login: member.username, rateLimitIp: ip });
    expect((await attempt({ login: member.username, rateLimitIp: ip })).id).toBe(member.id);
  });
});

// Issue 22 item 3, decision 0023: a stranger cannot lock the owner out.
describe("lockout with device cookies", () => {
  const wrong = "Wrong-password-1!";

  it("stops an attacker without a device cookie at the 11th guess, from one address or many", async () => {
    const member = await createCustomer(db);
    const other = await createCustomer(db);
    for (let i = 0; i < 10; i++)
      expect(
        (await failure(attempt({ login: member.email, password: wrong, rateLimitIp: "192.0.2.9" })))
          .code,
      ).toBe("unauthorized");
    expect(await failure(attempt({ login: member.email, rateLimitIp: "192.0.2.9" }))).toEqual({
      code: "rate_limited",
      message: LOGIN_RATE_LIMITED_MESSAGE,
    });
    for (let i = 0; i < 10; i++)
      await failure(
        attempt({ login: other.email, password: wrong, rateLimitIp: `192.0.2.${100 + i}` }),
      );
    expect((await failure(attempt({ login: other.email, rateLimitIp: "192.0.2.200" }))).code).toBe(
      "rate_limited",
    );
    // A device cookie of another account, or a forged one, is no help.
    const forged = `${member.id}.${"A".repeat(22)}.${"B".repeat(43)}`;
    for (const deviceCookie of [createDeviceCookieValue(other.id), forged, "junk"])
      expect((await failure(attempt({ login: member.email, deviceCookie }))).code).toBe(
        "rate_limited",
      );
  });

  it("lets the owner in from a known browser while the account is locked for unknown ones", async () => {
    const member = await createCustomer(db);
    const deviceCookie = createDeviceCookieValue(member.id);
    for (let i = 0; i < 15; i++)
      await failure(
        attempt({ login: member.username, password: wrong, rateLimitIp: `198.51.100.${i}` }),
      );
    expect((await failure(attempt({ login: member.username }))).code).toBe("rate_limited");

    expect((await attempt({ login: member.username, deviceCookie })).id).toBe(member.id);
    // Still locked for the stranger: the owner's sign-in does not refill the shared budget.
    expect((await failure(attempt({ login: member.username }))).code).toBe("rate_limited");
  });

  it("gives each known browser its own budget of 10 failures", async () => {
    const member = await createCustomer(db);
    const laptop = createDeviceCookieValue(member.id);
    const phone = createDeviceCookieValue(member.id);
    for (let i = 0; i < 10; i++)
      expect(
        (await failure(attempt({ login: member.username, password: wrong, deviceCookie: laptop })))
          .code,
      ).toBe("unauthorized");
    expect((await failure(attempt({ login: member.username, deviceCookie: laptop }))).code).toBe(
      "rate_limited",
    );
    // Neither the other browser nor an unknown one paid for the laptop's failures.
    expect((await attempt({ login: member.username, deviceCookie: phone })).id).toBe(member.id);
    expect((await attempt({ login: member.username })).id).toBe(member.id);
  });

  it("refuses an address that sprays many accounts, not the accounts, and not the owners' known browsers", async () => {
    const ip = "203.0.113.77";
    const accounts = await Promise.all(Array.from({ length: 5 }, () => createCustomer(db)));
    for (let i = 0; i < SIGN_IN_ADDRESS_LIMIT.limit; i++)
      await failure(attempt({ login: accounts[i % 5]!.email, password: wrong, rateLimitIp: ip }));
    for (const account of accounts)
      expect((await failure(attempt({ login: account.email, rateLimitIp: ip }))).code).toBe(
        "rate_limited",
      );
    for (const account of accounts)
      expect((await attempt({ login: account.email, rateLimitIp: "203.0.113.78" })).id).toBe(
        account.id,
      );
    const known = createDeviceCookieValue(accounts[0]!.id);
    expect(
      (await attempt({ login: accounts[0]!.email, rateLimitIp: ip, deviceCookie: known })).id,
    ).toBe(accounts[0]!.id);
  });
});

describe("ending sessions (logout)", () => {
  it("bumps session_version so a token issued before is refused", async () => {
    const member = await createCustomer(db);
    const token = await encodeSessionToken({
      memberId: member.id,
      sessionVersion: member.sessionVersion,
      signedInAt: nowSeconds(),
      secondFactorAt: nowSeconds(),
    });
    const withToken = () =>
      new Request("http://localhost:3000/api/x", { headers: { authorization: `Bearer ${token}` } });
    expect((await getSessionMemberFromRequest(withToken()))?.id).toBe(member.id);

    await endAllSessions(db, member.id);

    expect(await getSessionMemberFromRequest(withToken())).toBeNull();
    const [row] = await db
      .select({ sv: members.sessionVersion })
      .from(members)
      .where(eq(members.id, member.id));
    expect(row!.sv).toBe(member.sessionVersion + 1);
  });

  it("with onlyIfVersion, a stale token cannot end newer sessions", async () => {
    const member = await createCustomer(db);
    await endAllSessions(db, member.id, member.sessionVersion - 1);
    const [row] = await db
      .select({ sv: members.sessionVersion })
      .from(members)
      .where(eq(members.id, member.id));
    expect(row!.sv).toBe(member.sessionVersion);
  });
});
