import "server-only";
import { eq, or, sql } from "drizzle-orm";
import { adminAccountSchema, type AdminAccountInput } from "@/lib/validation/accounts";
import { hashPassword } from "@/server/auth/password";
import type { Db } from "@/server/db/client";
import { members } from "@/server/db/schema";
import { conflict } from "@/server/errors";

export const ADMIN_TAKEN_MESSAGE =
  "A member with that username or email already exists. Admins are new accounts: choose another.";

/**
 * Makes an operator's account (`npm run admin:create`; the demo seed makes its own). Registration
 * never makes an admin, and an existing member is never promoted here: an admin is a fresh account
 * whose password only its operator knows. Validated with the registration rules.
 *
 * @throws ZodError for a bad field; AppError conflict when the username or email is taken
 */
export async function createAdminAccount(
  db: Db,
  input: AdminAccountInput,
): Promise<{ id: number; username: string; email: string }> {
  const account = adminAccountSchema.parse(input);
  const [taken] = await db
    .select({ id: members.id })
    .from(members)
    .where(
      or(
        eq(members.username, account.username),
        eq(sql`lower(${members.email})`, account.email.toLowerCase()),
      ),
    )
    .limit(1);
  if (taken) throw conflict(ADMIN_TAKEN_MESSAGE);
  const [created] = await db
    .insert(members)
    .values({
      username: account.username,
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      passwordHash: await hashPassword(account.password),
      memberType: "admin",
      country: "CA",
      currency: "CAD",
    })
    .onConflictDoNothing()
    .returning({ id: members.id, username: members.username, email: members.email });
  if (!created) throw conflict(ADMIN_TAKEN_MESSAGE);
  return created;
}
