import "server-only";
import { and, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { conversations, farmerContactLeads, messages } from "@/server/db/schema";
import { verifyRecipientEmail } from "./recipient-token";

/**
 * A visitor who registers from a reply mail's link: the conversations they had as a visitor with
 * that address become the new member's (their own messages become theirs, so they show as "mine").
 * Needs the link's token (recipient-token.ts); without it, or with another address, nothing moves.
 * A farm with which the member already has a conversation keeps the visitor one apart.
 *
 * @returns the ids of the conversations attached
 */
export async function attachVisitorConversations(
  db: Db,
  { memberId, email, recipientToken }: { memberId: number; email: string; recipientToken: unknown },
): Promise<number[]> {
  if (!verifyRecipientEmail(email, recipientToken)) return [];
  return db.transaction(async (tx) => {
    const attached = await tx
      .update(conversations)
      .set({ customerId: memberId, visitorEmail: null })
      .where(
        and(
          isNull(conversations.customerId),
          sql`lower(${conversations.visitorEmail}) = ${email.trim().toLowerCase()}`,
          sql`${conversations.merchantId} <> ${memberId}`,
          sql`not exists (select 1 from ${conversations} as c where c.merchant_id = ${conversations.merchantId} and c.customer_id = ${memberId})`,
        ),
      )
      .returning({ id: conversations.id });
    const ids = attached.map((c) => c.id);
    if (ids.length === 0) return ids;
    await tx
      .update(messages)
      .set({ senderMemberId: memberId })
      .where(and(inArray(messages.conversationId, ids), isNull(messages.senderMemberId)));
    await tx
      .update(farmerContactLeads)
      .set({ memberId })
      .where(
        and(inArray(farmerContactLeads.conversationId, ids), isNull(farmerContactLeads.memberId)),
      );
    return ids;
  });
}
