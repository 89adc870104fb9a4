import "server-only";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Reseller } from "@/lib/resellers/types";
import type { z } from "zod";
import type { resellerUpdateSchema } from "@/lib/validation/resellers";
import type { Db } from "@/server/db/client";
import { resellers } from "@/server/db/schema";
import { notFoundError } from "@/server/errors";
import { recordAdminAction } from "./record-admin-action";
import { emailTakenError, isEmailTaken, toResellerAnswer } from "./reseller-record";

export const RESELLER_NOT_FOUND_MESSAGE = "The reseller could not be found.";

export type UpdateResellerInput = z.output<typeof resellerUpdateSchema> & { adminId: number };

/**
 * Changes a reseller's names, email, phone and rate (found by identifier, which never changes, so
 * links already handed out keep working). The row is locked while it changes, and
 * "reseller_update" is recorded with the values before and after in the same transaction. A new
 * rate applies to transactions recorded from now on; past ones keep theirs.
 *
 * @throws AppError not_found for an unknown identifier; validation with `email` when another
 *   reseller has that email
 */
export async function updateReseller(
  db: Db,
  { adminId, identifier, ...fields }: UpdateResellerInput,
): Promise<Reseller> {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(resellers)
        .where(eq(resellers.identifier, identifier))
        .for("update");
      if (!current) throw notFoundError(RESELLER_NOT_FOUND_MESSAGE);
      const [taken] = await tx
        .select({ id: resellers.id })
        .from(resellers)
        .where(
          and(
            sql`lower(${resellers.email}) = lower(${fields.email})`,
            ne(resellers.id, current.id),
          ),
        );
      if (taken) throw emailTakenError();
      const [row] = await tx
        .update(resellers)
        .set(fields)
        .where(eq(resellers.id, current.id))
        .returning();
      const answer = toResellerAnswer(row!);
      await recordAdminAction(tx, {
        adminId,
        action: "reseller_update",
        target: `reseller:${current.id}`,
        before: toResellerAnswer(current),
        after: answer,
      });
      return answer;
    });
  } catch (error) {
    if (isEmailTaken(error)) throw emailTakenError();
    throw error;
  }
}
