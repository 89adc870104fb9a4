import "server-only";
import type { Db } from "@/server/db/client";
import { getEnv } from "@/server/env";
import { AppError, forbiddenError, rateLimited } from "@/server/errors";
import { getOriginalUrl } from "@/server/links/get-original-url";
import { consumeRateLimit } from "@/server/rate-limit";
import type { StripeClient } from "@/server/stripe/stripe-client";
import {
  confirmByMerchant,
  INVALID_CODE_MESSAGE,
  OTHER_FARM_MESSAGE,
  type ConfirmByMerchantResult,
} from "./confirm-by-merchant";
import {
  parseHandoverShortCode,
  signHandoverToken,
  verifyHandoverShortSignature,
} from "./handover-code";

export const CODE_NOT_RECOGNISED_MESSAGE =
  "This is not a handover code. Please scan the QR code on the customer's order, or type the code printed under it (like 1042-7KQ2-M9XD).";
export const QUEUED_TOO_LONG_MESSAGE =
  "This confirmation waited on your phone for more than 7 days, so it was not sent. Please scan the customer's code again, or update the order in Customer Orders.";
export const TOO_MANY_WRONG_CODES_MESSAGE =
  "Too many codes that did not match. Please wait a few minutes, then scan the customer's QR code.";

/** A queued confirmation older than this is refused: the phone was offline for a week. */
export const HANDOVER_QUEUE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Typed short codes carry 40 bits; 30 wrong ones per farm in 10 minutes keeps them unguessable. */
export const WRONG_CODE_LIMIT = { limit: 30, windowMs: 10 * 60 * 1000 };

export type ConfirmHandoverByCodeInput = {
  merchantId: number;
  /** What the scanner read (the QR's short link or confirm URL) or the short code the farm typed. */
  code: string;
  /** When the handover happened on the phone (a queued confirmation); absent: now. */
  handedOverAt?: string | undefined;
  stripe?: StripeClient | null;
  now?: Date;
};

export type ConfirmHandoverByCodeResult = Omit<ConfirmByMerchantResult, "confirmedNow"> & {
  /** `already_confirmed`: every line was confirmed before (another phone, or a replayed queue). */
  outcome: "confirmed" | "already_confirmed";
  message: string;
  orderId: number;
};

/**
 * The in-app scanner's confirm (decision 0054): resolves what was scanned or typed to the order and
 * its handover token, then confirms exactly like the confirm page (confirmByMerchant), so a code
 * confirmed elsewhere, or a queue replayed twice, answers `already_confirmed` and changes nothing.
 *
 * @throws AppError validation: not a handover code, or queued for longer than 7 days;
 *   forbidden: a code for another farm, or a tampered one; rate_limited: too many wrong codes;
 *   and what confirmByMerchant throws (not_found, conflict when every line was cancelled)
 */
export async function confirmHandoverByCode(
  db: Db,
  { merchantId, code, handedOverAt, stripe = null, now = new Date() }: ConfirmHandoverByCodeInput,
): Promise<ConfirmHandoverByCodeResult> {
  const when = handoverTime(handedOverAt, now);
  const { orderId, token } = await resolveCode(db, merchantId, code.trim());
  const result = await confirmByMerchant(db, {
    merchantId,
    orderId,
    token,
    stripe,
    handedOverAt: when,
  });
  const { confirmedNow, ...rest } = result;
  const outcome = confirmedNow.length > 0 ? "confirmed" : "already_confirmed";
  return {
    ...rest,
    outcome,
    orderId,
    message:
      outcome === "confirmed"
        ? `Handover of order ${result.orderNo} confirmed.`
        : `Order ${result.orderNo} was already confirmed, on this phone or another. Nothing changed.`,
  };
}

/** The phone's time of a queued handover, bounded: never in the future, never older than a week. */
function handoverTime(value: string | undefined, now: Date): Date | undefined {
  if (value === undefined) return undefined;
  const at = new Date(value);
  if (Number.isNaN(at.getTime()))
    throw new AppError("validation", CODE_NOT_RECOGNISED_MESSAGE, {
      fieldErrors: { handedOverAt: ["Please give the time as an ISO date."] },
    });
  // A phone's clock ahead of the server's is not a handover in the future.
  if (at.getTime() > now.getTime()) return now;
  if (now.getTime() - at.getTime() > HANDOVER_QUEUE_MAX_AGE_MS)
    throw new AppError("validation", QUEUED_TOO_LONG_MESSAGE);
  return at;
}

async function resolveCode(
  db: Db,
  merchantId: number,
  code: string,
): Promise<{ orderId: number; token: string }> {
  const short = parseHandoverShortCode(code);
  if (short) {
    if (!verifyHandoverShortSignature(short.orderId, merchantId, short.signature)) {
      const limit = await consumeRateLimit(db, `handover-code:${merchantId}`, WRONG_CODE_LIMIT);
      if (!limit.allowed) throw rateLimited(TOO_MANY_WRONG_CODES_MESSAGE);
      throw forbiddenError(INVALID_CODE_MESSAGE);
    }
    return { orderId: short.orderId, token: signHandoverToken(short.orderId, merchantId) };
  }
  const url = await expandShortLink(db, siteUrl(code));
  const match = url ? /^\/orders\/([1-9]\d{0,9})\/confirmByMerchant$/.exec(url.pathname) : null;
  const token = url?.searchParams.get("t");
  if (!url || !match || !token) throw new AppError("validation", CODE_NOT_RECOGNISED_MESSAGE);
  if (url.searchParams.get("m") !== String(merchantId)) throw forbiddenError(OTHER_FARM_MESSAGE);
  return { orderId: Number(match[1]), token };
}

/** A URL on this site (APP_URL's origin), or null for anything else. */
function siteUrl(text: string): URL | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  return url.origin === new URL(getEnv().APP_URL).origin ? url : null;
}

/** The QR codes encode the short link of the confirm URL (decision 0021): follow it here. */
async function expandShortLink(db: Db, url: URL | null): Promise<URL | null> {
  const short = url ? /^\/shortLink\/([\w-]+)$/.exec(url.pathname) : null;
  if (!short) return url;
  const original = await getOriginalUrl(db, { code: short[1], clientIp: null });
  return original ? new URL(original) : null;
}
