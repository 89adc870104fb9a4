import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET = "test-secret-test-secret-test-secret-0123456789";
  process.env.APP_URL = "https://market.example";
});

import { verifyPassword } from "@/server/auth/password";

// Counts the argon2 hashes made: an unusable code must not cost one (the call needs no sign-in).
const hashing = vi.hoisted(() => ({ calls: 0 }));
vi.mock("@/server/auth/password", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/server/auth/password")>();
  return {
    ...real,
    hashPassword: async (password: string) => {
      hashing.calls++;
      return real.hashPassword(password);
    },
  };
});
import type { Db } from "@/server/db/client";
import { emailOutbox, members, passwordResetTokens } from "@/server/db/schema";
import { clearRateLimitMemoryForTest } from "@/server/rate-limit";
import { closeTestDb, createTestDb } from "@/tests/db";
import { createCustomer } from "@/server/db/seed/factories";
import {
  FORGOT_PASSWORD_SUCCESS,
  hashResetCode,
  requestPasswordReset,
} from "./request-password-reset";
import { RESET_PASSWORD_SUCCESS, resetPassword } from "./reset-password";

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => closeTestDb(db));

const NEW_PASSWORD = "Carrots&Kale2026";

/** The code of the last reset mail sent to `to`, read from the link in the outbox. */
async function lastResetCode(to: string): Promise<string> {
  const rows = await db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
  const text = rows.at(-1)?.text ?? "";
  const match = /https:\/\/market\.example\/resetPassword\/([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
  return match[1];
}

describe("requestPasswordReset", () => {
  it("answers the same for an unknown email and sends nothing", async () => {
    clearRateLimitMemoryForTest();
    const before = await db.$count(emailOutbox);
    const answer = await requestPasswordReset(db, { email: "nobody@example.com", clientIp: null });
    expect(answer).toBe(FORGOT_PASSWORD_SUCCESS);
    expect(await db.$count(emailOutbox)).toBe(before);
  });

  it("mails a one-hour link and stores only the hash of its 32-byte code", async () => {
    clearRateLimitMemoryForTest();
    const member = await createCustomer(db);
    const answer = await requestPasswordReset(db, {
      email: member.email,
      clientIp: "198.51.100.7",
    });
    expect(answer).toBe(FORGOT_PASSWORD_SUCCESS);

    const code = await lastResetCode(member.email);
    expect(Buffer.from(code, "base64url")).toHaveLength(32);
    const [token] = await db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.memberId, member.id));
    expect(token!.tokenHash).toBe(hashResetCode(code));
    expect(token!.tokenHash).not.toContain(code);
    const ttl = token!.expiresAt.getTime() - token!.createdAt.getTime();
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(60 * 60_000 + 1_000);
  });

  it("does the same work before answering whether or not the email exists", async () => {
    clearRateLimitMemoryForTest();
    const member = await createCustomer(db);
    const deferred: string[] = [];
    const defer = () => deferred.push("task");
    await requestPasswordReset(db, { email: member.email, clientIp: null, defer });
    await requestPasswordReset(db, { email: "ghost@example.com", clientIp: null, defer });
    // Only storing the token and delivering differ, and those run after the answer.
    expect(deferred).toEqual(["task"]);
  });

  it("limits requests per email (5 an hour) and per client (20 an hour)", async () => {
    clearRateLimitMemoryForTest();
    for (let i = 0; i < 5; i++)
      await requestPasswordReset(db, { email: "limit@example.com", clientIp: null });
    await expect(
      requestPasswordReset(db, { email: "limit@example.com", clientIp: null }),
    ).rejects.toMatchObject({
      status: 429,
    });

    clearRateLimitMemoryForTest();
    for (let i = 0; i < 20; i++)
      await requestPasswordReset(db, { email: `ip${i}@example.com`, clientIp: "203.0.113.9" });
    await expect(
      requestPasswordReset(db, { email: "ip-last@example.com", clientIp: "203.0.113.9" }),
    ).rejects.toMatchObject({
      status: 429,
    });
    await expect(
      requestPasswordReset(db, { email: "ip-last@example.com", clientIp: "203.0.113.10" }),
    ).resolves.toBe(FORGOT_PASSWORD_SUCCESS);
  });
});

describe("resetPassword", () => {
  async function issueCode() {
    clearRateLimitMemoryForTest();
    const member = await createCustomer(db);
    await requestPasswordReset(db, { email: member.email, clientIp: null });
    return { member, code: await lastResetCode(member.email) };
  }

  it("sets the new password and ends every session", async () => {
    const { member, code } = await issueCode();
    expect(await resetPassword(db, { code, password: NEW_PASSWORD })).toBe(RESET_PASSWORD_SUCCESS);
    const [after] = await db.select().from(members).where(eq(members.id, member.id));
    expect(await verifyPassword(after!.passwordHash, NEW_PASSWORD)).toBe(true);
    expect(after!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(after!.sessionVersion).toBe(member.sessionVersion + 1);
  });

  it("refuses a used code, an unknown code and an expired code", async () => {
    const { code } = await issueCode();
    await resetPassword(db, { code, password: NEW_PASSWORD });
    await expect(resetPassword(db, { code, password: NEW_PASSWORD })).rejects.toMatchObject({
      status: 400,
    });
    await expect(
      resetPassword(db, { code: "A".repeat(43), password: NEW_PASSWORD }),
    ).rejects.toMatchObject({
      status: 400,
    });

    const expired = await issueCode();
    await db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(passwordResetTokens.tokenHash, hashResetCode(expired.code)));
    await expect(
      resetPassword(db, { code: expired.code, password: NEW_PASSWORD }),
    ).rejects.toMatchObject({
      status: 400,
    });
    const [unchanged] = await db.select().from(members).where(eq(members.id, expired.member.id));
    expect(unchanged!.sessionVersion).toBe(expired.member.sessionVersion);
  });

  it("refuses an unknown code before hashing the new password", async () => {
    const before = hashing.calls;
    await expect(
      resetPassword(db, { code: "B".repeat(43), password: NEW_PASSWORD }),
    ).rejects.toMatchObject({ status: 400 });
    expect(hashing.calls).toBe(before);
  });

  it("lets exactly one of 20 concurrent uses of one code succeed", async () => {
    const { member, code } = await issueCode();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        resetPassword(db, { code, password: `${NEW_PASSWORD}${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected")).toHaveLength(19);
    const [after] = await db.select().from(members).where(eq(members.id, member.id));
    expect(after!.sessionVersion).toBe(member.sessionVersion + 1);
  });

  it("spends the member's other outstanding links", async () => {
    const { member, code: first } = await issueCode();
    await requestPasswordReset(db, { email: member.email, clientIp: null });
    const second = await lastResetCode(member.email);
    await resetPassword(db, { code: second, password: NEW_PASSWORD });
    await expect(resetPassword(db, { code: first, password: NEW_PASSWORD })).rejects.toMatchObject({
      status: 400,
    });
  });
});
