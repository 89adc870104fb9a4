import "server-only";
import { isSecureCookieEnv, nowSeconds } from "@/server/auth/token";
import { seal, unseal } from "./secret-box";

/**
 * Between the password and the code: which member passed the password, sealed in an httpOnly
 * cookie for ten minutes, so the code step never carries the password again and a code alone
 * signs nobody in. `enrol`: an admin without a second factor yet, who must set one up first.
 */
export const CHALLENGE_COOKIE = "_second_factor";
export const CHALLENGE_MAX_AGE_SECONDS = 10 * 60;

export type ChallengePurpose = "verify" | "enrol";

export type Challenge = {
  memberId: number;
  /** The member's session_version at the password step: a reset in between voids it. */
  sessionVersion: number;
  purpose: ChallengePurpose;
  expiresAt: number;
};

export function sealChallenge(challenge: Omit<Challenge, "expiresAt">): string {
  const body: Challenge = { ...challenge, expiresAt: nowSeconds() + CHALLENGE_MAX_AGE_SECONDS };
  return seal("second-factor-challenge", JSON.stringify(body));
}

/** The challenge behind a cookie value, or null for a forged, foreign or expired one. */
export function readChallenge(value: string | null | undefined): Challenge | null {
  const plain = unseal("second-factor-challenge", value);
  if (!plain) return null;
  try {
    const body = JSON.parse(plain) as Partial<Challenge>;
    if (
      !Number.isSafeInteger(body.memberId) ||
      !Number.isSafeInteger(body.sessionVersion) ||
      (body.purpose !== "verify" && body.purpose !== "enrol") ||
      typeof body.expiresAt !== "number" ||
      body.expiresAt < nowSeconds()
    )
      return null;
    return body as Challenge;
  } catch {
    return null;
  }
}

export type ChallengeCookieOptions = {
  httpOnly: true;
  sameSite: "lax";
  path: string;
  maxAge: number;
  secure: boolean;
};

export function challengeCookieOptions(maxAge = CHALLENGE_MAX_AGE_SECONDS): ChallengeCookieOptions {
  return { httpOnly: true, sameSite: "lax", path: "/", maxAge, secure: isSecureCookieEnv() };
}
