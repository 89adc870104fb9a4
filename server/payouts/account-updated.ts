import "server-only";
import { eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { members, payoutAccounts } from "@/server/db/schema";
import { NO_EFFECT, type EventHandler } from "@/server/payments/events/types";

/** Stripe's word for a farmer's account that can be paid: it takes transfers and pays out. */
export function isPayoutReady(account: Pick<Stripe.Account, "capabilities" | "payouts_enabled">) {
  return account.capabilities?.transfers === "active" && account.payouts_enabled === true;
}

/**
 * A farmer's Connect account changed at Stripe (`account.updated`, on the Connect endpoint): its
 * readiness (`payout_acct_set`, read by every gate) and what Stripe still needs are copied from the
 * account. An event older than the last one applied changes nothing, so any order of delivery ends
 * in Stripe's latest state. When the account has just become ready, what the farm is owed is paid
 * after the commit.
 */
export const accountUpdated: EventHandler = {
  async apply(tx, event) {
    const account = event.data.object as Stripe.Account;
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
      stateAt: event.created,
      updatedAt: sql`now()`,
    };
    const applied = await tx
      .insert(payoutAccounts)
      .values({ memberId: member.id, ...values })
      .onConflictDoUpdate({
        target: payoutAccounts.memberId,
        set: values,
        setWhere: sql`${payoutAccounts.stateAt} <= ${event.created}`,
      })
      .returning({ memberId: payoutAccounts.memberId });
    if (applied.length === 0) return NO_EFFECT;

    const ready = isPayoutReady(account);
    await tx.update(members).set({ payoutAcctSet: ready }).where(eq(members.id, member.id));
    return { placedOrderId: null, readyMerchantId: ready && !member.ready ? member.id : null };
  },
};
