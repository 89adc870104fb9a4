import "server-only";
import type { FarmerMessage } from "@/lib/validation/messaging";
import type { Db } from "@/server/db/client";
import { rateLimited } from "@/server/errors";
import { consumeRateLimit } from "@/server/rate-limit";
import { appendMessage } from "./append-message";
import { contactIssue, findFarmer } from "./ask-the-farmer";
import { openConversation } from "./message-order-party";

/** Plenty for a conversation, too few to write to every farm of the site from one account. */
export const MESSAGE_FARMER_LIMIT = { limit: 30, windowMs: 60 * 60 * 1000 };

/**
 * The Messenger modal from a store or product page ('Send Message to {name}'): a signed-in
 * customer writes to the farm, in the one conversation of that farm and customer (opened when
 * there is none). The customer side may always write: no plan gate.
 *
 * @throws AppError validation 'Oops. There is an issue of contacting the farmer.' when the product
 *   or farm does not exist, or is the caller's own
 * @throws AppError rate_limited past 30 an hour
 */
export async function messageFarmer(
  db: Db,
  { memberId, input }: { memberId: number; input: FarmerMessage },
): Promise<{ conversationId: number; messageId: number }> {
  const allowed = await consumeRateLimit(db, `message-farmer:${memberId}`, MESSAGE_FARMER_LIMIT);
  if (!allowed.allowed) throw rateLimited();
  const target = await findFarmer(db, input);
  if (!target || target.merchantId === memberId) throw contactIssue();
  return db.transaction(async (tx) => {
    const conversationId = await openConversation(tx, target.merchantId, memberId);
    const message = await appendMessage(tx, {
      conversationId,
      from: "customer",
      senderMemberId: memberId,
      body: input.message,
    });
    return { conversationId, messageId: message.id };
  });
}
