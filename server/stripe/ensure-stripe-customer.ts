import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { members } from "@/server/db/schema";
import { notFoundError } from "@/server/errors";
import { idempotencyKeys } from "./idempotency-keys";
import { callStripe } from "./stripe-errors";
import type { StripeClient } from "./stripe-client";

/**
 * The member's Stripe Customer (their saved cards live on it), made on first need. Concurrent
 * first calls send the same idempotency key, so Stripe makes one customer, and the conditional
 * update keeps the first id written.
 */
export async function ensureStripeCustomer(
  db: Db,
  stripe: StripeClient,
  memberId: number,
): Promise<string> {
  const [member] = await db
    .select({
      stripeCustomerId: members.stripeCustomerId,
      email: members.email,
      firstName: members.firstName,
      lastName: members.lastName,
    })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  if (!member) throw notFoundError();
  if (member.stripeCustomerId) return member.stripeCustomerId;
  const keys = await idempotencyKeys(db);

  const customer = await callStripe("create customer", () =>
    stripe.customers.create(
      {
        email: member.email,
        name: `${member.firstName} ${member.lastName}`,
        metadata: { member_id: String(memberId) },
      },
      { idempotencyKey: keys.customer(memberId) },
    ),
  );
  await db
    .update(members)
    .set({ stripeCustomerId: customer.id })
    .where(and(eq(members.id, memberId), isNull(members.stripeCustomerId)));
  return customer.id;
}

/** The member's Stripe Customer id, or null before their first card payment. */
export async function findStripeCustomerId(db: Db, memberId: number): Promise<string | null> {
  const [row] = await db
    .select({ id: members.stripeCustomerId })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  return row?.id ?? null;
}
