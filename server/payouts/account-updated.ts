import "server-only";
import { eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "@/server/db/client";
import { members, payoutAccounts } from "@/server/db/schema";
import { callStripe } from "@/server/stripe/stripe-errors";
import { NO_EFFECT, defineHandler, type EventEffect } from "@/server/stripe/event-types";

/** Stripe's word for a farmer's account that can be paid: it takes transfers and pays out. */
export function isPayoutReady(account: Pick<Stripe.Account, "capabilities" | "payouts_enabled">) {
  return account.capabilities?.transfers === "active" && account.payouts_enabled === true;
}

type Read = { account: Stripe.Account; readAt: Date };

/**
 * A farmer's Connect account changed at Stripe (`account.updated`, on the Connect endpoint): the
 * account is read from Stripe, and its readiness (`payout_acct_set`, read by every gate) and what
 * Stripe still needs are copied from that read. A read older than the one last written changes
 * nothing (`payout_accounts.read_at`), so two events of the same second, delivered in any order,
 * end in Stripe's latest state (decision 0037). When the account has just become ready, what the
 * farm is owed is paid after the commit.
 */
export const accountUpdated = defineHandler<Read>({
  async read(stripe, event) {
    const { id } = event.data.object as Stripe.Account;
    const readAt = new Date();
    const account = await callStripe("retrieve account", () => stripe.accounts.retrieve(id));
    return { account, readAt };
  },
  apply: (tx, _event, { account, readAt }) => writePayoutAccount(tx, account, readAt),
});

/** Writes one read of a farm's account (the event above, and the reconciler's own reads). */
export async function writePayoutAccount(
  tx: Db,
  account: Stripe.Account,
  readAt: Date,
): Promise<EventEffect> {
  const [member] = await tx
    .select({ id: members.id, ready: members.payoutAcctSet })
    .from(members)
    .where(eq(members.stripeAccountId, account.id))
    .for("update");
  if (!member) return NO_EFFECT;

  const values = {
    detailsSubmitted: account.details_submitted ?? false,
    requirements: {
      currentlyDue: account.requirements?.currently_due ?? [],
      pastDue: account.requirements?.past_due ?? [],
      disabledReason: account.requirements?.disabled_reason ?? null,
    },
    stateAt: Math.floor(readAt.getTime() / 1000),
    readAt,
    updatedAt: sql`now()`,
  };
  const applied = await tx
    .insert(payoutAccounts)
    .values({ memberId: member.id, ...values })
    .onConflictDoUpdate({
      target: payoutAccounts.memberId,
      set: values,
      setWhere: sql`${payoutAccounts.readAt} is null or ${payoutAccounts.readAt} <= ${readAt.toISOString()}::timestamptz`,
    })
    .returning({ memberId: payoutAccounts.memberId });
  if (applied.length === 0) return NO_EFFECT;

  const ready = isPayoutReady(account);
  await tx.update(members).set({ payoutAcctSet: ready }).where(eq(members.id, member.id));
  return { placedOrderId: null, readyMerchantId: ready && !member.ready ? member.id : null };
}
