/**
 * /v1/accounts: connected accounts (Connect). Create (express, or by `controller`), retrieve,
 * update, delete, list, and their capabilities. A new account can do nothing until onboarding
 * (account-onboarding.ts) enables it; its later changes emit `account.updated` as Connect events
 * (creating one emits nothing, as no event type names it).
 */
import {
  checkServiceAgreement,
  defaultCurrency,
  initialRequirements,
  NOTHING_DUE,
  readCapabilities,
  readController,
} from "./account-shape";
import { invalidParam } from "./errors";
import { readObject, readString, type Params } from "./form";
import {
  expandOf,
  listAnswer,
  mergeMetadata,
  pickHash,
  pickStrings,
  render,
  type Json,
} from "./objects";
import type { ApiContext, Route } from "./router";
import { newId, type StripeObject } from "./store";

const BUSINESS_TYPES = ["individual", "company", "non_profit", "government_entity"];

const EMPTY_BUSINESS_PROFILE = {
  annual_revenue: null,
  estimated_worker_count: null,
  mcc: null,
  minority_owned_business_designation: null,
  name: null,
  product_description: null,
  specified_commercial_transactions_act_url: null,
  support_address: null,
  support_email: null,
  support_phone: null,
  support_url: null,
  url: null,
};

function readCountry(params: Params, platformCountry: string): string {
  const country = readString(params, "country") ?? platformCountry;
  if (!/^[A-Za-z]{2}$/.test(country)) throw invalidParam("country", `Invalid country: ${country}`);
  return country.toUpperCase();
}

function readTos(params: Params): Json {
  const tos = readObject(params, "tos_acceptance") ?? {};
  const date = readString(tos, "date", "tos_acceptance[date]");
  return {
    date: date === undefined ? null : Number(date),
    ip: readString(tos, "ip", "tos_acceptance[ip]") ?? null,
    service_agreement:
      readString(tos, "service_agreement", "tos_acceptance[service_agreement]") ?? "full",
    user_agent: readString(tos, "user_agent", "tos_acceptance[user_agent]") ?? null,
  };
}

function createAccount({ state, params }: ApiContext): Json {
  const { type, controller } = readController(params);
  const country = readCountry(params, state.platformCountry);
  const capabilities = readCapabilities(params);
  const tos = readTos(params);
  checkServiceAgreement(
    String(tos.service_agreement),
    country,
    state.platformCountry,
    capabilities,
  );
  const businessType = readString(params, "business_type") ?? null;
  if (businessType !== null && !BUSINESS_TYPES.includes(businessType)) {
    throw invalidParam(
      "business_type",
      `Invalid business_type: must be one of ${BUSINESS_TYPES.join(", ")}`,
    );
  }
  const id = newId("account");
  const account = state.store.insert(
    "account",
    {
      business_profile: { ...EMPTY_BUSINESS_PROFILE, ...pickHash(params, "business_profile") },
      business_type: businessType,
      capabilities,
      charges_enabled: false,
      controller,
      country,
      default_currency: readString(params, "default_currency") ?? defaultCurrency(country),
      details_submitted: false,
      email: readString(params, "email") ?? null,
      external_accounts: {
        object: "list",
        data: [],
        has_more: false,
        total_count: 0,
        url: `/v1/accounts/${id}/external_accounts`,
      },
      future_requirements: { ...NOTHING_DUE },
      metadata: mergeMetadata({}, params.metadata),
      payouts_enabled: false,
      requirements: initialRequirements(businessType, capabilities),
      settings: {
        dashboard: { display_name: null, timezone: "Etc/UTC" },
        payouts: {
          debit_negative_balances: true,
          schedule: { delay_days: 2, interval: "daily" },
          statement_descriptor: null,
        },
      },
      tos_acceptance: tos,
      type,
    },
    id,
  );
  return render(state.store, account, expandOf(params));
}

const account = (ctx: ApiContext): StripeObject =>
  ctx.state.store.getOrThrow("account", ctx.id, "account");

/** One capability as its own object (`GET /v1/accounts/:id/capabilities/:capability`). */
function capabilityObject(acct: StripeObject, name: string): Json {
  const status = (acct.capabilities as Record<string, string>)[name];
  return {
    id: name,
    object: "capability",
    account: acct.id,
    future_requirements: acct.future_requirements,
    requested: status !== undefined,
    requested_at: status !== undefined ? acct.created : null,
    requirements: acct.requirements,
    status: status ?? "unrequested",
  };
}

export const accountRoutes: Route[] = [
  {
    // POST /v1/accounts – a connected account, not yet onboarded
    method: "POST",
    pattern: "/v1/accounts",
    accepts: [
      "type",
      "controller",
      "country",
      "email",
      "business_type",
      "business_profile",
      "capabilities",
      "tos_acceptance",
      "default_currency",
      "metadata",
    ],
    handler: createAccount,
  },
  {
    // GET /v1/accounts – newest first
    method: "GET",
    pattern: "/v1/accounts",
    handler: ({ state, params }) =>
      listAnswer(state.store, state.store.all("account"), params, "/v1/accounts"),
  },
  {
    // GET /v1/accounts/:id
    method: "GET",
    pattern: "/v1/accounts/:id",
    handler: (ctx) => render(ctx.state.store, account(ctx), expandOf(ctx.params)),
  },
  {
    // POST /v1/accounts/:id – metadata, email, business_profile (emits account.updated)
    method: "POST",
    pattern: "/v1/accounts/:id",
    accepts: ["metadata", "email", "business_profile"],
    handler: (ctx) => {
      const { state, params, request } = ctx;
      const acct = account(ctx);
      const patch: Json = pickStrings(params, ["email"]);
      if (params.metadata !== undefined)
        patch.metadata = mergeMetadata(acct.metadata, params.metadata);
      if (params.business_profile !== undefined) {
        patch.business_profile = {
          ...(acct.business_profile as Json),
          ...pickHash(params, "business_profile"),
        };
      }
      const previous = Object.fromEntries(Object.keys(patch).map((key) => [key, acct[key]]));
      state.store.update(acct, patch);
      state.emitForAccount(acct.id, "account.updated", acct, request, previous);
      return render(state.store, acct, expandOf(params));
    },
  },
  {
    // DELETE /v1/accounts/:id – Stripe answers a stub `{id, object, deleted: true}`
    method: "DELETE",
    pattern: "/v1/accounts/:id",
    handler: (ctx) => {
      const acct = account(ctx);
      ctx.state.store.remove("account", acct.id);
      return { id: acct.id, object: "account", deleted: true };
    },
  },
  {
    // GET /v1/accounts/:id/capabilities – the requested capabilities
    method: "GET",
    pattern: "/v1/accounts/:id/capabilities",
    handler: (ctx) => {
      const acct = account(ctx);
      const data = Object.keys(acct.capabilities as Json).map((name) =>
        capabilityObject(acct, name),
      );
      return { object: "list", data, has_more: false, url: `/v1/accounts/${acct.id}/capabilities` };
    },
  },
  {
    // GET /v1/accounts/:id/capabilities/:capability
    method: "GET",
    pattern: "/v1/accounts/:id/capabilities/:capability",
    handler: (ctx) => capabilityObject(account(ctx), ctx.path.capability ?? ""),
  },
];
