import "server-only";
import { timingSafeEqual } from "node:crypto";

/**
 * Whether a signature a request carries is exactly the one this server made, compared as text in
 * constant time. Comparing the decoded bytes instead would take other spellings of the same
 * signature: base64url's last character carries bits that decoding drops (2 of them for a 32-byte
 * HMAC in 43 characters, 4 for 16 bytes in 22), so a link with its last character changed could
 * still pass. The security suite's forged unsubscribe links found it.
 */
export function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given, "utf8");
  const b = Buffer.from(expected, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}
