/**
 * /v1/prices: create, retrieve, update, list. A `lookup_key` names one price at a time: taking a
 * key another price holds is refused unless `transfer_lookup_key` moves it, as at Stripe.
 */
import { invalidParam, invalidRequest, missingParam } from "./errors";
import { readBool, readInt, readList, readObject, readString, type Params } from "./form";
import { expandOf, listAnswer, mergeMetadata, render } from "./objects";
import type { RequestRef, Route } from "./router";
import type { FakeState } from "./state";
import type { StripeObject } from "./store";

const INTERVALS = ["day", "week", "month", "year"];

function readRecurring(params: Params) {
  const recurring = readObject(params, "recurring");
  if (!recurring) return null;
  const interval = readString(recurring, "interval", "recurring[interval]");
  if (!interval) throw missingParam("recurring[interval]");
  if (!INTERVALS.includes(interval)) {
    throw invalidParam(
      "recurring[interval]",
      `Invalid recurring[interval]: must be one of ${INTERVALS.join(", ")}`,
    );
  }
  return {
    interval,
    interval_count: readInt(recurring, "interval_count", "recurring[interval_count]") ?? 1,
    meter: null,
    trial_period_days: null,
    usage_type: "licensed",
  };
}

/**
 * Gives `price` the lookup key `key` (null clears it). A key held by another price is refused
 * unless `transfer` is set: then the other price loses it (price.updated).
 */
function assignLookupKey(
  state: FakeState,
  price: StripeObject | null,
  key: string | null,
  transfer: boolean,
  request: RequestRef,
): void {
  if (key === null) return;
  const holder = state.store
    .all("price")
    .find((other) => other.lookup_key === key && other.id !== price?.id);
  if (!holder) return;
  if (!transfer) {
    throw invalidRequest(
      `A price (\`${holder.id}\`) already uses that lookup key. Pass \`transfer_lookup_key=true\` to move it to this price.`,
      { param: "lookup_key" },
    );
  }
  state.store.update(holder, { lookup_key: null });
  state.emit("price.updated", holder, request, { lookup_key: key });
}

export const priceRoutes: Route[] = [
  {
    // POST /v1/prices – a one-time or recurring price of a product (emits price.created)
    method: "POST",
    pattern: "/v1/prices",
    accepts: [
      "product",
      "currency",
      "unit_amount",
      "recurring",
      "lookup_key",
      "transfer_lookup_key",
      "nickname",
      "metadata",
      "active",
      "tax_behavior",
      "billing_scheme",
    ],
    handler: ({ state, params, request }) => {
      const product = readString(params, "product");
      if (!product) throw missingParam("product");
      state.store.getOrThrow("product", product, "product");
      const currency = readString(params, "currency")?.toLowerCase();
      if (!currency) throw missingParam("currency");
      const unitAmount = readInt(params, "unit_amount");
      if (unitAmount === undefined) throw missingParam("unit_amount");
      if (unitAmount < 0) throw invalidParam("unit_amount", "Invalid unit_amount: must be >= 0");
      const recurring = readRecurring(params);
      const lookupKey = readString(params, "lookup_key") || null;
      assignLookupKey(
        state,
        null,
        lookupKey,
        readBool(params, "transfer_lookup_key") ?? false,
        request,
      );
      const price = state.store.insert("price", {
        active: readBool(params, "active") ?? true,
        billing_scheme: "per_unit",
        currency,
        custom_unit_amount: null,
        lookup_key: lookupKey,
        metadata: mergeMetadata({}, params.metadata),
        nickname: readString(params, "nickname") || null,
        product,
        recurring,
        tax_behavior: readString(params, "tax_behavior") ?? "unspecified",
        tiers_mode: null,
        transform_quantity: null,
        type: recurring ? "recurring" : "one_time",
        unit_amount: unitAmount,
        unit_amount_decimal: String(unitAmount),
      });
      state.emit("price.created", price, request);
      return render(state.store, price, expandOf(params));
    },
  },
  {
    // GET /v1/prices?lookup_keys[]=...&active=&product=&type=&currency= – newest first
    method: "GET",
    pattern: "/v1/prices",
    handler: ({ state, params }) => {
      const keys = readList(params, "lookup_keys");
      const active = readBool(params, "active");
      const product = readString(params, "product");
      const type = readString(params, "type");
      const currency = readString(params, "currency");
      const prices = state.store
        .all("price")
        .filter(
          (price) =>
            (keys.length === 0 || keys.includes(String(price.lookup_key))) &&
            (active === undefined || price.active === active) &&
            (!product || price.product === product) &&
            (!type || price.type === type) &&
            (!currency || price.currency === currency),
        );
      return listAnswer(state.store, prices, params, "/v1/prices");
    },
  },
  {
    // GET /v1/prices/:id
    method: "GET",
    pattern: "/v1/prices/:id",
    handler: ({ state, id, params }) =>
      render(state.store, state.store.getOrThrow("price", id, "price"), expandOf(params)),
  },
  {
    // POST /v1/prices/:id – active, lookup_key (with transfer_lookup_key), nickname, metadata
    method: "POST",
    pattern: "/v1/prices/:id",
    accepts: [
      "active",
      "lookup_key",
      "transfer_lookup_key",
      "nickname",
      "metadata",
      "tax_behavior",
    ],
    handler: ({ state, id, params, request }) => {
      const price = state.store.getOrThrow("price", id, "price");
      const patch: Record<string, unknown> = {};
      const active = readBool(params, "active");
      if (active !== undefined) patch.active = active;
      const lookupKey = readString(params, "lookup_key");
      if (lookupKey !== undefined) {
        patch.lookup_key = lookupKey || null;
        const transfer = readBool(params, "transfer_lookup_key") ?? false;
        assignLookupKey(state, price, lookupKey || null, transfer, request);
      }
      const nickname = readString(params, "nickname");
      if (nickname !== undefined) patch.nickname = nickname || null;
      if (params.metadata !== undefined)
        patch.metadata = mergeMetadata(price.metadata, params.metadata);
      const previous = Object.fromEntries(Object.keys(patch).map((key) => [key, price[key]]));
      state.store.update(price, patch);
      state.emit("price.updated", price, request, previous);
      return render(state.store, price, expandOf(params));
    },
  },
];
