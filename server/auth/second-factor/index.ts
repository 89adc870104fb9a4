import "server-only";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import { SIGN_IN_LIMIT } from "@/server/auth/sign-in";
import type { Db } from "@/server/db/client";
import { adminActions, members, recoveryCodes } from "@/server/db/schema";
import { AppError, conflict, forbiddenError, notFoundError } from "@/server/errors";
import { consumeRateLimit, resetRateLimit } from "@/server/rate-limit";
import {
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  qrSvg,
  readCode,
  verifyTotp,
} from "./codes";
import { seal, unseal } from "./secret-box";

export {
  isFreshSecondFactor,
  requiresSecondFactor,
  STEP_UP_MAX_AGE_SECONDS,
  STEP_UP_MESSAGE,
} from "./rules";

/**
 * Two-step sign-in (issue 43 item 6, decision 0053): a TOTP authenticator app, with ten one-time
 * recovery codes. Every admin must have it (set up at the first sign-in, which cannot be skipped);
 * any member may turn it on in Settings. A session of such a member carries the time its second
 * factor was checked (`sfa`), and the sensitive admin actions ask for a code again after 15 minutes.
 */

export const CODE_PROMPT_MESSAGE =
  "Enter the 6-digit code from your authenticator app, or one of your recovery codes.";
export const CODE_WRONG_MESSAGE =
  "That code is not right. Check your authenticator app and try again.";
export const CODE_REUSED_MESSAGE =
  "That code was just used. Wait for the next code in your authenticator app and enter it.";
export const CODE_RATE_LIMITED_MESSAGE = "Too many attempts. Please wait 15 minutes and try again.";
export const CHALLENGE_EXPIRED_MESSAGE =
  "Your sign-in took too long. Please enter your password again.";
export const ENROL_FIRST_MESSAGE =
  "Admins must set up two-step sign-in: sign in on the website to set it up first.";
export const TURNED_ON_MESSAGE = "Two-step sign-in is on.";
export const TURNED_OFF_MESSAGE = "Two-step sign-in is off.";
export const ALREADY_ON_MESSAGE = "Two-step sign-in is already on.";
export const NOT_ON_MESSAGE = "Two-step sign-in is not on.";
export const NO_SETUP_MESSAGE =
  "Start the set-up again: scan the new QR code, then enter its code.";
export const ADMIN_KEEPS_IT_MESSAGE = "Admins cannot turn two-step sign-in off.";
export const RESET_SELF_MESSAGE =
  "Your own two-step sign-in is changed by another admin, not here.";
export const RESET_NONE_MESSAGE = "This member has not set up two-step sign-in.";
export const SECOND_FACTOR_RESET_MESSAGE =
  "Two-step sign-in has been reset: the member sets it up again at their next sign-in.";

export type SecondFactorSetup = {
  /** Base32, for typing into an app that cannot scan. */
  secret: string;
  otpauthUri: string;
  /** The QR code of `otpauthUri`, as SVG markup. */
  qrSvg: string;
  /** Shown once; only their hashes are kept. */
  recoveryCodes: string[];
};

export type SecondFactorStatus = { enabled: boolean; recoveryCodesLeft: number };

export async function getSecondFactorStatus(db: Db, memberId: number): Promise<SecondFactorStatus> {
  const [row] = await db
    .select({ enabledAt: members.totpEnabledAt, left: count(recoveryCodes.id) })
    .from(members)
    .leftJoin(
      recoveryCodes,
      and(
        eq(recoveryCodes.memberId, members.id),
        eq(recoveryCodes.pending, false),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .where(eq(members.id, memberId))
    .groupBy(members.id);
  if (!row) throw notFoundError();
  return { enabled: row.enabledAt !== null, recoveryCodesLeft: row.enabledAt ? row.left : 0 };
}

/**
 * A new secret and ten recovery codes, kept pending until a code from the app confirms them
 * (`confirmSetup`). Starting again replaces the pending ones; the member's active factor, if any,
 * is refused here (turn it off first).
 */
export async function startSetup(db: Db, memberId: number): Promise<SecondFactorSetup> {
  const secret = newTotpSecret();
  const codes = newRecoveryCodes();
  const account = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ email: members.email, enabledAt: members.totpEnabledAt })
      .from(members)
      .where(eq(members.id, memberId))
      .for("update");
    if (!found) throw notFoundError();
    if (found.enabledAt) throw conflict(ALREADY_ON_MESSAGE);
    await tx
      .update(members)
      .set({ totpPendingSecret: seal("totp-secret", secret) })
      .where(eq(members.id, memberId));
    await tx
      .delete(recoveryCodes)
      .where(and(eq(recoveryCodes.memberId, memberId), eq(recoveryCodes.pending, true)));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((code) => ({ memberId, codeHash: hashRecoveryCode(code), pending: true })));
    return found.email;
  });
  const uri = otpauthUri(secret, account);
  return { secret, otpauthUri: uri, qrSvg: await qrSvg(uri), recoveryCodes: codes };
}

/**
 * The pending set-up becomes the member's second factor once a code from the app matches it: its
 * secret, its recovery codes (replacing any older ones), the step of that code. An admin's
 * enrolment goes in the audit trail.
 */
export async function confirmSetup(db: Db, memberId: number, typed: string): Promise<void> {
  const [found] = await db
    .select({ pending: members.totpPendingSecret, memberType: members.memberType })
    .from(members)
    .where(eq(members.id, memberId));
  const secret = unseal("totp-secret", found?.pending);
  if (!found || !secret) throw conflict(NO_SETUP_MESSAGE);
  await spendAttempt(db, memberId);
  const code = readCode(typed);
  const step = code?.kind === "totp" ? await verifyTotp(secret, code.value, null) : null;
  if (step === null) throw wrongCode(memberId, "set-up");

  await db.transaction(async (tx) => {
    const [enabled] = await tx
      .update(members)
      .set({
        totpSecret: found.pending,
        totpPendingSecret: null,
        totpEnabledAt: new Date(),
        totpLastStep: step,
      })
      // The same pending secret: a set-up started again in another tab meanwhile wins.
      .where(and(eq(members.id, memberId), eq(members.totpPendingSecret, found.pending!)))
      .returning({ id: members.id });
    if (!enabled) throw conflict(NO_SETUP_MESSAGE);
    await tx
      .delete(recoveryCodes)
      .where(and(eq(recoveryCodes.memberId, memberId), eq(recoveryCodes.pending, false)));
    await tx
      .update(recoveryCodes)
      .set({ pending: false })
      .where(eq(recoveryCodes.memberId, memberId));
    if (found.memberType === "admin")
      await tx.insert(adminActions).values({
        adminId: memberId,
        action: "second_factor_enrol",
        target: `member:${memberId}`,
        before: { enabled: false },
        after: { enabled: true },
      });
  });
  await resetRateLimit(db, attemptKey(memberId));
}

/**
 * Checks a code of the member's active second factor: a TOTP code newer than the last one
 * accepted, or an unused recovery code (spent here). 10 failures in 15 minutes lock the code
 * step like sign-in. @throws AppError validation (wrong or reused code), rate_limited, conflict
 */
export async function verifySecondFactor(
  db: Db,
  memberId: number,
  typed: string,
): Promise<{ kind: "totp" | "recovery" }> {
  const [found] = await db
    .select({ secret: members.totpSecret, lastStep: members.totpLastStep })
    .from(members)
    .where(and(eq(members.id, memberId), sql`${members.totpEnabledAt} is not null`));
  const secret = unseal("totp-secret", found?.secret);
  if (!found || !secret) throw conflict(NOT_ON_MESSAGE);
  await spendAttempt(db, memberId);
  const code = readCode(typed);
  if (!code) throw wrongCode(memberId, "shape");

  if (code.kind === "recovery") {
    const [spent] = await db
      .update(recoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(recoveryCodes.memberId, memberId),
          eq(recoveryCodes.codeHash, hashRecoveryCode(code.value)),
          eq(recoveryCodes.pending, false),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    if (!spent) throw wrongCode(memberId, "recovery");
  } else {
    // Any valid step, even one already used, says the code is right; only a newer one is taken.
    const step = await verifyTotp(secret, code.value, null);
    if (step === null) throw wrongCode(memberId, "totp");
    const [taken] = await db
      .update(members)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(members.id, memberId),
          sql`(${members.totpLastStep} is null or ${members.totpLastStep} < ${step})`,
        ),
      )
      .returning({ id: members.id });
    if (!taken)
      throw new AppError("validation", CODE_REUSED_MESSAGE, {
        fieldErrors: { code: [CODE_REUSED_MESSAGE] },
        logMessage: `second-factor code replayed for member ${memberId}`,
      });
  }
  await resetRateLimit(db, attemptKey(memberId));
  return { kind: code.kind };
}

/** A member (never an admin) turns two-step sign-in off with a current code. */
export async function turnOffSecondFactor(db: Db, memberId: number, typed: string): Promise<void> {
  const [found] = await db
    .select({ memberType: members.memberType })
    .from(members)
    .where(eq(members.id, memberId));
  if (found?.memberType === "admin") throw forbiddenError(ADMIN_KEEPS_IT_MESSAGE);
  await verifySecondFactor(db, memberId, typed);
  await clearSecondFactor(db, memberId);
}

/**
 * An admin clears another member's second factor (a lost phone and lost codes): every session of
 * the member ends, and an admin or a member who had it on sets it up again at the next sign-in.
 * Recorded in the audit trail. @throws AppError not_found, forbidden (oneself), conflict (none)
 */
export async function resetSecondFactor(
  db: Db,
  { adminId, userId }: { adminId: number; userId: number },
): Promise<{ message: string }> {
  if (adminId === userId) throw forbiddenError(RESET_SELF_MESSAGE);
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ enabledAt: members.totpEnabledAt, sessionVersion: members.sessionVersion })
      .from(members)
      .where(eq(members.id, userId))
      .for("update");
    if (!found) throw notFoundError("There is no member with that id.");
    if (!found.enabledAt) throw conflict(RESET_NONE_MESSAGE);
    await clearSecondFactor(tx, userId, { endSessions: true });
    await tx.insert(adminActions).values({
      adminId,
      action: "second_factor_reset",
      target: `member:${userId}`,
      before: { enabled: true, sessionVersion: found.sessionVersion },
      after: { enabled: false, sessionVersion: found.sessionVersion + 1, sessionsEnded: true },
    });
  });
  return { message: SECOND_FACTOR_RESET_MESSAGE };
}

/**
 * Turns two-step sign-in on with a secret chosen by the caller, without recovery codes: only for
 * the embedded demo's admin, whose secret the README prints (like its password) so a newcomer can
 * add it to any authenticator app.
 */
export async function enrolDemoSecret(db: Db, memberId: number, secret: string): Promise<void> {
  await db
    .update(members)
    .set({ totpSecret: seal("totp-secret", secret), totpEnabledAt: new Date() })
    .where(eq(members.id, memberId));
}

/**
 * `npm run admin:create -- --reset-second-factor --username NAME`: the operator on the server
 * clears an account's second factor when no other admin can (the only admin lost their phone and
 * codes, or NEXTAUTH_SECRET was rotated). Sessions end; the audit row names the command.
 */
export async function resetSecondFactorFromServer(
  db: Db,
  username: string,
): Promise<{ username: string } | null> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: members.id, sessionVersion: members.sessionVersion })
      .from(members)
      .where(eq(members.username, username.trim().toLowerCase()))
      .for("update");
    if (!found) return null;
    await clearSecondFactor(tx, found.id, { endSessions: true });
    await tx.insert(adminActions).values({
      adminId: found.id,
      action: "second_factor_reset",
      target: `member:${found.id}`,
      before: { sessionVersion: found.sessionVersion },
      after: { by: "npm run admin:create -- --reset-second-factor", sessionsEnded: true },
    });
    return { username };
  });
}

type Executor = Pick<Db, "update" | "delete">;

async function clearSecondFactor(
  db: Executor,
  memberId: number,
  { endSessions = false }: { endSessions?: boolean } = {},
): Promise<void> {
  await db
    .update(members)
    .set({
      totpSecret: null,
      totpPendingSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
      ...(endSessions ? { sessionVersion: sql`${members.sessionVersion} + 1` } : {}),
    })
    .where(eq(members.id, memberId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.memberId, memberId));
}

function attemptKey(memberId: number): string {
  return `second-factor:member:${memberId}`;
}

/** Counted before the check, like sign-in, so concurrent guesses cannot all slip under the limit. */
async function spendAttempt(db: Db, memberId: number): Promise<void> {
  if ((await consumeRateLimit(db, attemptKey(memberId), SIGN_IN_LIMIT)).allowed) return;
  throw new AppError("rate_limited", CODE_RATE_LIMITED_MESSAGE, {
    logMessage: `second-factor codes refused by the rate limit for member ${memberId}`,
  });
}

function wrongCode(memberId: number, what: string): AppError {
  return new AppError("validation", CODE_WRONG_MESSAGE, {
    fieldErrors: { code: [CODE_WRONG_MESSAGE] },
    logMessage: `wrong second-factor code (${what}) for member ${memberId}`,
  });
}
