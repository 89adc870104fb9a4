import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock(import("@/server/security"), async (importOriginal) => ({
  ...(await importOriginal()),
  recordSignIn: async () => {},
}));

import { POST as login } from "@/app/api/users/login/route";
import { POST as codeStep } from "@/app/api/users/login/secondFactor/route";
import { POST as setupStep } from "@/app/api/users/login/secondFactor/setup/route";
import { POST as verify } from "@/app/api/users/secondFactor/verify/route";
import {
  DELETE as turnOff,
  GET as status,
  POST as startSetup,
  PUT as turnOn,
} from "@/app/api/settings/secondFactor/route";
import { POST as resetSecondFactor } from "@/app/api/scripts/resetSecondFactor/route";
import { POST as updatePassword } from "@/app/api/scripts/updatePassword/route";
import { STEP_UP_FIELD } from "@/lib/auth/second-factor";
import {
  CHALLENGE_EXPIRED_MESSAGE,
  CODE_PROMPT_MESSAGE,
  ENROL_FIRST_MESSAGE,
  STEP_UP_MESSAGE,
} from "@/server/auth/second-factor";
import { CHALLENGE_COOKIE } from "@/server/auth/second-factor/challenge";
import { decodeSessionToken, encodeSessionToken, nowSeconds } from "@/server/auth/token";
import { stampedHeadersForTest } from "@/server/base/connection";
import type { Db } from "@/server/db/client";
import {
  DEFAULT_PASSWORD,
  createAdmin,
  createCustomer,
  type Member,
} from "@/server/db/seed/factories";
import { clearRateLimitMemoryForTest } from "@/server/rate-limit";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import { currentStep, totpCode } from "@/tests/totp";

let db: Db;
beforeAll(async () => {
  db = await createRouteTestDb();
});
afterAll(() => closeTestDb(db));
beforeEach(() => clearRateLimitMemoryForTest());

const ctx = { params: Promise.resolve({}) };
const SITE = "http://localhost:3000";

function call(
  path: string,
  { body, cookie, method = "POST" }: { body?: unknown; cookie?: string; method?: string } = {},
) {
  return new Request(`${SITE}${path}`, {
    method,
    headers: stampedHeadersForTest("198.51.100.30", {
      origin: SITE,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(cookie ? { cookie } : {}),
    }),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** The value a Set-Cookie line sets for `name`. */
function cookieValue(response: Response, name: string): string | undefined {
  const line = response.headers.getSetCookie().find((l) => l.startsWith(`${name}=`));
  return line?.slice(name.length + 1, line.indexOf(";"));
}

async function sessionCookie(member: Member, secondFactorAt?: number): Promise<string> {
  const row = await db.query.members.findFirst({ where: (m, { eq }) => eq(m.id, member.id) });
  const token = await encodeSessionToken({
    memberId: member.id,
    sessionVersion: row!.sessionVersion,
    signedInAt: nowSeconds(),
    ...(secondFactorAt === undefined ? {} : { secondFactorAt }),
  });
  return `_token=${token}`;
}

/** An admin through the enrolment at their first sign-in: the secret their app now holds. */
async function enrolledAdmin(): Promise<{ admin: Member; secret: string }> {
  const admin = await createAdmin(db);
  const first = await login(
    call("/api/users/login", { body: { login: admin.username, password: DEFAULT_PASSWORD } }),
    ctx,
  );
  const challenge = `${CHALLENGE_COOKIE}=${cookieValue(first, CHALLENGE_COOKIE)}`;
  const setup = (await (await setupStep(call("/x", { cookie: challenge }), ctx)).json()) as {
    secret: string;
  };
  const done = await codeStep(
    call("/x", { cookie: challenge, body: { code: await totpCode(setup.secret, currentStep()) } }),
    ctx,
  );
  expect(done.status).toBe(200);
  return { admin, secret: setup.secret };
}

describe("an admin's sign-in", () => {
  it("asks an admin without a second factor to set one up, with no session before the code", async () => {
    const admin = await createAdmin(db);
    const first = await login(
      call("/api/users/login", { body: { login: admin.username, password: DEFAULT_PASSWORD } }),
      ctx,
    );
    expect(first.status).toBe(401);
    expect(await first.json()).toEqual({ message: ENROL_FIRST_MESSAGE, secondFactor: "enrol" });
    expect(cookieValue(first, "_token")).toBeUndefined();
    const challenge = `${CHALLENGE_COOKIE}=${cookieValue(first, CHALLENGE_COOKIE)}`;

    const setup = await setupStep(call("/x", { cookie: challenge }), ctx);
    expect(setup.status).toBe(200);
    const { secret, recoveryCodes } = (await setup.json()) as {
      secret: string;
      recoveryCodes: string[];
    };
    expect(recoveryCodes).toHaveLength(10);

    const wrong = await codeStep(call("/x", { cookie: challenge, body: { code: "000000" } }), ctx);
    expect(wrong.status).toBe(422);
    const right = await codeStep(
      call("/x", { cookie: challenge, body: { code: await totpCode(secret, currentStep()) } }),
      ctx,
    );
    expect(right.status).toBe(200);
    const { token } = (await right.json()) as { token: string };
    expect((await decodeSessionToken(token))?.secondFactorAt).toBeGreaterThan(0);
    expect(cookieValue(right, "_token")).toBe(token);
    expect(cookieValue(right, CHALLENGE_COOKIE)).toBe("");
    const trail = await db.query.adminActions.findMany({
      where: (a, { eq }) => eq(a.adminId, admin.id),
    });
    expect(trail.map((r) => r.action)).toEqual(["second_factor_enrol"]);
  });

  it("takes the code with the password, or asks for it", async () => {
    const { admin, secret } = await enrolledAdmin();
    const asked = await login(
      call("/api/users/login", { body: { login: admin.email, password: DEFAULT_PASSWORD } }),
      ctx,
    );
    expect(asked.status).toBe(401);
    expect(await asked.json()).toEqual({ message: CODE_PROMPT_MESSAGE, secondFactor: "verify" });
    const signedIn = await login(
      call("/api/users/login", {
        body: {
          login: admin.email,
          password: DEFAULT_PASSWORD,
          code: await totpCode(secret, currentStep() + 1),
        },
      }),
      ctx,
    );
    expect(signedIn.status).toBe(200);
    // A wrong password never reaches the code: the same answer as any failed sign-in.
    const wrongPassword = await login(
      call("/api/users/login", {
        body: { login: admin.email, password: "nope", code: "123456" },
      }),
      ctx,
    );
    expect(wrongPassword.status).toBe(401);
    expect(await wrongPassword.json()).not.toHaveProperty("secondFactor");
  });

  it("finishes no sign-in without the password step's challenge", async () => {
    for (const cookie of [undefined, `${CHALLENGE_COOKIE}=v1.forged`]) {
      const answer = await codeStep(
        call("/x", { ...(cookie ? { cookie } : {}), body: { code: "123456" } }),
        ctx,
      );
      expect(answer.status).toBe(409);
      expect(((await answer.json()) as { message: string }).message).toBe(
        CHALLENGE_EXPIRED_MESSAGE,
      );
    }
  });

  it("an admin token minted without the second factor reaches no admin call", async () => {
    const { admin } = await enrolledAdmin();
    const answer = await updatePassword(
      call("/x", { cookie: await sessionCookie(admin), body: { userId: 1, password: "x" } }),
      ctx,
    );
    expect(answer.status).toBe(401);
  });
});

describe("the step-up of the sensitive admin calls", () => {
  it("asks for a code after 15 minutes, and a verified code lets the call through", async () => {
    const { admin, secret } = await enrolledAdmin();
    const member = await createCustomer(db);
    const body = { userId: member.id, password: "Fresh-Start-Pass-2026!" };
    const stale = await sessionCookie(admin, nowSeconds() - 16 * 60);
    const refused = await updatePassword(call("/x", { cookie: stale, body }), ctx);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      message: STEP_UP_MESSAGE,
      errors: { [STEP_UP_FIELD]: [STEP_UP_MESSAGE] },
    });

    const checked = await verify(
      call("/x", { cookie: stale, body: { code: await totpCode(secret, currentStep() + 1) } }),
      ctx,
    );
    expect(checked.status).toBe(200);
    const fresh = `_token=${cookieValue(checked, "_token")}`;
    const done = await updatePassword(call("/x", { cookie: fresh, body }), ctx);
    expect(done.status).toBe(200);
  });

  it("an admin resets a member's second factor through the step-up", async () => {
    const { admin } = await enrolledAdmin();
    const { admin: other } = await enrolledAdmin();
    const cookie = await sessionCookie(admin, nowSeconds());
    const answer = await resetSecondFactor(call("/x", { cookie, body: { userId: other.id } }), ctx);
    expect(answer.status).toBe(200);
    const row = await db.query.members.findFirst({ where: (m, { eq }) => eq(m.id, other.id) });
    expect(row!.totpEnabledAt).toBeNull();
  });
});

describe("Settings → Two-step sign-in", () => {
  it("a customer turns it on and keeps this session, then turns it off", async () => {
    const customer = await createCustomer(db);
    const cookie = await sessionCookie(customer);
    expect(await (await status(call("/x", { cookie, method: "GET" }), ctx)).json()).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      required: false,
    });
    const setup = (await (await startSetup(call("/x", { cookie }), ctx)).json()) as {
      secret: string;
      recoveryCodes: string[];
    };
    const on = await turnOn(
      call("/x", {
        cookie,
        method: "PUT",
        body: { code: await totpCode(setup.secret, currentStep()) },
      }),
      ctx,
    );
    expect(on.status).toBe(200);
    // The old token never passed the new second factor: it is no session any more.
    expect((await status(call("/x", { cookie, method: "GET" }), ctx)).status).toBe(401);
    const kept = `_token=${cookieValue(on, "_token")}`;
    expect(await (await status(call("/x", { cookie: kept, method: "GET" }), ctx)).json()).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
      required: false,
    });
    const off = await turnOff(
      call("/x", { cookie: kept, method: "DELETE", body: { code: setup.recoveryCodes[0] } }),
      ctx,
    );
    expect(off.status).toBe(200);
  });
});
