import "server-only";
import { eq } from "drizzle-orm";
import { SIGNED_IN_COLUMNS, type SignedInMember } from "@/server/auth/sign-in";
import { nowSeconds } from "@/server/auth/token";
import type { Db } from "@/server/db/client";
import { members } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { readChallenge, sealChallenge, type ChallengePurpose } from "./challenge";
import {
  CHALLENGE_EXPIRED_MESSAGE,
  confirmSetup,
  startSetup,
  verifySecondFactor,
  type SecondFactorSetup,
} from "./index";
import { requiresSecondFactor } from "./rules";

/**
 * Sign-in in two steps for a member with a second factor: the password step ends in a challenge
 * (sealed in the `_second_factor` cookie, server/auth/second-factor/challenge.ts) instead of a
 * session; the code step turns a valid challenge and a right code into the session, which carries
 * `sfa`. Both sign-in paths use these: next-auth's Credentials provider and POST /api/users/login.
 */
export type PasswordOutcome =
  | { kind: "signed-in"; member: SignedInMember }
  | { kind: "second-factor"; purpose: ChallengePurpose; challenge: string };

export type SecondFactorSignedIn = SignedInMember & { secondFactorAt: number };

export function afterPassword(member: SignedInMember): PasswordOutcome {
  if (!requiresSecondFactor(member)) return { kind: "signed-in", member };
  const purpose: ChallengePurpose = member.totpEnabledAt ? "verify" : "enrol";
  return {
    kind: "second-factor",
    purpose,
    challenge: sealChallenge({
      memberId: member.id,
      sessionVersion: member.sessionVersion,
      purpose,
    }),
  };
}

/**
 * The code step: a right code for the member behind a live challenge signs them in (and, for an
 * enrolment, confirms their new second factor first). @throws AppError conflict (no live
 * challenge: a public call never answers a visitor 401, decision 0053), validation (wrong code),
 * rate_limited
 */
export async function completeWithCode(
  db: Db,
  challengeValue: string | undefined,
  code: string,
): Promise<SecondFactorSignedIn> {
  const { challenge, member } = await liveChallenge(db, challengeValue);
  if (challenge.purpose === "enrol" && !member.totpEnabledAt)
    await confirmSetup(db, member.id, code);
  else await verifySecondFactor(db, member.id, code);
  return { ...member, secondFactorAt: nowSeconds() };
}

/** A password that passed and a code straight after (POST /api/users/login with `code`). */
export async function completeWithPasswordAndCode(
  db: Db,
  member: SignedInMember,
  code: string,
): Promise<SecondFactorSignedIn> {
  await verifySecondFactor(db, member.id, code);
  return { ...member, secondFactorAt: nowSeconds() };
}

/** The set-up an admin without a second factor scans at the enrolment step of their sign-in. */
export async function setupFromChallenge(
  db: Db,
  challengeValue: string | undefined,
): Promise<SecondFactorSetup> {
  const { challenge, member } = await liveChallenge(db, challengeValue);
  if (challenge.purpose !== "enrol" || member.totpEnabledAt)
    throw new AppError("conflict", "Two-step sign-in is already set up: enter a code from it.");
  return startSetup(db, member.id);
}

async function liveChallenge(db: Db, value: string | undefined) {
  const challenge = readChallenge(value);
  const [member] = challenge
    ? await db.select(SIGNED_IN_COLUMNS).from(members).where(eq(members.id, challenge.memberId))
    : [];
  // A password reset or an operator's reset between the two steps voids the challenge.
  if (!challenge || !member || member.sessionVersion !== challenge.sessionVersion)
    throw new AppError("conflict", CHALLENGE_EXPIRED_MESSAGE);
  return { challenge, member };
}
