import "server-only";
import { createHmac } from "node:crypto";
import { getEnv } from "@/server/env";
import { sameSignature } from "@/server/base/same-signature";

/**
 * Registration does not verify email addresses, so an address alone must not hand a visitor's
 * conversations to whoever registers with it. The reply mail's link carries `recipientToken` =
 * HMAC-SHA256 of the lowercased address (key derived from the auth secret with its own label):
 * only someone who received that mail can attach them.
 */
function signingKey(): Buffer {
  return createHmac("sha256", getEnv().authSecret).update("recipient-email:v1").digest();
}

export function signRecipientEmail(email: string): string {
  return createHmac("sha256", signingKey()).update(email.trim().toLowerCase()).digest("base64url");
}

/** Constant-time check; false for anything malformed. Never throws. */
export function verifyRecipientEmail(email: string, token: unknown): boolean {
  if (typeof token !== "string" || !/^[A-Za-z0-9_-]{43}$/.test(token)) return false;
  return sameSignature(token, signRecipientEmail(email));
}

/** The link of a visitor's reply mail: /register with the address filled in and its token. */
export function recipientRegisterUrl(email: string): string {
  const url = new URL("/register", getEnv().APP_URL);
  url.searchParams.set("recipientEmail", email);
  url.searchParams.set("recipientToken", signRecipientEmail(email));
  return url.toString();
}
