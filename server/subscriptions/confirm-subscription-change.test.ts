import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { beforeAll, describe, expect, it } from "vitest";

import type { Db } from "@/server/db/client";
import { subscriptions } from "@/server/db/schema";
import { createMerchant } from "@/server/db/seed/factories";
import { AppError } from "@/server/errors";
import { CARDS, payAsBrowser } from "@/tests/card-checkout";
import type { StripeFake } from "@/tests/stripe-fake";
import { setupStripeTestDb } from "@/tests/stripe-test-db";
import { cancelSubscription } from "./change-subscription";
import { completeSubscriptionReturn } from "./complete-subscription-return";
import { confirmSubscriptionChange, type CompletionClaim } from "./confirm-subscription-change";
import { startSubscription } from "./start-subscription";

const stripeTestDb = setupStripeTestDb();
let db: Db;
let fake: StripeFake;
let stripe: Stripe;

beforeAll(() => {
  ({ db, fake, stripe } = stripeTestDb);
});

const farm = () =>
  createMerchant(db, {
    country: "CA",
    currency: "CAD",
    phone: "(416) 555-0101",
    payoutAcctSet: true,
  });

/** Subscribes a farm, pays as the browser would and comes back; answers the payment's id. */
async function subscribe(memberId: number): Promise<string> {
  const checkout = await startSubscription(db, stripe, {
    memberId,
    country: "canada",
    plan: "engager",
  });
  if (checkout.state !== "awaiting_payment") throw new Error("expected a payment to make");
  await payAsBrowser(fake, checkout.clientSecret, CARDS.visa);
  const paymentIntentId = checkout.clientSecret.split("_secret_")[0]!;
  await completeSubscriptionReturn(db, stripe, { memberId, paymentIntentId });
  return paymentIntentId;
}

const seconds = (date: Date | null) => Math.floor(date!.getTime() / 1000);
const rowOf = async (memberId: number) =>
  (await db.select().from(subscriptions).where(eq(subscriptions.memberId, memberId)))[0]!;

const claim = (change: Partial<CompletionClaim>): CompletionClaim => ({
  type: "create",
  expiresAt: null,
  paymentIntentId: null,
  ...change,
});

async function notFound(memberId: number, change: Partial<CompletionClaim>) {
  const error = await confirmSubscriptionChange(db, stripe, {
    memberId,
    claim: claim(change),
  }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, JSON.stringify(change)).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe("not_found");
}

describe("the subscription completed page's claims", () => {
  it("confirms a new plan with its renewal date and the payment Stripe has on its invoice", async () => {
    const member = await farm();
    const paymentIntentId = await subscribe(member.id);
    const periodEnd = (await rowOf(member.id)).currentPeriodEnd;

    const confirmed = await confirmSubscriptionChange(db, stripe, {
      memberId: member.id,
      claim: claim({ expiresAt: seconds(periodEnd), paymentIntentId }),
    });
    expect(confirmed).toEqual({
      type: "create",
      plan: "engager",
      date: periodEnd,
      payment: { amountCents: 1299, currency: "CAD" },
    });
    // Without the params, the page still says only what the record says.
    expect(
      await confirmSubscriptionChange(db, stripe, { memberId: member.id, claim: claim({}) }),
    ).toEqual({ type: "create", plan: "engager", date: periodEnd, payment: null });
  });

  it("refuses a date or a payment the farmer's own subscription does not have", async () => {
    const [member, other] = [await farm(), await farm()];
    const paymentIntentId = await subscribe(member.id);
    const othersPayment = await subscribe(other.id);
    const periodEnd = seconds((await rowOf(member.id)).currentPeriodEnd);

    await notFound(member.id, { expiresAt: periodEnd + 86_400 });
    await notFound(member.id, { expiresAt: periodEnd - 1 });
    await notFound(member.id, { paymentIntentId: othersPayment });
    await notFound(member.id, { paymentIntentId: "pi_made_up_for_the_address" });
    await notFound(member.id, { paymentIntentId: "not an id" });
    // A payment is the first invoice's: an update or a cancel has none to show.
    await notFound(member.id, { type: "update", paymentIntentId });
    // Nor without Stripe, where no payment can be read.
    const error = await confirmSubscriptionChange(db, null, {
      memberId: member.id,
      claim: claim({ paymentIntentId }),
    }).catch((e: unknown) => e);
    expect((error as AppError).code).toBe("not_found");
  });

  it("refuses a change the plan does not show: a farm with no plan, a cancel that was not made", async () => {
    const basic = await farm();
    for (const type of ["create", "update", "cancel", "resubscribe"] as const)
      await notFound(basic.id, { type });

    const member = await farm();
    await subscribe(member.id);
    await notFound(member.id, { type: "cancel" });
  });

  it("confirms a cancel with the end of service the address names, and nothing else", async () => {
    const member = await farm();
    await subscribe(member.id);
    await cancelSubscription(db, stripe, { memberId: member.id });
    const ends = (await rowOf(member.id)).serviceExpiresAt;

    expect(
      await confirmSubscriptionChange(db, stripe, {
        memberId: member.id,
        claim: claim({ type: "cancel", expiresAt: seconds(ends) }),
      }),
    ).toEqual({ type: "cancel", plan: "engager", date: ends, payment: null });
    await notFound(member.id, { type: "cancel", expiresAt: seconds(ends) + 3600 });
    // Expiring is not subscribed anew.
    await notFound(member.id, { type: "create" });
  });
});
