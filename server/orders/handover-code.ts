import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import QRCode from "qrcode";
import type { HandoverCode } from "@/lib/orders/types";
import { getEnv } from "@/server/env";

/**
 * The handover QR code (ARCHITECTURE section 5 "QR code"): per farmer in an order, the customer's
 * order view shows a code of `/orders/{orderId}/confirmByMerchant?m={merchantId}&t={token}`, where
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
  const expected = Buffer.from(signHandoverToken(orderId, merchantId), "base64url");
  const given = Buffer.from(token, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The absolute confirm URL a farmer's phone opens when it scans the code. */
export function handoverUrl(orderId: number, merchantId: number): string {
  const url = new URL(`/orders/${orderId}/confirmByMerchant`, getEnv().APP_URL);
  url.searchParams.set("m", String(merchantId));
  url.searchParams.set("t", signHandoverToken(orderId, merchantId));
  return url.toString();
}

/**
 * The code for one farmer of an order, drawn on the server as a single SVG path (one `M x y h1v1h-1z`
 * square per dark module): no QR library reaches the browser. Error correction M survives a
 * scratched phone screen; the quiet zone is the viewer's padding.
 */
export function handoverCode(
  orderId: number,
  merchant: { id: number; name: string },
): HandoverCode {
  const url = handoverUrl(orderId, merchant.id);
  const { modules } = QRCode.create(url, { errorCorrectionLevel: "M" });
  let path = "";
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) path += `M${col} ${row}h1v1h-1z`;
    }
  }
  return { merchantId: merchant.id, merchantName: merchant.name, url, size: modules.size, path };
}
