import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { AskTheFarmer } from "@/lib/validation/messaging";
import { MSG } from "@/lib/validation/messages";
import type { Db, DbTransaction } from "@/server/db/client";
import { conversations, farmerContactLeads, members, products } from "@/server/db/schema";
import { rateLimited, validationError } from "@/server/errors";
import { consumeRateLimit } from "@/server/rate-limit";
import { appendMessage } from "./append-message";

const HOUR_MS = 60 * 60 * 1000;
/** Enough for a chatty customer, too few to spam farmers from one address or with one email. */
export const ASK_LIMIT_PER_EMAIL = { limit: 10, windowMs: HOUR_MS };
export const ASK_LIMIT_PER_CLIENT = { limit: 20, windowMs: HOUR_MS };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type AskTheFarmerOptions = {
  input: AskTheFarmer;
  /** The signed-in member, or null for a visitor known only by the form. */
  memberId: number | null;
  clientIp: string | null;
};

/**
 * Ask The Farmer: finds the farmer through the product or directly, then opens (or reuses) the
 * conversation between the farmer and this member or visitor email, posts the message in it and
 * records the lead. The asking side is always the customer side, so no plan gate applies.
 *
 * @throws AppError rate_limited past 10 an hour for one email or 20 for one client address
 * @throws AppError validation 'Oops. There is an issue of contacting the farmer.' when the product
 *   or farmer does not exist (or is the caller)
 */
export async function askTheFarmer(db: Db, { input, memberId, clientIp }: AskTheFarmerOptions) {
  const email = input.contactEmail.toLowerCase();
  const limits = [consumeRateLimit(db, `ask-farmer:email:${email}`, ASK_LIMIT_PER_EMAIL)];
  if (clientIp)
    limits.push(consumeRateLimit(db, `ask-farmer:ip:${clientIp}`, ASK_LIMIT_PER_CLIENT));
  if ((await Promise.all(limits)).some((r) => !r.allowed)) throw rateLimited();

  const target = await findFarmer(db, input);
  if (!target || target.merchantId === memberId) throw contactIssue();

  return db.transaction(async (tx) => {
    const conversationId = await findOrOpenConversation(tx, {
      merchantId: target.merchantId,
      productId: target.productId,
      memberId,
      input,
    });
    const message = await appendMessage(tx, {
      conversationId,
      from: "customer",
      senderMemberId: memberId,
      body: input.contactContent,
    });
    await tx.insert(farmerContactLeads).values({
      merchantId: target.merchantId,
      productId: target.productId,
      conversationId,
      memberId,
      firstName: input.contactFirstName,
      lastName: input.contactLastName,
      email: input.contactEmail,
      content: input.contactContent,
      ip: clientIp,
    });
    return { conversationId, messageId: message.id };
  });
}

export function contactIssue() {
  return validationError({ prodId: [MSG.contactFarmerIssue] }, MSG.contactFarmerIssue);
}

/** The farmer of an active product, or the merchant named by user key, id or username. */
export async function findFarmer(
  db: Db,
  input: Pick<AskTheFarmer, "prodId" | "farmerId">,
): Promise<{ merchantId: number; productId: number | null } | null> {
  if (input.prodId) {
    const [product] = await db
      .select({ merchantId: products.merchantId })
      .from(products)
      .where(and(eq(products.id, input.prodId), eq(products.status, "active")))
      .limit(1);
    return product ? { merchantId: product.merchantId, productId: input.prodId } : null;
  }
  const key = input.farmerId ?? "";
  const byKey = UUID.test(key)
    ? eq(members.userKey, key)
    : /^[1-9]\d{0,9}$/.test(key) && Number(key) <= 2_147_483_647
      ? eq(members.id, Number(key))
      : eq(members.username, key);
  const [merchant] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(byKey, eq(members.memberType, "merchant")))
    .limit(1);
  return merchant ? { merchantId: merchant.id, productId: null } : null;
}

/**
 * One conversation per farmer and member, or per farmer and visitor email (unique indexes); two
 * submissions at once both end in the same row.
 */
async function findOrOpenConversation(
  tx: DbTransaction,
  {
    merchantId,
    productId,
    memberId,
    input,
  }: { merchantId: number; productId: number | null; memberId: number | null; input: AskTheFarmer },
): Promise<number> {
  const counterpart =
    memberId !== null
      ? eq(conversations.customerId, memberId)
      : and(
          isNull(conversations.customerId),
          sql`lower(${conversations.visitorEmail}) = ${input.contactEmail.toLowerCase()}`,
        );
  const find = () =>
    tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.merchantId, merchantId), counterpart))
      .limit(1);
  const [found] = await find();
  if (found) return found.id;
  await tx
    .insert(conversations)
    .values({
      merchantId,
      productId,
      ...(memberId !== null
        ? { customerId: memberId }
        : {
            visitorFirstName: input.contactFirstName,
            visitorLastName: input.contactLastName,
            visitorEmail: input.contactEmail,
          }),
    })
    .onConflictDoNothing();
  const [opened] = await find();
  return opened!.id;
}
