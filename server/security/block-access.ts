import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { members, securityAccesses } from "@/server/db/schema";
import { notFoundError } from "@/server/errors";

/** The spec's "Access block result", as the page reads it. */
export type BlockedAccess = {
  browser_data: string;
  city: string;
  province_state: string;
  country: string;
};

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UNKNOWN = "Unknown";

/**
 * Blocks a recorded sign-in: marks the access blocked and bumps the member's session_version, which
 * ends every session of that member (the thief's and the member's own). Authorized by the
 * unguessable accessId alone (docs/decisions/0005-security-block.md). Blocking again changes
 * nothing and answers the same.
 *
 * @throws AppError not_found for an unknown or malformed accessId
 */
export async function blockAccess(
  db: Db,
  { accessId }: { accessId: string },
): Promise<BlockedAccess> {
  if (typeof accessId !== "string" || !UUID_PATTERN.test(accessId))
    throw notFoundError(NOT_FOUND_MESSAGE);

  return db.transaction(async (tx) => {
    // Conditional: of two clicks at once, only one bumps the version.
    const [blocked] = await tx
      .update(securityAccesses)
      .set({ blockedAt: sql`now()` })
      .where(and(eq(securityAccesses.id, accessId), isNull(securityAccesses.blockedAt)))
      .returning({ memberId: securityAccesses.memberId });
    if (blocked) {
      await tx
        .update(members)
        .set({ sessionVersion: sql`${members.sessionVersion} + 1` })
        .where(eq(members.id, blocked.memberId));
    }

    const [access] = await tx
      .select({
        browserData: securityAccesses.browserData,
        city: securityAccesses.city,
        provinceState: securityAccesses.provinceState,
        country: securityAccesses.country,
      })
      .from(securityAccesses)
      .where(eq(securityAccesses.id, accessId))
      .limit(1);
    if (!access) throw notFoundError(NOT_FOUND_MESSAGE);

    return {
      browser_data: access.browserData,
      city: access.city ?? UNKNOWN,
      province_state: access.provinceState ?? UNKNOWN,
      country: access.country ?? UNKNOWN,
    };
  });
}

const NOT_FOUND_MESSAGE = "This sign-in could not be found.";
