import "server-only";
import { and, eq } from "drizzle-orm";
import { canMessage } from "@/lib/entitlement";
import type { OrderMessage } from "@/lib/validation/messaging";
import type { Db, DbTransaction } from "@/server/db/client";
import { conversations, members, orderItems, orders } from "@/server/db/schema";
import { notFoundError } from "@/server/errors";
import { getEntitlement } from "@/server/subscriptions";
import { appendMessage } from "./append-message";
import { subscriptionRequired } from "./messages";

export const ORDER_PARTY_NOT_FOUND = "The order could not be found.";

/**
 * The Messenger modal from an order ('Send Message to {name}'): a customer writes to one of the
 * farms of their order (My Purchases), a farm writes to the customer of an order it has lines in
 * (Customer Orders; it needs a plan with messaging). The message goes into the one conversation of
 * that farm and customer, opened when there is none. Only the order's own parties can write: anyone
 * else, or a farm with no line in it, gets the same 404 as for an order that does not exist.
 *
 * @throws AppError not_found; forbidden `subscription_required` for a farm without messaging
 */
export async function messageOrderParty(
  db: Db,
  { memberId, input }: { memberId: number; input: OrderMessage },
): Promise<{ conversationId: number; messageId: number }> {
  const [caller] = await db
    .select({ memberType: members.memberType })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  const [order] = await db
    .select({ id: orders.id, customerId: orders.customerId })
    .from(orders)
    .where(eq(orders.orderNo, input.orderNo))
    .limit(1);
  if (!caller || !order || order.customerId === null) throw notFoundError(ORDER_PARTY_NOT_FOUND);

  let merchantId: number;
  const from = order.customerId === memberId ? "customer" : "merchant";
  if (from === "customer") {
    const [farm] = await db
      .selectDistinct({ id: members.id })
      .from(orderItems)
      .innerJoin(members, eq(members.id, orderItems.merchantId))
      .where(and(eq(orderItems.orderId, order.id), eq(members.username, input.farmer ?? "")))
      .limit(1);
    if (!farm) throw notFoundError(ORDER_PARTY_NOT_FOUND);
    merchantId = farm.id;
  } else {
    const [line] = await db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, order.id), eq(orderItems.merchantId, memberId)))
      .limit(1);
    if (!line || caller.memberType !== "merchant") throw notFoundError(ORDER_PARTY_NOT_FOUND);
    if (!canMessage(await getEntitlement(db, memberId))) throw subscriptionRequired();
    merchantId = memberId;
  }
  const customerId = order.customerId;

  return db.transaction(async (tx) => {
    const conversationId = await openConversation(tx, merchantId, customerId);
    const message = await appendMessage(tx, {
      conversationId,
      from,
      senderMemberId: memberId,
      body: input.message,
    });
    return { conversationId, messageId: message.id };
  });
}

/** The one conversation of a farm and a customer member (unique), opened when there is none. */
export async function openConversation(
  tx: DbTransaction,
  merchantId: number,
  customerId: number,
): Promise<number> {
  const find = () =>
    tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        and(eq(conversations.merchantId, merchantId), eq(conversations.customerId, customerId)),
      )
      .limit(1);
  const [found] = await find();
  if (found) return found.id;
  await tx.insert(conversations).values({ merchantId, customerId }).onConflictDoNothing();
  const [opened] = await find();
  return opened!.id;
}
