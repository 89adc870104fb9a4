/**
 * /v1/transfers: the platform pays a connected account (separate charges and transfers). A transfer
 * needs a destination whose `transfers` capability is active. With `source_transaction` (a charge)
 * it is funded from that charge: same currency, and no more than the charge's amount less its
 * refunds and the transfers already made from it. Without one it draws on the platform's available
 * balance, which in test mode is empty until a test funds it (`fundPlatformBalance`). Emits
 * transfer.created / transfer.updated; reversals live in transfer-reversals.ts.
 */
import { invalidParam, invalidRequest, missingParam, resourceMissing } from "./errors";
import { readInt, readString } from "./form";
import { expandOf, listAnswer, mergeMetadata, pickStrings, render, type Json } from "./objects";
import type { ApiContext, Route } from "./router";
import type { FakeState } from "./state";
import { newId, randomToken, type StripeObject } from "./store";

const money = (cents: number, currency: string) =>
  `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

/** What a transfer still moves: its amount less what was reversed. */
export const netOf = (transfer: StripeObject) =>
  Number(transfer.amount) - Number(transfer.amount_reversed);

/** The platform's available balance in `currency`: what tests funded, less transfers drawn on it. */
export function platformAvailable(state: FakeState, currency: string): number {
  const funded = (state.store.secret("platform_balance")[currency] as number | undefined) ?? 0;
  const drawn = state.store
    .all("transfer")
    .filter((t) => t.source_transaction === null && t.currency === currency)
    .reduce((sum, t) => sum + netOf(t), 0);
  return funded - drawn;
}

function checkDestination(state: FakeState, destinationId: string): StripeObject {
  const destination = state.store.get("account", destinationId);
  if (!destination) throw resourceMissing("destination", destinationId, "destination");
  const capabilities = destination.capabilities as Record<string, string>;
  if (capabilities.transfers !== "active") {
    throw invalidRequest(
      "Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments",
      { param: "destination" },
    );
  }
  return destination;
}

/** The charge funding a transfer, checked: succeeded, same currency, enough left to transfer. */
function checkSource(state: FakeState, chargeId: string, amount: number, currency: string) {
  const charge = state.store.getOrThrow("charge", chargeId, "source_transaction");
  if (charge.status !== "succeeded") {
    throw invalidRequest(
      `The source_transaction ${charge.id} has not succeeded; only a succeeded charge can fund a transfer.`,
      { param: "source_transaction" },
    );
  }
  if (charge.currency !== currency) {
    throw invalidRequest(
      `The currency of source_transaction's balance transaction (${String(charge.currency)}) must be the same as the transfer currency (${currency}).`,
      { param: "currency" },
    );
  }
  const transferred = state.store
    .all("transfer")
    .filter((t) => t.source_transaction === charge.id)
    .reduce((sum, t) => sum + netOf(t), 0);
  const left = Number(charge.amount) - Number(charge.amount_refunded) - transferred;
  if (amount > left) {
    throw invalidRequest(
      `The transfer amount (${money(amount, currency)}) is greater than what remains to be transferred from source_transaction ${charge.id} (${money(Math.max(left, 0), currency)}): its amount, less refunds and earlier transfers from it.`,
      { code: "balance_insufficient", param: "amount" },
    );
  }
}

function createTransfer({ state, params, request }: ApiContext): Json {
  const amount = readInt(params, "amount");
  if (amount === undefined) throw missingParam("amount");
  if (amount < 1) throw invalidParam("amount", "This value must be greater than or equal to 1.");
  const currency = readString(params, "currency")?.toLowerCase();
  if (!currency) throw missingParam("currency");
  if (!/^[a-z]{3}$/.test(currency)) throw invalidParam("currency", `Invalid currency: ${currency}`);
  const destinationId = readString(params, "destination");
  if (!destinationId) throw missingParam("destination");
  const destination = checkDestination(state, destinationId);
  const source = readString(params, "source_transaction") || null;
  if (source) checkSource(state, source, amount, currency);
  else if (amount > platformAvailable(state, currency)) {
    throw invalidRequest(
      "You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card. See: https://stripe.com/docs/testing#available-balance",
      { code: "balance_insufficient" },
    );
  }
  const id = newId("transfer");
  const transfer = state.store.insert(
    "transfer",
    {
      amount,
      amount_reversed: 0,
      balance_transaction: `txn_${randomToken()}`,
      currency,
      description: readString(params, "description") ?? null,
      destination: destination.id,
      destination_payment: `py_${randomToken()}`,
      metadata: mergeMetadata({}, params.metadata),
      reversals: {
        object: "list",
        data: [],
        has_more: false,
        total_count: 0,
        url: `/v1/transfers/${id}/reversals`,
      },
      reversed: false,
      source_transaction: source,
      source_type: readString(params, "source_type") ?? "card",
      transfer_group: readString(params, "transfer_group") ?? null,
    },
    id,
  );
  state.emit("transfer.created", transfer, request);
  return render(state.store, transfer, expandOf(params));
}

export const transferRoutes: Route[] = [
  {
    // POST /v1/transfers – pay a connected account (emits transfer.created)
    method: "POST",
    pattern: "/v1/transfers",
    accepts: [
      "amount",
      "currency",
      "destination",
      "source_transaction",
      "source_type",
      "transfer_group",
      "description",
      "metadata",
    ],
    handler: createTransfer,
  },
  {
    // GET /v1/transfers?transfer_group=...&destination=... – newest first
    method: "GET",
    pattern: "/v1/transfers",
    handler: ({ state, params }) => {
      const group = readString(params, "transfer_group");
      const destination = readString(params, "destination");
      const transfers = state.store
        .all("transfer")
        .filter(
          (t) =>
            (!group || t.transfer_group === group) &&
            (!destination || t.destination === destination),
        );
      return listAnswer(state.store, transfers, params, "/v1/transfers");
    },
  },
  {
    // GET /v1/transfers/:id
    method: "GET",
    pattern: "/v1/transfers/:id",
    handler: ({ state, id, params }) =>
      render(state.store, state.store.getOrThrow("transfer", id, "id"), expandOf(params)),
  },
  {
    // POST /v1/transfers/:id – metadata and description (emits transfer.updated)
    method: "POST",
    pattern: "/v1/transfers/:id",
    accepts: ["metadata", "description"],
    handler: ({ state, id, params, request }) => {
      const transfer = state.store.getOrThrow("transfer", id, "id");
      const patch: Json = pickStrings(params, ["description"]);
      if (params.metadata !== undefined) {
        patch.metadata = mergeMetadata(transfer.metadata, params.metadata);
      }
      const previous = Object.fromEntries(Object.keys(patch).map((key) => [key, transfer[key]]));
      state.store.update(transfer, patch);
      state.emit("transfer.updated", transfer, request, previous);
      return render(state.store, transfer, expandOf(params));
    },
  },
];
