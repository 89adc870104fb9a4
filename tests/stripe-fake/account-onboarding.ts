/**
 * What happens to a connected account outside the API: the holder finishes (or never finishes)
 * Stripe's hosted onboarding, Stripe asks for more information later, the holder disconnects the
 * platform. Each change emits a Connect event (`account` set), as at Stripe.
 */
import { NOTHING_DUE } from "./account-shape";
import type { Json } from "./objects";
import type { RequestRef } from "./router";
import { NO_REQUEST, type FakeState } from "./state";
import { randomToken, type StripeObject } from "./store";

/** The fields of an account `setAccountRequirements` may change. */
export interface AccountRequirementsPatch {
  currently_due?: string[];
  eventually_due?: string[];
  past_due?: string[];
  pending_verification?: string[];
  disabled_reason?: string | null;
  current_deadline?: number | null;
  charges_enabled?: boolean;
  payouts_enabled?: boolean;
  details_submitted?: boolean;
  /** Capability statuses to set, e.g. `{ transfers: "inactive" }`. */
  capabilities?: Record<string, "active" | "inactive" | "pending">;
}

const REQUIREMENT_LISTS = [
  "currently_due",
  "eventually_due",
  "past_due",
  "pending_verification",
] as const;

/** Applies `patch` to the account, recording what it replaced for the event's previous_attributes. */
function change(
  state: FakeState,
  account: StripeObject,
  patch: Json,
  request: RequestRef,
): StripeObject {
  const previous = Object.fromEntries(Object.keys(patch).map((key) => [key, account[key]]));
  state.store.update(account, patch);
  state.emitForAccount(account.id, "account.updated", account, request, previous);
  return account;
}

/** The test bank account Stripe's onboarding collects (routing 110000000, last4 6789). */
function testBankAccount(account: StripeObject): Json {
  return {
    id: `ba_${randomToken()}`,
    object: "bank_account",
    account: account.id,
    account_holder_name: null,
    account_holder_type: null,
    account_type: null,
    available_payout_methods: ["standard"],
    bank_name: "STRIPE TEST BANK",
    country: account.country,
    currency: account.default_currency,
    default_for_currency: true,
    fingerprint: randomToken(16),
    last4: "6789",
    metadata: {},
    routing_number: "110000000",
    status: "new",
  };
}

/**
 * The holder submits everything: every requested capability becomes active, charges follow
 * `card_payments`, payouts open, nothing is due. Emits account.updated.
 */
export function completeOnboarding(
  state: FakeState,
  accountId: string,
  request: RequestRef = NO_REQUEST,
): StripeObject {
  const account = state.store.getOrThrow("account", accountId, "account");
  const capabilities = Object.fromEntries(
    Object.keys(account.capabilities as Json).map((name) => [name, "active"]),
  );
  const tos = account.tos_acceptance as Json;
  const externalAccounts = account.external_accounts as { data: Json[]; total_count: number };
  const bank = externalAccounts.data.length > 0 ? [] : [testBankAccount(account)];
  return change(
    state,
    account,
    {
      business_type: account.business_type ?? "individual",
      capabilities,
      charges_enabled: capabilities.card_payments === "active",
      details_submitted: true,
      external_accounts: {
        ...externalAccounts,
        data: [...bank, ...externalAccounts.data],
        total_count: externalAccounts.total_count + bank.length,
      },
      future_requirements: { ...NOTHING_DUE },
      payouts_enabled: true,
      requirements: { ...NOTHING_DUE },
      tos_acceptance: { ...tos, date: tos.date ?? state.store.now(), ip: tos.ip ?? "127.0.0.1" },
    },
    request,
  );
}

/**
 * Stripe asks for more (or less): sets the requirement lists and flags given, keeping
 * `eventually_due` a superset of `currently_due` and `past_due`. Emits account.updated.
 */
export function setAccountRequirements(
  state: FakeState,
  accountId: string,
  patch: AccountRequirementsPatch,
  request: RequestRef = NO_REQUEST,
): StripeObject {
  const account = state.store.getOrThrow("account", accountId, "account");
  const requirements: Json = { ...(account.requirements as Json) };
  for (const list of REQUIREMENT_LISTS) {
    if (patch[list]) requirements[list] = [...patch[list]].sort();
  }
  if (patch.disabled_reason !== undefined) requirements.disabled_reason = patch.disabled_reason;
  if (patch.current_deadline !== undefined) requirements.current_deadline = patch.current_deadline;
  const lists = (name: string) => (requirements[name] as string[] | null) ?? [];
  requirements.eventually_due = [
    ...new Set([...lists("eventually_due"), ...lists("currently_due"), ...lists("past_due")]),
  ].sort();
  const fields: Json = { requirements };
  for (const flag of ["charges_enabled", "payouts_enabled", "details_submitted"] as const) {
    if (patch[flag] !== undefined) fields[flag] = patch[flag];
  }
  if (patch.capabilities) {
    fields.capabilities = { ...(account.capabilities as Json), ...patch.capabilities };
  }
  return change(state, account, fields, request);
}

/** The holder disconnects the platform: account.application.deauthorized, about the platform's app. */
export function deauthorizeAccount(state: FakeState, accountId: string): StripeObject {
  state.store.getOrThrow("account", accountId, "account");
  const application = {
    id: "ca_stripe_fake_platform",
    object: "application",
    name: "Stripe fake platform",
  };
  return state.emitForAccount(accountId, "account.application.deauthorized", application);
}
