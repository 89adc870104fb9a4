import "server-only";
import { createHmac } from "node:crypto";
import QRCode from "qrcode";
import type { HandoverCode } from "@/lib/orders/types";
import { getEnv } from "@/server/env";
import { sameSignature } from "@/server/base/same-signature";

/**
 * The handover QR code (ARCHITECTURE section 5 "QR code"): per farmer in an order, the customer's
 * order view shows a code leading to `/orders/{orderId}/confirmByMerchant?m={merchantId}&t={token}`
 * (through its short link, see handoverCode), where
 * the token is an HMAC over the order and the farmer. Only that farmer, signed in, can confirm with
 * it (the token is checked against the signed-in farmer, never against `m`), so a code shown to one
 * farmer confirms nothing for another, and nobody can make a token without the server's secret.
 */

/** 128 bits of HMAC-SHA256, base64url: short enough for a small code, far beyond guessing. */
const TOKEN_BYTES = 16;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** Derived with a label, so this signature can never stand for anything else signed with the secret. */
function signingKey(): Buffer {
  return createHmac("sha256", getEnv().authSecret).update("order-handover:v1").digest();
}

export function signHandoverToken(orderId: number, merchantId: number): string {
  return createHmac("sha256", signingKey())
    .update(`${orderId}:${merchantId}`)
    .digest()
    .subarray(0, TOKEN_BYTES)
    .toString("base64url");
}

/** Constant-time check; false for anything malformed. Never throws. */
export function verifyHandoverToken(orderId: number, merchantId: number, token: unknown): boolean {
  if (typeof token !== "string" || !TOKEN_PATTERN.test(token)) return false;
  return sameSignature(token, signHandoverToken(orderId, merchantId));
}

/** Crockford's base32: no I, L, O or U, so a typed code survives being read aloud or misread. */
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** 8 characters of 5 bits: 40 bits of HMAC, bound to the order and the farm, rate-limited on failure. */
const SHORT_SIGNATURE_CHARS = 8;
const SHORT_CODE_PATTERN = /^([1-9]\d{0,9})([0-9A-Z]{8})$/;

function shortSignature(orderId: number, merchantId: number): string {
  const digest = createHmac("sha256", signingKey())
    .update(`short:${orderId}:${merchantId}`)
    .digest();
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of digest) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < SHORT_SIGNATURE_CHARS) {
      out += CROCKFORD[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    if (out.length === SHORT_SIGNATURE_CHARS) break;
  }
  return out;
}

/**
 * The code printed under the QR code, for a farmer who types it instead of scanning: the order's
 * id and 8 characters of an HMAC over the order and the farmer (its own label, so it is never the
 * token's prefix), e.g. `1042-7KQ2-M9XD`. Only the farmer it was made for can confirm with it.
 */
export function handoverShortCode(orderId: number, merchantId: number): string {
  const signature = shortSignature(orderId, merchantId);
  return `${orderId}-${signature.slice(0, 4)}-${signature.slice(4)}`;
}

/**
 * The order a typed short code names, read leniently (spaces, dashes, lower case, O for 0, I and
 * L for 1), or null when it is not shaped like one. The signature is not checked here.
 */
export function parseHandoverShortCode(
  text: string,
): { orderId: number; signature: string } | null {
  const compact = text.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  const match = SHORT_CODE_PATTERN.exec(compact);
  if (!match) return null;
  return { orderId: Number(match[1]), signature: match[2]! };
}

/** Whether `signature` (from parseHandoverShortCode) was made for this order and farmer. */
export function verifyHandoverShortSignature(
  orderId: number,
  merchantId: number,
  signature: string,
): boolean {
  return sameSignature(signature, shortSignature(orderId, merchantId));
}

/** The confirm page's path with its query: what the short link of the code stores. */
export function handoverPath(orderId: number, merchantId: number): string {
  const query = new URLSearchParams({
    m: String(merchantId),
    t: signHandoverToken(orderId, merchantId),
  });
  return `/orders/${orderId}/confirmByMerchant?${query.toString()}`;
}

/** The absolute confirm URL (the link under the code, for a farmer who cannot scan). */
export function handoverUrl(orderId: number, merchantId: number): string {
  return new URL(handoverPath(orderId, merchantId), getEnv().APP_URL).toString();
}

/**
 * The code for one farmer of an order, drawn on the server as a single SVG path (one `M x y h1v1h-1z`
 * square per dark module): no QR library reaches the browser. Error correction M survives a
 * scratched phone screen; the quiet zone is the viewer's padding.
 *
 * The code encodes `qrUrl`, the short link of the confirm URL (decision 0021): fewer characters
 * make fewer, larger modules, which a phone camera reads from further away and on a worn screen.
 */
export function handoverCode(
  orderId: number,
  merchant: { id: number; name: string },
  qrUrl: string = handoverUrl(orderId, merchant.id),
): HandoverCode {
  const url = handoverUrl(orderId, merchant.id);
  const { modules } = QRCode.create(qrUrl, { errorCorrectionLevel: "M" });
  let path = "";
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) path += `M${col} ${row}h1v1h-1z`;
    }
  }
  return {
    merchantId: merchant.id,
    merchantName: merchant.name,
    url,
    qrUrl,
    shortCode: handoverShortCode(orderId, merchant.id),
    size: modules.size,
    path,
  };
}
