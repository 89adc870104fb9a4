import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/db/client";
import { adminActions, members, recoveryCodes } from "@/server/db/schema";
import { createAdmin, createCustomer } from "@/server/db/seed/factories";
import { AppError } from "@/server/errors";
import { closeTestDb, createTestDb } from "@/tests/db";
import { currentStep, totpCode } from "@/tests/totp";
import { readChallenge, sealChallenge } from "./challenge";
import { readCode } from "./codes";
import {
  ADMIN_KEEPS_IT_MESSAGE,
  ALREADY_ON_MESSAGE,
  CHALLENGE_EXPIRED_MESSAGE,
  CODE_RATE_LIMITED_MESSAGE,
  CODE_REUSED_MESSAGE,
  CODE_WRONG_MESSAGE,
  NO_SETUP_MESSAGE,
  RESET_NONE_MESSAGE,
  RESET_SELF_MESSAGE,
  confirmSetup,
  getSecondFactorStatus,
  isFreshSecondFactor,
  resetSecondFactor,
  resetSecondFactorFromServer,
  startSetup,
  turnOffSecondFactor,
  verifySecondFactor,
} from "./index";
import { seal, unseal } from "./secret-box";
import { afterPassword, completeWithCode, setupFromChallenge } from "./sign-in-steps";

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => closeTestDb(db));

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return { code: (error as AppError).code, message: (error as AppError).publicMessage };
}

/** A member with two-step sign-in on, and the secret their app holds. */
async function enrolled(kind: "customer" | "admin" = "customer") {
  const member = kind === "admin" ? await createAdmin(db) : await createCustomer(db);
  const setup = await startSetup(db, member.id);
  await confirmSetup(db, member.id, await totpCode(setup.secret, currentStep()));
  return { member, setup };
}

const row = async (id: number) => (await db.select().from(members).where(eq(members.id, id)))[0]!;

describe("setting up two-step sign-in", () => {
  it("keeps the secret sealed and the codes hashed until a right code turns it on", async () => {
    const member = await createCustomer(db);
    const setup = await startSetup(db, member.id);
    expect(setup.recoveryCodes).toHaveLength(10);
    expect(setup.otpauthUri).toContain(`secret=${setup.secret}`);
    expect(setup.qrSvg).toMatch(/^<svg/);
    const pending = await row(member.id);
    expect(pending.totpPendingSecret).not.toContain(setup.secret);
    expect(unseal("totp-secret", pending.totpPendingSecret)).toBe(setup.secret);
    expect(pending.totpEnabledAt).toBeNull();

    expect(await refusal(confirmSetup(db, member.id, "000000"))).toEqual({
      code: "validation",
      message: CODE_WRONG_MESSAGE,
    });
    expect((await row(member.id)).totpEnabledAt).toBeNull();

    await confirmSetup(db, member.id, await totpCode(setup.secret, currentStep()));
    const on = await row(member.id);
    expect(on.totpEnabledAt).not.toBeNull();
    expect(on.totpPendingSecret).toBeNull();
    expect(unseal("totp-secret", on.totpSecret)).toBe(setup.secret);
    expect(await getSecondFactorStatus(db, member.id)).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    const stored = await db
      .select({ hash: recoveryCodes.codeHash })
      .from(recoveryCodes)
      .where(eq(recoveryCodes.memberId, member.id));
    expect(stored.map((r) => r.hash)).not.toContain(setup.recoveryCodes[0]);
    expect(await refusal(startSetup(db, member.id))).toMatchObject({
      message: ALREADY_ON_MESSAGE,
    });
  });

  it("confirms nothing without a set-up started, and records an admin's enrolment", async () => {
    const member = await createCustomer(db);
    expect(await refusal(confirmSetup(db, member.id, "123456"))).toMatchObject({
      code: "conflict",
      message: NO_SETUP_MESSAGE,
    });
    const { member: admin } = await enrolled("admin");
    const trail = await db.select().from(adminActions).where(eq(adminActions.adminId, admin.id));
    expect(trail).toMatchObject([
      { action: "second_factor_enrol", target: `member:${admin.id}`, after: { enabled: true } },
    ]);
  });
});

describe("checking a code", () => {
  it("takes each 30-second step once, and the next step early", async () => {
    const { member, setup } = await enrolled();
    // The set-up took the current step: the same code again is a replay.
    const now = await totpCode(setup.secret, currentStep());
    expect(await refusal(verifySecondFactor(db, member.id, now))).toMatchObject({
      code: "validation",
      message: CODE_REUSED_MESSAGE,
    });
    const next = await totpCode(setup.secret, currentStep() + 1);
    expect(
      await verifySecondFactor(db, member.id, ` ${next.slice(0, 3)} ${next.slice(3)} `),
    ).toEqual({
      kind: "totp",
    });
    expect(await refusal(verifySecondFactor(db, member.id, next))).toMatchObject({
      message: CODE_REUSED_MESSAGE,
    });
    expect(await refusal(verifySecondFactor(db, member.id, "12345"))).toMatchObject({
      message: CODE_WRONG_MESSAGE,
    });
  });

  it("spends a recovery code once, in any case and with or without its dash", async () => {
    const { member, setup } = await enrolled();
    const code = setup.recoveryCodes[3]!;
    expect(await verifySecondFactor(db, member.id, code.toUpperCase().replace("-", ""))).toEqual({
      kind: "recovery",
    });
    expect(await refusal(verifySecondFactor(db, member.id, code))).toMatchObject({
      message: CODE_WRONG_MESSAGE,
    });
    expect((await getSecondFactorStatus(db, member.id)).recoveryCodesLeft).toBe(9);
  });

  it("refuses even the right code after 10 wrong ones in 15 minutes", async () => {
    const { member, setup } = await enrolled();
    for (let i = 0; i < 10; i++) await refusal(verifySecondFactor(db, member.id, "999999"));
    const right = await totpCode(setup.secret, currentStep() + 1);
    expect(await refusal(verifySecondFactor(db, member.id, right))).toEqual({
      code: "rate_limited",
      message: CODE_RATE_LIMITED_MESSAGE,
    });
  });

  it("reads the two shapes a person types, and nothing else", () => {
    expect(readCode("123 456")).toEqual({ kind: "totp", value: "123456" });
    expect(readCode("K7MQ2-XR9TB")).toEqual({ kind: "recovery", value: "k7mq2xr9tb" });
    for (const typed of ["", "12345", "1234567", "k7mq2-xr9t1", "<script>"])
      expect(readCode(typed)).toBeNull();
  });

  it("counts a check fresh for 15 minutes", () => {
    expect(isFreshSecondFactor(1000, 1000 + 14 * 60)).toBe(true);
    expect(isFreshSecondFactor(1000, 1000 + 15 * 60)).toBe(false);
    expect(isFreshSecondFactor(undefined, 1000)).toBe(false);
  });
});

describe("turning it off and resetting it", () => {
  it("lets a member turn it off with a code, never an admin", async () => {
    const { member, setup } = await enrolled();
    await turnOffSecondFactor(db, member.id, setup.recoveryCodes[0]!);
    expect(await getSecondFactorStatus(db, member.id)).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    const { member: admin, setup: adminSetup } = await enrolled("admin");
    expect(
      await refusal(turnOffSecondFactor(db, admin.id, adminSetup.recoveryCodes[0]!)),
    ).toMatchObject({ code: "forbidden", message: ADMIN_KEEPS_IT_MESSAGE });
  });

  it("an admin resets another member's: sessions end, the trail records it", async () => {
    const { member: operator } = await enrolled("admin");
    const { member } = await enrolled();
    const before = await row(member.id);
    expect(
      await refusal(resetSecondFactor(db, { adminId: operator.id, userId: operator.id })),
    ).toMatchObject({
      code: "forbidden",
      message: RESET_SELF_MESSAGE,
    });
    await resetSecondFactor(db, { adminId: operator.id, userId: member.id });
    const after = await row(member.id);
    expect(after).toMatchObject({ totpSecret: null, totpEnabledAt: null });
    expect(after.sessionVersion).toBe(before.sessionVersion + 1);
    const trail = await db
      .select()
      .from(adminActions)
      .where(eq(adminActions.target, `member:${member.id}`));
    expect(trail).toMatchObject([{ adminId: operator.id, action: "second_factor_reset" }]);
    expect(
      await refusal(resetSecondFactor(db, { adminId: operator.id, userId: member.id })),
    ).toMatchObject({ code: "conflict", message: RESET_NONE_MESSAGE });
  });
});

describe("npm run admin:create -- --reset-second-factor", () => {
  it("clears an account's second factor on the server, ends its sessions and says so in the trail", async () => {
    const { member: admin } = await enrolled("admin");
    expect(await resetSecondFactorFromServer(db, "nobody_here")).toBeNull();
    expect(await resetSecondFactorFromServer(db, admin.username.toUpperCase())).toEqual({
      username: admin.username.toUpperCase(),
    });
    const after = await row(admin.id);
    expect(after).toMatchObject({ totpEnabledAt: null, sessionVersion: admin.sessionVersion + 1 });
    const trail = await db
      .select()
      .from(adminActions)
      .where(eq(adminActions.target, `member:${admin.id}`))
      .orderBy(adminActions.id);
    expect(trail.map((r) => r.action)).toEqual(["second_factor_enrol", "second_factor_reset"]);
  });
});

describe("signing in in two steps", () => {
  const signedIn = (m: Awaited<ReturnType<typeof createAdmin>>) => ({
    id: m.id,
    userKey: m.userKey,
    username: m.username,
    memberType: m.memberType,
    sessionVersion: m.sessionVersion,
    totpEnabledAt: m.totpEnabledAt,
  });

  it("a member without a second factor is signed in by the password", async () => {
    const member = await createCustomer(db);
    expect(afterPassword(signedIn(member))).toMatchObject({ kind: "signed-in" });
  });

  it("an admin without one sets it up at the sign-in, and only a right code signs them in", async () => {
    const admin = await createAdmin(db);
    const outcome = afterPassword(signedIn(admin));
    expect(outcome).toMatchObject({ kind: "second-factor", purpose: "enrol" });
    if (outcome.kind !== "second-factor") return;
    const setup = await setupFromChallenge(db, outcome.challenge);
    expect(await refusal(completeWithCode(db, outcome.challenge, "000000"))).toMatchObject({
      message: CODE_WRONG_MESSAGE,
    });
    const done = await completeWithCode(
      db,
      outcome.challenge,
      await totpCode(setup.secret, currentStep()),
    );
    expect(done).toMatchObject({ id: admin.id, memberType: "admin" });
    expect(done.secondFactorAt).toBeGreaterThan(0);
    expect((await row(admin.id)).totpEnabledAt).not.toBeNull();
  });

  it("refuses a forged, foreign or outdated challenge as a sign-in to start again", async () => {
    const { member, setup } = await enrolled();
    const code = await totpCode(setup.secret, currentStep() + 1);
    const forged = seal("totp-secret", JSON.stringify({ memberId: member.id }));
    const stale = sealChallenge({
      memberId: member.id,
      sessionVersion: member.sessionVersion + 5,
      purpose: "verify",
    });
    for (const challenge of [undefined, "v1.nonsense", forged, stale])
      expect(await refusal(completeWithCode(db, challenge, code))).toEqual({
        code: "conflict",
        message: CHALLENGE_EXPIRED_MESSAGE,
      });
    expect(readChallenge(forged)).toBeNull();
    const live = sealChallenge({
      memberId: member.id,
      sessionVersion: member.sessionVersion,
      purpose: "verify",
    });
    expect(await completeWithCode(db, live, code)).toMatchObject({ id: member.id });
  });
});
