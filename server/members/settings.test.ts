import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// getSessionMemberFromRequest reads the process-wide database: give it this file's.

import { passwordChangeSchema } from "@/lib/validation/profile";
import { verifyPassword } from "@/server/auth/password";
import { getSessionMemberFromRequest } from "@/server/auth/session";
import { signInWithPassword } from "@/server/auth/sign-in";
import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import type { Db } from "@/server/db/client";
import { members } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import { createCustomer, createMerchant, DEFAULT_PASSWORD } from "@/server/db/seed/factories";
import {
  changePassword,
  TOO_MANY_WRONG_PASSWORDS_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
} from "./change-password";
import {
  getNotificationPreferences,
  isNotificationAllowed,
  setNotificationPreference,
} from "./notification-preferences";
import { CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE } from "@/server/stripe";
import { updateCheckoutOptions } from "./update-checkout-options";

let db: Db;
beforeAll(async () => {
  db = await createRouteTestDb();
});
afterAll(() => closeTestDb(db));

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const NEW_PASSWORD = "Brand-new-pass-2026";

describe("password change", () => {
  it.each([
    [
      { currentPassword: "x", newPassword: "", confirmNewPassword: "" },
      "newPassword",
      "New Password is empty.",
    ],
    [
      { currentPassword: "x", newPassword: NEW_PASSWORD, confirmNewPassword: "" },
      "confirmNewPassword",
      "Confirm New Password is empty.",
    ],
    [
      { currentPassword: "x", newPassword: NEW_PASSWORD, confirmNewPassword: `${NEW_PASSWORD}!` },
      "confirmNewPassword",
      "New Password and Confirm New Password are mismatching.",
    ],
    [
      { currentPassword: "x", newPassword: "short", confirmNewPassword: "short" },
      "newPassword",
      "Enter minimum 12 characters with small letter, big letter, numbers, and symbols",
    ],
    [
      { currentPassword: "", newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD },
      "currentPassword",
      "Current Password is empty.",
    ],
  ])("refuses %j with its message", (input, field, message) => {
    const result = passwordChangeSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues.filter((i) => i.path[0] === field).map((i) => i.message)).toEqual([
      message,
    ]);
  });

  it("refuses a wrong current password on its field and keeps the old one", async () => {
    const member = await createCustomer(db);
    const error = await failure(
      changePassword(db, {
        memberId: member.id,
        currentPassword: "Wrong-password-1",
        newPassword: NEW_PASSWORD,
      }),
    );
    expect(error.code).toBe("validation");
    expect(error.fieldErrors).toEqual({ currentPassword: [WRONG_CURRENT_PASSWORD_MESSAGE] });
    const [row] = await db.select().from(members).where(eq(members.id, member.id));
    expect(row!.sessionVersion).toBe(member.sessionVersion);
    expect(await verifyPassword(row!.passwordHash, DEFAULT_PASSWORD)).toBe(true);
  });

  it("stops guessing the current password after 10 wrong ones in 15 minutes, even the right one", async () => {
    const member = await createCustomer(db);
    const attempt = (currentPassword: string) =>
      failure(
        changePassword(db, { memberId: member.id, currentPassword, newPassword: NEW_PASSWORD }),
      );
    for (let i = 0; i < 10; i++)
      expect((await attempt(`Wrong-password-${i}`)).code).toBe("validation");
    const refused = await attempt(DEFAULT_PASSWORD);
    expect(refused.code).toBe("rate_limited");
    expect(refused.message).toBe(TOO_MANY_WRONG_PASSWORDS_MESSAGE);
    const [row] = await db.select().from(members).where(eq(members.id, member.id));
    expect(await verifyPassword(row!.passwordHash, DEFAULT_PASSWORD)).toBe(true);
  });

  it("is not stopped by a stranger who spent the account's sign-in budget (decision 0023)", async () => {
    const member = await createCustomer(db);
    for (let i = 0; i < 11; i++)
      await signInWithPassword(db, {
        login: member.username,
        password: `Wrong-password-${i}`,
        rateLimitIp: null,
        ip: null,
        userAgent: null,
      }).catch(() => {});
    await expect(
      changePassword(db, {
        memberId: member.id,
        currentPassword: DEFAULT_PASSWORD,
        newPassword: NEW_PASSWORD,
      }),
    ).resolves.toEqual({ sessionVersion: member.sessionVersion + 1 });
  });

  it("changes the password and ends every session made before", async () => {
    const member = await createCustomer(db);
    const signedInAt = nowSeconds();
    const oldToken = await encodeSessionToken({
      memberId: member.id,
      sessionVersion: member.sessionVersion,
      signedInAt,
    });
    const bearer = (token: string) =>
      new Request("http://localhost/api/profile", {
        headers: { authorization: `Bearer ${token}` },
      });
    expect(await getSessionMemberFromRequest(bearer(oldToken))).toMatchObject({ id: member.id });

    const { sessionVersion } = await changePassword(db, {
      memberId: member.id,
      currentPassword: DEFAULT_PASSWORD,
      newPassword: NEW_PASSWORD,
    });

    expect(sessionVersion).toBe(member.sessionVersion + 1);
    expect(await getSessionMemberFromRequest(bearer(oldToken))).toBeNull();
    const newToken = await encodeSessionToken({ memberId: member.id, sessionVersion, signedInAt });
    expect(await getSessionMemberFromRequest(bearer(newToken))).toMatchObject({ id: member.id });
    const [row] = await db.select().from(members).where(eq(members.id, member.id));
    expect(await verifyPassword(row!.passwordHash, NEW_PASSWORD)).toBe(true);
    expect(await verifyPassword(row!.passwordHash, DEFAULT_PASSWORD)).toBe(false);
  });
});

describe("notification preferences", () => {
  it("are all on for a member who never chose", async () => {
    const member = await createCustomer(db);
    expect(await getNotificationPreferences(db, member.id)).toEqual({
      term: true,
      promotion: true,
      order: true,
      back_in_stock: true,
      message: true,
      review_reply: true,
      pickup_reminder: true,
    });
    expect(await isNotificationAllowed(db, member.id, "promotion")).toBe(true);
  });

  it("turn one type off and on again, leaving the others alone and other members untouched", async () => {
    const member = await createCustomer(db);
    const other = await createCustomer(db);
    expect(await setNotificationPreference(db, member.id, "promotion", false)).toEqual({
      term: true,
      promotion: false,
      order: true,
      back_in_stock: true,
      message: true,
      review_reply: true,
      pickup_reminder: true,
    });
    expect(await setNotificationPreference(db, member.id, "promotion", false)).toEqual({
      term: true,
      promotion: false,
      order: true,
      back_in_stock: true,
      message: true,
      review_reply: true,
      pickup_reminder: true,
    });
    expect(await isNotificationAllowed(db, member.id, "promotion")).toBe(false);
    expect(await getNotificationPreferences(db, other.id)).toEqual({
      term: true,
      promotion: true,
      order: true,
      back_in_stock: true,
      message: true,
      review_reply: true,
      pickup_reminder: true,
    });
    expect(await setNotificationPreference(db, member.id, "promotion", true)).toEqual({
      term: true,
      promotion: true,
      order: true,
      back_in_stock: true,
      message: true,
      review_reply: true,
      pickup_reminder: true,
    });
  });
});

describe("message mails' own type (issue 42, item 5)", () => {
  it("follows the order flag until the member sets it, then keeps its own", async () => {
    const member = await createCustomer(db);
    const other = await createCustomer(db);
    expect(await setNotificationPreference(db, member.id, "order", false)).toMatchObject({
      order: false,
      message: false,
      pickup_reminder: false,
    });
    expect(await isNotificationAllowed(db, member.id, "message")).toBe(false);

    expect(await setNotificationPreference(db, member.id, "message", true)).toMatchObject({
      order: false,
      message: true,
      review_reply: true,
      // Pickup reminders follow order mails too until set (NOTIFICATION_FOLLOWS).
      pickup_reminder: false,
    });
    expect(await isNotificationAllowed(db, member.id, "message")).toBe(true);
    expect(await isNotificationAllowed(db, member.id, "order")).toBe(false);

    // Turning order mails on again leaves messages' own flag alone, and the other way round.
    await setNotificationPreference(db, member.id, "message", false);
    expect(await setNotificationPreference(db, member.id, "order", true)).toMatchObject({
      order: true,
      message: false,
    });
    expect(await getNotificationPreferences(db, other.id)).toMatchObject({
      order: true,
      message: true,
      review_reply: true,
      pickup_reminder: true,
    });
  });
});

describe("checkout options", () => {
  it("refuse turning both options off", async () => {
    const merchant = await createMerchant(db);
    const error = await failure(
      updateCheckoutOptions(db, {
        memberId: merchant.id,
        options: { payInPerson: false, payByCard: false },
        cardPaymentsEnabled: true,
      }),
    );
    expect(error.fieldErrors).toEqual({ payInPerson: ["You need to enable at least one option."] });
  });

  it("refuse pay by card where card payments are not configured", async () => {
    const merchant = await createMerchant(db);
    const error = await failure(
      updateCheckoutOptions(db, {
        memberId: merchant.id,
        options: { payInPerson: true, payByCard: true },
        cardPaymentsEnabled: false,
      }),
    );
    expect(error.fieldErrors).toEqual({ payByCard: [CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE] });
    const [row] = await db.select().from(members).where(eq(members.id, merchant.id));
    expect(row!.payByCard).toBe(false);
  });

  it("save card only when cards are configured", async () => {
    const merchant = await createMerchant(db);
    expect(
      await updateCheckoutOptions(db, {
        memberId: merchant.id,
        options: { payInPerson: false, payByCard: true },
        cardPaymentsEnabled: true,
      }),
    ).toEqual({ payInPerson: false, payByCard: true });
  });

  it("are for merchants only", async () => {
    const customer = await createCustomer(db);
    const error = await failure(
      updateCheckoutOptions(db, {
        memberId: customer.id,
        options: { payInPerson: true, payByCard: false },
        cardPaymentsEnabled: true,
      }),
    );
    expect(error.code).toBe("forbidden");
  });
});
