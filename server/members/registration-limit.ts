import "server-only";
import type { Db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { consumeRateLimit } from "@/server/rate-limit";

/**
 * 300 registrations an hour from one client address (decision 0023): far above a household or an
 * office, and above the e2e suite's ~150 a run from 127.0.0.1, but it stops bulk sign-ups.
 */
export const REGISTRATION_LIMIT = { limit: 300, windowMs: 60 * 60 * 1000 } as const;
export const REGISTRATION_RATE_LIMITED_MESSAGE =
  "Too many sign-ups from this network. Please try again in an hour.";

/**
 * Counts one registration from `clientAddress` (decision 0018's address; null when unknown, then
 * nothing is counted). Shared by every app instance on PostgreSQL (server/rate-limit).
 *
 * @throws AppError rate_limited (429) once the address has used its budget
 */
export async function checkRegistrationLimit(db: Db, clientAddress: string | null): Promise<void> {
  if (!clientAddress) return;
  const budget = await consumeRateLimit(db, `register:ip:${clientAddress}`, REGISTRATION_LIMIT);
  if (!budget.allowed)
    throw new AppError("rate_limited", REGISTRATION_RATE_LIMITED_MESSAGE, {
      logMessage: `registration refused by the rate limit (address ${clientAddress})`,
    });
}
