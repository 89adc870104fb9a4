import "server-only";
import type { Reseller } from "@/lib/resellers/types";
import { validationError } from "@/server/errors";
import type { resellers } from "@/server/db/schema";

/** (ours) The spec has no text for it; shown under the email field. */
export const RESELLER_EMAIL_TAKEN_MESSAGE = "This email is already used by another reseller.";

/** A reseller row as the calls answer it (and as the audit trail records it). */
export function toResellerAnswer(row: typeof resellers.$inferSelect): Reseller {
  return {
    identifier: row.identifier,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    rate: row.rate,
  };
}

export const emailTakenError = () =>
  validationError({ email: [RESELLER_EMAIL_TAKEN_MESSAGE] }, RESELLER_EMAIL_TAKEN_MESSAGE);

/** True for a unique violation of resellers_email_lower_unique (two admins adding one email at once). */
export function isEmailTaken(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const pg = e as { code?: string; constraint?: string; message?: string; cause?: unknown };
    if (pg.code === "23505" && `${pg.constraint ?? ""} ${pg.message ?? ""}`.includes("email"))
      return true;
    e = pg.cause;
  }
  return false;
}
