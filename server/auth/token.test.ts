import { decode, encode } from "next-auth/jwt";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const SECRET = vi.hoisted(() => {
  const secret = "test-secret-test-secret-test-secret-0123456789";
  process.env.NEXTAUTH_SECRET = secret;
  return secret;
});

import {
  AUTH_COOKIES,
  SESSION_COOKIE,
  SESSION_MAX_AGE_SECONDS,
  decodeSessionToken,
  encodeSessionToken,
  isWithinSignInLimit,
  nowSeconds,
} from "@/server/auth/token";

describe("session tokens", () => {
  it("round-trips the member id, session version and sign-in time", async () => {
    const signedInAt = nowSeconds() - 60;
    const jwt = await encodeSessionToken({ memberId: 42, sessionVersion: 3, signedInAt });
    expect(await decodeSessionToken(jwt)).toEqual({ memberId: 42, sessionVersion: 3, signedInAt });
  });

  it("issues the claims next-auth reads (sub, sv, sat) with a one-day expiry", async () => {
    const jwt = await encodeSessionToken({
      memberId: 7,
      sessionVersion: 1,
      signedInAt: nowSeconds(),
    });
    const payload = await decode({ token: jwt, secret: SECRET });
    expect(payload).toMatchObject({ sub: "7", sv: 1 });
    expect(Number(payload?.exp) - Number(payload?.iat)).toBe(SESSION_MAX_AGE_SECONDS);
  });

  it("accepts a token re-signed the way next-auth's session endpoint does", async () => {
    const signedInAt = nowSeconds() - 3600;
    // next-auth re-encodes the whole token (name, email, its own iat/exp/jti) on every session read.
    const jwt = await encode({
      secret: SECRET,
      maxAge: SESSION_MAX_AGE_SECONDS,
      token: { sub: "9", sv: 2, sat: signedInAt, name: "Ann", email: "ann@example.com" },
    });
    expect(await decodeSessionToken(jwt)).toEqual({ memberId: 9, sessionVersion: 2, signedInAt });
  });

  it("refuses a token encrypted with another secret", async () => {
    const forged = await encode({
      secret: "another-secret-another-secret-another-secret",
      token: { sub: "1", sv: 1, sat: nowSeconds() },
    });
    expect(await decodeSessionToken(forged)).toBeNull();
  });

  it("refuses an expired token", async () => {
    const jwt = await encodeSessionToken(
      { memberId: 1, sessionVersion: 1, signedInAt: nowSeconds() },
      -120,
    );
    expect(await decodeSessionToken(jwt)).toBeNull();
  });

  it.each([
    ["empty", ""],
    ["garbage", "not-a-jwt"],
    ["a signed (not encrypted) JWT", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl"],
  ])("refuses %s", async (_label, token) => {
    expect(await decodeSessionToken(token)).toBeNull();
  });

  it.each([
    ["no sub", { sv: 1, sat: 1 }],
    ["a non-numeric sub", { sub: "abc", sv: 1, sat: 1 }],
    ["sub 0", { sub: "0", sv: 1, sat: 1 }],
    ["no session version", { sub: "1", sat: 1 }],
    ["a string session version", { sub: "1", sv: "1", sat: 1 }],
    ["no sign-in time", { sub: "1", sv: 1 }],
  ])("refuses a token with %s", async (_label, token) => {
    const jwt = await encode({ secret: SECRET, token });
    expect(await decodeSessionToken(jwt)).toBeNull();
  });
});

describe("the one-day limit after sign-in", () => {
  const now = 1_800_000_000;
  it.each([
    ["just signed in", now, true],
    ["23 h 59 min ago", now - SESSION_MAX_AGE_SECONDS + 60, true],
    ["exactly 24 h ago", now - SESSION_MAX_AGE_SECONDS, false],
    ["two days ago", now - 2 * SESSION_MAX_AGE_SECONDS, false],
    ["30 s in the future (clock skew)", now + 30, true],
    ["an hour in the future", now + 3600, false],
  ])("a sign-in %s is valid: %s", (_label, signedInAt, valid) => {
    expect(isWithinSignInLimit(signedInAt, now)).toBe(valid);
  });
});

describe("auth cookies", () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => vi.unstubAllEnvs());

  it("names the three cookies of the spec", () => {
    expect(SESSION_COOKIE).toBe("_token");
    expect(AUTH_COOKIES.session.name).toBe("_token");
    expect(AUTH_COOKIES.authenticated.name).toBe("authenticated");
    expect(AUTH_COOKIES.memberType.name).toBe("member_type");
  });

  it("keeps the session cookie httpOnly, Lax, path /, one day, and not Secure over plain http", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("APP_URL", "http://localhost:3000");
    vi.stubEnv("DATABASE_URL", "");
    const { authCookieOptions } = await import("@/server/auth/token");
    expect(authCookieOptions("session")).toEqual({
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      maxAge: 86400,
      secure: false,
    });
    expect(authCookieOptions("authenticated").httpOnly).toBe(false);
  });

  it("marks the cookies Secure in production over https", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("APP_URL", "https://market.example");
    const { authCookieOptions, nextAuthSessionCookie } = await import("@/server/auth/token");
    expect(authCookieOptions("session").secure).toBe(true);
    expect(nextAuthSessionCookie()).toEqual({
      name: "_token",
      options: { httpOnly: true, sameSite: "lax", path: "/", secure: true },
    });
  });

  it("does not mark them Secure outside production", async () => {
    vi.stubEnv("NODE_ENV", "development");
    vi.stubEnv("APP_URL", "https://market.example");
    const { authCookieOptions } = await import("@/server/auth/token");
    expect(authCookieOptions("memberType").secure).toBe(false);
  });
});
