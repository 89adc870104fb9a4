import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { getEnv } from "@/server/env";

/**
 * Seals short secrets (a member's TOTP secret, a sign-in's second-factor challenge) with
 * AES-256-GCM under a key derived by HKDF from NEXTAUTH_SECRET, one key per purpose, so neither
 * kind can be passed off as the other. `v1.` + base64url(iv ‖ tag ‖ ciphertext). Node's own crypto:
 * nothing home-made but the framing (decision 0053).
 */
export type SealPurpose = "totp-secret" | "second-factor-challenge";

const VERSION = "v1.";
const IV_BYTES = 12;
const TAG_BYTES = 16;

function keyFor(purpose: SealPurpose): Buffer {
  return Buffer.from(hkdfSync("sha256", getEnv().authSecret, "", `marketplace ${purpose}`, 32));
}

export function seal(purpose: SealPurpose, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyFor(purpose), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** The sealed text, or null for anything this server did not seal for `purpose`. Never throws. */
export function unseal(purpose: SealPurpose, sealed: string | null | undefined): string | null {
  if (!sealed?.startsWith(VERSION)) return null;
  const raw = Buffer.from(sealed.slice(VERSION.length), "base64url");
  if (raw.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(purpose), raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([
      decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    return null;
  }
}
