import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@/lib/validation/messages";
import { verifyPassword } from "@/server/auth/password";
import type { Db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { closeTestDb, createTestDb } from "@/tests/db";
import { createCustomer } from "@/server/db/seed/factories";
import { ADMIN_TAKEN_MESSAGE, createAdminAccount } from "./create-admin-account";

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => closeTestDb(db));

const input = {
  username: "ops_anna",
  email: "anna.ops@example.com",
  firstName: "Anna",
  lastName: "Ross",
  password: "Ops-Desk-Pass-2026!",
};

describe("createAdminAccount (npm run admin:create)", () => {
  it("makes an admin who can sign in with the password", async () => {
    const admin = await createAdminAccount(db, input);
    const row = await db.query.members.findFirst({ where: (m, { eq }) => eq(m.id, admin.id) });
    expect(row).toMatchObject({ memberType: "admin", username: "ops_anna" });
    expect(await verifyPassword(row!.passwordHash, input.password)).toBe(true);
  });

  it("never promotes an existing member: a taken username or email is refused", async () => {
    const member = await createCustomer(db);
    for (const taken of [{ username: member.username }, { email: member.email.toUpperCase() }]) {
      const error = await createAdminAccount(db, { ...input, username: "ops_new", ...taken }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).message).toBe(ADMIN_TAKEN_MESSAGE);
    }
    const same = await db.query.members.findFirst({ where: (m, { eq }) => eq(m.id, member.id) });
    expect(same!.memberType).toBe("customer");
  });

  it("holds the registration rule for the password", async () => {
    await expect(
      createAdminAccount(db, {
        ...input,
        username: "ops_weak",
        email: "w@example.com",
        password: "weak",
      }),
    ).rejects.toThrow(MSG.passwordRule);
  });
});
