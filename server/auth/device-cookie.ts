import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import type { CookieWriter } from "@/server/auth/auth-cookies";
import { isSecureCookieEnv } from "@/server/auth/token";
import { getEnv } from "@/server/env";
import { sameSignature } from "@/server/base/same-signature";

/**
 * OWASP's device cookie (decision 0023): a browser that signed in to an account before presents
 * `_device`, and its failed guesses for that account count against its own budget, so a stranger
 * who spends the account's shared budget does not lock the owner out. Stateless: the value is
 * `<memberId>.<nonce>.<hmac>`, signed with the app secret; the nonce names the device's budget.
 */
export const DEVICE_COOKIE = "_device";

/** A year: long enough that the owner's usual browsers stay known. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export type Device = { memberId: number; nonce: string };

function signature(memberId: number, nonce: string): Buffer {
  return createHmac("sha256", getEnv().authSecret)
    .update(`device-cookie:v1:${memberId}:${nonce}`)
    .digest();
}

/** A new device cookie value for `memberId`. */
export function createDeviceCookieValue(memberId: number): string {
  const nonce = randomBytes(16).toString("base64url");
  return `${memberId}.${nonce}.${signature(memberId, nonce).toString("base64url")}`;
}

/** The device a cookie value names, or null for anything this server did not sign. Never throws. */
export function readDeviceCookie(value: string | undefined | null): Device | null {
  if (!value || value.length > 200) return null;
  const match = /^([1-9]\d{0,15})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!match) return null;
  const memberId = Number(match[1]);
  const nonce = match[2]!;
  if (!sameSignature(match[3]!, signature(memberId, nonce).toString("base64url"))) return null;
  return { memberId, nonce };
}

/**
 * After a successful sign-in: keeps the browser's device cookie when it is already this member's,
 * else gives it a new one (one account per browser, the last one signed in).
 */
export function setDeviceCookie(
  target: CookieWriter,
  memberId: number,
  current: string | undefined,
): void {
  const value =
    readDeviceCookie(current)?.memberId === memberId ? current! : createDeviceCookieValue(memberId);
  target.set(DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    secure: isSecureCookieEnv(),
  });
}
