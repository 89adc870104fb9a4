import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { installation } from "@/server/db/schema";

/**
 * Our idempotency key for every Stripe write, derived from what the write is for: a double click,
 * a reload, a retry or a rerun after a crash sends the same key, and Stripe answers with the
 * object it made the first time instead of making another. The SDK's own random keys only cover
 * its network retries of one call. Stripe keeps keys for at least 24 hours, per Stripe account.
 *
 * Every key starts with this database's installation key (decision 0037): a staging reset, a
 * second database or a restore that lost rows would otherwise number its orders, lines and members
 * again from the same ids and send keys another database already used, which Stripe answers with
 * the other database's object, or refuses for a day. The plan products and prices (`stripe:setup`)
 * are the Stripe account's, not a database's, and keep their own keys.
 */
export function idempotencyKeysOf(installationKey: string) {
  const key = (...parts: (string | number)[]) => [installationKey, ...parts].join(":");
  return {
    customer: (memberId: number) => key("customer", memberId),
    paymentIntent: (orderId: number) => key("pi", orderId),
    /** Each change of the PaymentIntent is a new revision of it. */
    paymentIntentUpdate: (orderId: number, revision: number) => key("pi-update", orderId, revision),
    paymentIntentCancel: (orderId: number) => key("pi-cancel", orderId),
    /** A refund Stripe refused or failed is asked again as a new attempt (a new request). */
    refund: (orderItemId: number, attempt: number) => key("refund", orderItemId, attempt),
    reversal: (orderItemId: number, attempt: number) => key("reversal", orderItemId, attempt),
    transfer: (orderId: number, merchantId: number, attempt: number) =>
      key("transfer", orderId, merchantId, attempt),
    detachCard: (paymentMethodId: string) => key("pm-detach", paymentMethodId),
    account: (memberId: number) => key("account", memberId),
    accountLink: (codeHash: string) => key("account-link", codeHash),
    loginLink: (memberId: number, minute: number) => key("login-link", memberId, minute),
    subscription: (memberId: number, attempt: number, price: string) =>
      key("sub", memberId, attempt, price),
    subscriptionCancel: (subscriptionId: string) => key("sub-cancel", subscriptionId),
    subscriptionCardSetup: (subscriptionId: string, revision: number) =>
      key("sub-card-setup", subscriptionId, revision),
    subscriptionCard: (setupIntentId: string) => key("sub-card", setupIntentId),
    customerCard: (setupIntentId: string) => key("customer-card", setupIntentId),
    invoicePay: (invoiceId: string, setupIntentId: string) =>
      key("invoice-pay", invoiceId, setupIntentId),
    subscriptionPlan: (subscriptionId: string, revision: number, plan: string) =>
      key("sub-plan", subscriptionId, revision, plan),
    subscriptionCancelAtEnd: (subscriptionId: string, revision: number) =>
      key("sub-cancel-at-end", subscriptionId, revision),
    subscriptionResume: (subscriptionId: string, revision: number) =>
      key("sub-resume", subscriptionId, revision),
  } as const;
}

export type IdempotencyKeys = ReturnType<typeof idempotencyKeysOf>;

// The installation key never changes for a database, so each handle reads it once: a pure
// optimisation (every instance reads the same row). A transaction handle reads it again.
const known = new WeakMap<object, Promise<string>>();

/** This database's installation key, made on first need (one row; concurrent first calls agree). */
export function installationKey(db: Db): Promise<string> {
  let key = known.get(db);
  if (!key) {
    key = readInstallationKey(db);
    known.set(db, key);
    key.catch(() => known.delete(db));
  }
  return key;
}

async function readInstallationKey(db: Db): Promise<string> {
  await db.insert(installation).values({ id: 1 }).onConflictDoNothing();
  const [row] = await db
    .select({ key: installation.key })
    .from(installation)
    .where(eq(installation.id, 1));
  if (!row) throw new Error("the installation row could not be made");
  return row.key;
}

/** The idempotency keys of this database's Stripe writes. */
export async function idempotencyKeys(db: Db): Promise<IdempotencyKeys> {
  return idempotencyKeysOf(await installationKey(db));
}
