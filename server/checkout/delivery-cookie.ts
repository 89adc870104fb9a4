import "server-only";
import { decode, encode } from "next-auth/jwt";
import { cookies } from "next/headers";
import { deliverySchema, type Delivery } from "@/lib/validation/checkout";
import { isSecureCookieEnv } from "@/server/auth/token";
import { getEnv } from "@/server/env";

/**
 * The delivery details between the delivery form and the preview (and the card payment page): an
 * encrypted, httpOnly cookie that lives one hour, holds the member's id and is read only for that
 * member. It is a convenience, never trusted: placing the order validates the details again.
 */
export const CHECKOUT_DELIVERY_COOKIE = "checkout_delivery";
const MAX_AGE_SECONDS = 60 * 60;
/** Derives a key of its own from the auth secret, so this is never mistaken for a session token. */
const SALT = "checkout_delivery";

export type CookieOptions = {
  httpOnly: true;
  sameSite: "lax";
  path: string;
  maxAge: number;
  secure: boolean;
};

export function checkoutDeliveryCookieOptions(maxAge: number = MAX_AGE_SECONDS): CookieOptions {
  return {
    httpOnly: true,
    sameSite: "lax",
    path: "/checkout",
    maxAge,
    secure: isSecureCookieEnv(),
  };
}

/** The cookie value for the member's (already validated) delivery details. */
export function encodeCheckoutDelivery(memberId: number, delivery: Delivery): Promise<string> {
  return encode({
    secret: getEnv().authSecret,
    salt: SALT,
    maxAge: MAX_AGE_SECONDS,
    token: { sub: String(memberId), delivery },
  });
}

/** The details in a cookie value, or null when it is missing, expired, foreign, another member's or no longer valid. */
export async function decodeCheckoutDelivery(
  value: string | undefined,
  memberId: number,
): Promise<Delivery | null> {
  if (!value) return null;
  let payload: Record<string, unknown> | null;
  try {
    payload = await decode({ secret: getEnv().authSecret, salt: SALT, token: value });
  } catch {
    return null;
  }
  if (!payload || payload.sub !== String(memberId)) return null;
  const parsed = deliverySchema.safeParse(payload.delivery);
  return parsed.success ? parsed.data : null;
}

/** For pages: the signed-in member's delivery details from the request's cookie, or null. */
export async function readCheckoutDelivery(memberId: number): Promise<Delivery | null> {
  return decodeCheckoutDelivery((await cookies()).get(CHECKOUT_DELIVERY_COOKIE)?.value, memberId);
}
