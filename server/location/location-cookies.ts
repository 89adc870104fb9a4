import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { z } from "zod";
import {
  COOKIE_NAMES,
  RADIUS_DEFAULT_KM,
  RADIUS_MAX_KM,
  RADIUS_MIN_KM,
  RADIUS_STEP_KM,
} from "@/lib/constants";
import { getEnv } from "@/server/env";
import type { ViewerLocation } from "./types";

/**
 * A visitor's My Local setting lives in two cookies (spec part 1 section 3): `loc_address`, the
 * place and its geocoded point encrypted with AES-256-GCM (the address is personal, and an
 * authenticated cipher means a visitor cannot plant a point the server never geocoded), and
 * `loc_radius`, the radius in km as digits. Both httpOnly, SameSite=Lax, a year long.
 */
export const LOCATION_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const FORMAT_VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
// Binds a ciphertext to this cookie, so a value encrypted for another purpose never decrypts here.
const AAD = Buffer.from(COOKIE_NAMES.locAddress);

export type LocationCookieOptions = {
  httpOnly: true;
  sameSite: "lax";
  path: "/";
  maxAge: number;
  secure: boolean;
};

/** What both `cookies()` of next/headers and `NextResponse#cookies` offer. */
export type CookieWriter = {
  set(name: string, value: string, options: LocationCookieOptions): unknown;
};
export type CookieReader = { get(name: string): { value: string } | undefined };

export function locationCookieOptions(
  maxAge: number = LOCATION_COOKIE_MAX_AGE_SECONDS,
): LocationCookieOptions {
  return {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge,
    secure: getEnv().NODE_ENV === "production",
  };
}

const payloadSchema = z.object({
  a: z.string().max(200).nullable(),
  c: z.string().max(100).nullable(),
  p: z.string().max(2).nullable(),
  z: z.string().max(10).nullable(),
  n: z.enum(["CA", "US"]),
  la: z.number().min(-90).max(90),
  lo: z.number().min(-180).max(180),
});

let derived: { secret: string; key: Buffer } | undefined;

/** A key of its own for this cookie, derived from the auth secret (never the secret itself). */
function cookieKey(): Buffer {
  const secret = getEnv().authSecret;
  if (derived?.secret !== secret) {
    const key = Buffer.from(hkdfSync("sha256", secret, "marketplace", "loc_address cookie v1", 32));
    derived = { secret, key };
  }
  return derived.key;
}

/** The `loc_address` value for a location: `v1.<base64url(iv | ciphertext | tag)>`. */
export function encryptLocationCookie(location: Omit<ViewerLocation, "radiusKm">): string {
  const payload = JSON.stringify({
    a: location.address,
    c: location.city,
    p: location.provinceState,
    z: location.postalCode,
    n: location.country,
    la: location.latitude,
    lo: location.longitude,
  } satisfies z.input<typeof payloadSchema>);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", cookieKey(), iv).setAAD(AAD);
  const body = Buffer.concat([cipher.update(payload, "utf8"), cipher.final()]);
  return `${FORMAT_VERSION}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url")}`;
}

/** The location inside a `loc_address` value, or null when it is missing, tampered with or stale. */
export function decryptLocationCookie(
  value: string | undefined,
): Omit<ViewerLocation, "radiusKm"> | null {
  if (!value?.startsWith(`${FORMAT_VERSION}.`) || value.length > 2048) return null;
  const raw = Buffer.from(value.slice(FORMAT_VERSION.length + 1), "base64url");
  if (raw.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", cookieKey(), raw.subarray(0, IV_BYTES)).setAAD(
      AAD,
    );
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    const text = Buffer.concat([
      decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
      decipher.final(),
    ]);
    const parsed = payloadSchema.safeParse(JSON.parse(text.toString("utf8")));
    if (!parsed.success) return null;
    const p = parsed.data;
    return {
      address: p.a,
      city: p.c,
      provinceState: p.p,
      postalCode: p.z,
      country: p.n,
      latitude: p.la,
      longitude: p.lo,
    };
  } catch {
    // A wrong tag (tampered or another secret) or bytes that are not JSON: no location.
    return null;
  }
}

/** `loc_radius` as km: digits only, 0 to 50 in steps of 5; anything else reads as the default (0). */
export function parseRadiusCookie(value: string | undefined): number {
  if (!value || !/^\d{1,2}$/.test(value)) return RADIUS_DEFAULT_KM;
  const km = Number(value);
  return km >= RADIUS_MIN_KM && km <= RADIUS_MAX_KM && km % RADIUS_STEP_KM === 0
    ? km
    : RADIUS_DEFAULT_KM;
}

/** The visitor's location from the two cookies, or null without a valid `loc_address`. */
export function readLocationCookies(store: CookieReader): ViewerLocation | null {
  const place = decryptLocationCookie(store.get(COOKIE_NAMES.locAddress)?.value);
  if (!place) return null;
  return { ...place, radiusKm: parseRadiusCookie(store.get(COOKIE_NAMES.locRadius)?.value) };
}

export function writeLocationCookies(target: CookieWriter, location: ViewerLocation): void {
  target.set(COOKIE_NAMES.locAddress, encryptLocationCookie(location), locationCookieOptions());
  target.set(COOKIE_NAMES.locRadius, String(location.radiusKm), locationCookieOptions());
}

/** Expires both cookies with the attributes they were set with, so the browser drops them. */
export function clearLocationCookies(target: CookieWriter): void {
  target.set(COOKIE_NAMES.locAddress, "", locationCookieOptions(0));
  target.set(COOKIE_NAMES.locRadius, "", locationCookieOptions(0));
}
