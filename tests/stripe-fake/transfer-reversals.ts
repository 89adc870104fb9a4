/**
 * /v1/transfers/:id/reversals: the platform takes back part or all of a transfer (a refunded line
 * that was already paid out). What is left to reverse is the transfer's amount less earlier
 * reversals; asking for more is refused. Emits transfer.reversed (the transfer) on each reversal.
 */
import { invalidParam, invalidRequest } from "./errors";
import { readInt } from "./form";
import { expandOf, listAnswer, mergeMetadata, render, type Json } from "./objects";
import type { ApiContext, Route } from "./router";
import { randomToken, type StripeObject } from "./store";

const money = (cents: number, currency: string) =>
  `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

const transferOf = (ctx: ApiContext): StripeObject =>
  ctx.state.store.getOrThrow("transfer", ctx.id, "id");

function reversalOf(ctx: ApiContext): StripeObject {
  const transfer = transferOf(ctx);
  const id = ctx.path.reversal ?? "";
  const reversal = ctx.state.store.getOrThrow("transfer_reversal", id, "id");
  if (reversal.transfer !== transfer.id) {
    throw invalidRequest(`No such transfer reversal: '${id}'`, {
      code: "resource_missing",
      status: 404,
      param: "id",
    });
  }
  return reversal;
}

function createReversal(ctx: ApiContext): Json {
  const { state, params, request } = ctx;
  const transfer = transferOf(ctx);
  const currency = String(transfer.currency);
  const left = Number(transfer.amount) - Number(transfer.amount_reversed);
  if (left <= 0) {
    throw invalidRequest(`Transfer ${transfer.id} has already been fully reversed.`, {
      code: "transfer_already_reversed",
    });
  }
  const amount = readInt(params, "amount") ?? left;
  if (amount < 1) throw invalidParam("amount", "This value must be greater than or equal to 1.");
  if (amount > left) {
    throw invalidRequest(
      `Reversal amount (${money(amount, currency)}) is greater than the amount left to reverse on transfer ${transfer.id} (${money(left, currency)}).`,
      { code: "amount_too_large", param: "amount" },
    );
  }
  const reversal = state.store.insert("transfer_reversal", {
    amount,
    balance_transaction: `txn_${randomToken()}`,
    currency,
    destination_payment_refund: `pyr_${randomToken()}`,
    metadata: mergeMetadata({}, params.metadata),
    source_refund: null,
    transfer: transfer.id,
  });
  const reversed = Number(transfer.amount_reversed) + amount;
  const list = transfer.reversals as { data: unknown[]; total_count: number };
  state.store.update(transfer, {
    amount_reversed: reversed,
    reversed: reversed === transfer.amount,
    reversals: { ...list, data: [reversal, ...list.data], total_count: list.total_count + 1 },
  });
  state.emit("transfer.reversed", transfer, request);
  return render(state.store, reversal, expandOf(params));
}

export const transferReversalRoutes: Route[] = [
  {
    // POST /v1/transfers/:id/reversals – reverse `amount` (default: all that is left)
    method: "POST",
    pattern: "/v1/transfers/:id/reversals",
    accepts: ["amount", "metadata", "description", "refund_application_fee"],
    handler: createReversal,
  },
  {
    // GET /v1/transfers/:id/reversals – newest first
    method: "GET",
    pattern: "/v1/transfers/:id/reversals",
    handler: (ctx) => {
      const transfer = transferOf(ctx);
      const reversals = ctx.state.store
        .all("transfer_reversal")
        .filter((r) => r.transfer === transfer.id);
      return listAnswer(
        ctx.state.store,
        reversals,
        ctx.params,
        `/v1/transfers/${transfer.id}/reversals`,
      );
    },
  },
  {
    // GET /v1/transfers/:id/reversals/:reversal
    method: "GET",
    pattern: "/v1/transfers/:id/reversals/:reversal",
    handler: (ctx) => render(ctx.state.store, reversalOf(ctx), expandOf(ctx.params)),
  },
  {
    // POST /v1/transfers/:id/reversals/:reversal – metadata only
    method: "POST",
    pattern: "/v1/transfers/:id/reversals/:reversal",
    accepts: ["metadata"],
    handler: (ctx) => {
      const reversal = reversalOf(ctx);
      ctx.state.store.update(reversal, {
        metadata: mergeMetadata(reversal.metadata, ctx.params.metadata),
      });
      return render(ctx.state.store, reversal, expandOf(ctx.params));
    },
  },
];
