import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import type { Db } from "@/server/db/client";
import { contactMessages } from "@/server/db/schema";
import { conflict, notFoundError } from "@/server/errors";

export const CONTACT_HANDLED_MESSAGES = {
  handled: "The message is marked handled.",
  notFound: "The message could not be found.",
  alreadyHandled: "This message was already marked handled.",
} as const;

/**
 * An admin marks a Contact Us message handled, once: a conditional update (only while
 * handled_at is null) and its audit row land in one transaction, so two admins pressing at once
 * give one success and one audit row.
 *
 * @throws AppError not_found for an unknown message
 * @throws AppError conflict when it is already handled
 */
export async function markContactHandled(
  db: Db,
  { adminId, messageId }: { adminId: number; messageId: number },
): Promise<{ id: number; handledAt: string }> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(contactMessages)
      .set({ handledAt: new Date(), handledBy: adminId })
      .where(and(eq(contactMessages.id, messageId), isNull(contactMessages.handledAt)))
      .returning({ id: contactMessages.id, handledAt: contactMessages.handledAt });
    if (!updated) {
      const [existing] = await tx
        .select({ id: contactMessages.id })
        .from(contactMessages)
        .where(eq(contactMessages.id, messageId))
        .limit(1);
      throw existing
        ? conflict(CONTACT_HANDLED_MESSAGES.alreadyHandled)
        : notFoundError(CONTACT_HANDLED_MESSAGES.notFound);
    }
    const handledAt = updated.handledAt!.toISOString();
    await recordAdminAction(tx, {
      adminId,
      action: "contact_handled",
      target: `contact_message:${messageId}`,
      before: { handledAt: null, handledBy: null },
      after: { handledAt, handledBy: adminId },
    });
    return { id: messageId, handledAt };
  });
}
