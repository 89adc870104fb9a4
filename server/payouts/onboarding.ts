import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "@/server/db/client";
import { members, payoutAccounts, payoutOnboardingCodes } from "@/server/db/schema";
import { forbiddenError, notFoundError } from "@/server/errors";
import { idempotencyKeys } from "@/server/stripe/idempotency-keys";
import { callStripe } from "@/server/stripe/stripe-errors";
import type { StripeClient } from "@/server/stripe/stripe-client";

export const ONBOARDING_CODE_INVALID_MESSAGE =
  "This link has expired or was already used. Open Settings to see where your payout account stands.";

const CODE_PATTERN = /^[a-f0-9]{64}$/;
const hashCode = (code: string) => createHash("sha256").update(code).digest("hex");

/**
 * Sends the farmer to Stripe's onboarding: their Express account is made once (the key
 * `account:{memberId}`; the country is the farm's, and a farm outside Canada gets a cross-border
 * account under the recipient agreement, which receives transfers and takes no charges), then a
 * fresh Account Link. Its `return_url` carries a one-time code made for this member; its
 * `refresh_url` mints a new link for the signed-in owner (Account Links are single use and expire
 * within minutes).
 *
 * @throws AppError forbidden: not a farm; unavailable: Stripe did not answer
 */
export async function startPayoutOnboarding(
  db: Db,
  stripe: StripeClient,
  { memberId, appUrl }: { memberId: number; appUrl: string },
): Promise<{ url: string }> {
  const accountId = await ensureConnectAccount(db, stripe, memberId);
  const code = randomBytes(32).toString("hex");
  const codeHash = hashCode(code);
  await db.insert(payoutOnboardingCodes).values({ codeHash, memberId });
  const keys = await idempotencyKeys(db);
  const link = await callStripe("create account link", () =>
    stripe.accountLinks.create(
      {
        account: accountId,
        type: "account_onboarding",
        refresh_url: `${appUrl}/api/payouts/onboarding/refresh`,
        return_url: `${appUrl}/external/accounts/created?code=${code}`,
      },
      { idempotencyKey: keys.accountLink(codeHash) },
    ),
  );
  return { url: link.url };
}

async function ensureConnectAccount(
  db: Db,
  stripe: StripeClient,
  memberId: number,
): Promise<string> {
  const [member] = await db
    .select({
      memberType: members.memberType,
      accountId: members.stripeAccountId,
      country: members.country,
      email: members.email,
    })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  if (!member) throw notFoundError();
  if (member.memberType !== "merchant") throw forbiddenError();
  if (member.accountId) return member.accountId;

  const crossBorder = member.country !== "CA";
  const params: Stripe.AccountCreateParams = {
    type: "express",
    country: member.country,
    email: member.email,
    business_type: "individual",
    metadata: { member_id: String(memberId) },
    ...(crossBorder
      ? {
          capabilities: { transfers: { requested: true } },
          tos_acceptance: { service_agreement: "recipient" },
        }
      : {
          capabilities: { transfers: { requested: true }, card_payments: { requested: true } },
        }),
  };
  const keys = await idempotencyKeys(db);
  const account = await callStripe("create connect account", () =>
    stripe.accounts.create(params, { idempotencyKey: keys.account(memberId) }),
  );
  await db
    .update(members)
    .set({ stripeAccountId: account.id })
    .where(and(eq(members.id, memberId), isNull(members.stripeAccountId)));
  await db.insert(payoutAccounts).values({ memberId }).onConflictDoNothing();
  return account.id;
}

/**
 * The return from Stripe's onboarding: the code must be one made for this member and not used
 * yet; it is used up now. Landing here does not mean onboarding is finished: readiness comes from
 * Stripe's `account.updated` only.
 *
 * @throws AppError not_found: a forged, foreign or used code
 */
export async function consumeOnboardingCode(
  db: Db,
  { memberId, code }: { memberId: number; code: string },
): Promise<void> {
  if (!CODE_PATTERN.test(code)) throw notFoundError(ONBOARDING_CODE_INVALID_MESSAGE);
  const used = await db
    .update(payoutOnboardingCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(payoutOnboardingCodes.codeHash, hashCode(code)),
        eq(payoutOnboardingCodes.memberId, memberId),
        isNull(payoutOnboardingCodes.usedAt),
        // A link lives minutes at Stripe; a day covers a farmer who finishes later.
        sql`${payoutOnboardingCodes.createdAt} > now() - interval '1 day'`,
      ),
    )
    .returning({ memberId: payoutOnboardingCodes.memberId });
  if (used.length === 0) throw notFoundError(ONBOARDING_CODE_INVALID_MESSAGE);
}

/**
 * A login link to the farmer's Express dashboard, once the account exists. A double click within
 * the same minute gets the same link back.
 */
export async function createDashboardLink(
  db: Db,
  stripe: StripeClient,
  memberId: number,
): Promise<{ url: string }> {
  const [member] = await db
    .select({ accountId: members.stripeAccountId, ready: members.payoutAcctSet })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  const accountId = member?.accountId;
  if (!accountId || !member.ready) throw notFoundError("Your payout account is not set up yet.");
  const minute = Math.floor(Date.now() / 60_000);
  const keys = await idempotencyKeys(db);
  const link = await callStripe("create login link", () =>
    stripe.accounts.createLoginLink(accountId, undefined, {
      idempotencyKey: keys.loginLink(memberId, minute),
    }),
  );
  return { url: link.url };
}
