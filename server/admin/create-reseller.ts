import "server-only";
import { sql } from "drizzle-orm";
import type { Reseller } from "@/lib/resellers/types";
import type { z } from "zod";
import type { resellerCreateSchema } from "@/lib/validation/resellers";
import type { Db } from "@/server/db/client";
import { resellers } from "@/server/db/schema";
import { recordAdminAction } from "./record-admin-action";
import { emailTakenError, isEmailTaken, toResellerAnswer } from "./reseller-record";

export type CreateResellerInput = z.output<typeof resellerCreateSchema> & { adminId: number };

/**
 * Adds a reseller (its identifier, the `ak` of its registration link, is drawn by the database)
 * and records "reseller_create" in the same transaction.
 *
 * @throws AppError validation with `email` when another reseller has that email (any case)
 */
export async function createReseller(
  db: Db,
  { adminId, ...fields }: CreateResellerInput,
): Promise<Reseller> {
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: resellers.id })
        .from(resellers)
        .where(sql`lower(${resellers.email}) = lower(${fields.email})`);
      if (taken) throw emailTakenError();
      const [row] = await tx.insert(resellers).values(fields).returning();
      const answer = toResellerAnswer(row!);
      await recordAdminAction(tx, {
        adminId,
        action: "reseller_create",
        target: `reseller:${row!.id}`,
        before: null,
        after: answer,
      });
      return answer;
    });
  } catch (error) {
    // Two admins adding the same email at once: the unique index decides.
    if (isEmailTaken(error)) throw emailTakenError();
    throw error;
  }
}
