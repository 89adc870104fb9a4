/**
 * /v1/setup_intents: save a card for later (create, retrieve, update, list, confirm, cancel, and the
 * fake's 3-D Secure finish). The status machine lives in setup-attempts.ts.
 */
import { resolvePaymentMethod } from "./card-payment-methods";
import { readResult, unexpectedState } from "./confirm-card";
import { invalidParam } from "./errors";
import { readBool, readString } from "./form";
import { expandOf, listAnswer, mergeMetadata, pickStrings, render, type Json } from "./objects";
import { paymentMethodSetup } from "./payment-intent-create";
import type { ApiContext, Route } from "./router";
import { newId, randomToken, type StripeObject } from "./store";
import { authenticateSetup, confirmSetup } from "./setup-attempts";

const CONFIRM_PARAMS = [
  "payment_method",
  "payment_method_data",
  "return_url",
  "mandate_data",
  "payment_method_options",
  "use_stripe_sdk",
];

export function createSetupIntent({ state, params, request }: ApiContext): Json {
  const customer = readString(params, "customer");
  if (customer) state.store.getOrThrow("customer", customer, "customer");
  const usage = readString(params, "usage") ?? "off_session";
  if (usage !== "off_session" && usage !== "on_session")
    throw invalidParam("usage", "Invalid usage: must be one of off_session, on_session");
  const pmId = readString(params, "payment_method");
  const pm = pmId ? resolvePaymentMethod(state, pmId) : undefined;
  const id = newId("setup_intent");
  const si = state.store.insert(
    "setup_intent",
    {
      application: null,
      cancellation_reason: null,
      client_secret: `${id}_secret_${randomToken()}`,
      customer: customer ?? null,
      customer_account: null,
      description: null,
      flow_directions: null,
      last_setup_error: null,
      latest_attempt: null,
      mandate: null,
      metadata: mergeMetadata({}, params.metadata),
      next_action: null,
      on_behalf_of: readString(params, "on_behalf_of") ?? null,
      payment_method: pm?.id ?? null,
      payment_method_options: {
        card: { mandate_options: null, network: null, request_three_d_secure: "automatic" },
      },
      single_use_mandate: null,
      status: pm ? "requires_confirmation" : "requires_payment_method",
      usage,
      ...pickStrings(params, ["description"]),
      ...paymentMethodSetup(params),
    },
    id,
  );
  state.emit("setup_intent.created", si, request);
  if (readBool(params, "confirm"))
    confirmSetup(state, si, pm ? { ...params, payment_method: pm.id } : params, request);
  return render(state.store, si, expandOf(params));
}

const intent = (ctx: ApiContext): StripeObject =>
  ctx.state.store.getOrThrow("setup_intent", ctx.id, "intent");

export const setupIntentRoutes: Route[] = [
  // POST /v1/setup_intents – a new SetupIntent, confirmed at once with confirm=true
  {
    method: "POST",
    pattern: "/v1/setup_intents",
    accepts: [
      "customer",
      "usage",
      "metadata",
      "description",
      "confirm",
      "automatic_payment_methods",
      "allowed_payment_method_types",
      "excluded_payment_method_types",
      "on_behalf_of",
      ...CONFIRM_PARAMS,
    ],
    handler: createSetupIntent,
  },
  // GET /v1/setup_intents?customer=... – newest first
  {
    method: "GET",
    pattern: "/v1/setup_intents",
    handler: ({ state, params }) => {
      const customer = readString(params, "customer");
      const intents = state.store
        .all("setup_intent")
        .filter((si) => !customer || si.customer === customer);
      return listAnswer(state.store, intents, params, "/v1/setup_intents");
    },
  },
  // GET /v1/setup_intents/:id – also with the publishable key and the client_secret
  {
    method: "GET",
    pattern: "/v1/setup_intents/:id",
    access: "client_secret",
    handler: (ctx) => render(ctx.state.store, intent(ctx), expandOf(ctx.params)),
  },
  // POST /v1/setup_intents/:id – metadata, description, payment_method
  {
    method: "POST",
    pattern: "/v1/setup_intents/:id",
    accepts: ["metadata", "description", "payment_method"],
    handler: (ctx) => {
      const si = intent(ctx);
      const pmId = readString(ctx.params, "payment_method");
      ctx.state.store.update(si, {
        ...pickStrings(ctx.params, ["description"]),
        metadata: mergeMetadata(si.metadata, ctx.params.metadata),
        ...(pmId
          ? {
              payment_method: resolvePaymentMethod(ctx.state, pmId).id,
              status: "requires_confirmation",
              next_action: null,
            }
          : {}),
      });
      return render(ctx.state.store, si, expandOf(ctx.params));
    },
  },
  // POST /v1/setup_intents/:id/confirm – also with the publishable key and the client_secret
  {
    method: "POST",
    pattern: "/v1/setup_intents/:id/confirm",
    access: "client_secret",
    accepts: CONFIRM_PARAMS,
    handler: (ctx) => {
      const si = intent(ctx);
      confirmSetup(ctx.state, si, ctx.params, ctx.request);
      return render(ctx.state.store, si, expandOf(ctx.params));
    },
  },
  // POST /v1/setup_intents/:id/cancel
  {
    method: "POST",
    pattern: "/v1/setup_intents/:id/cancel",
    accepts: ["cancellation_reason"],
    handler: (ctx) => {
      const si = intent(ctx);
      if (si.status === "succeeded" || si.status === "canceled") {
        throw unexpectedState(
          ctx.state,
          si,
          `You cannot cancel this SetupIntent because it has a status of ${String(si.status)}.`,
        );
      }
      ctx.state.store.update(si, {
        status: "canceled",
        cancellation_reason: readString(ctx.params, "cancellation_reason") ?? null,
        next_action: null,
      });
      ctx.state.emit("setup_intent.canceled", si, ctx.request);
      return render(ctx.state.store, si, expandOf(ctx.params));
    },
  },
  // POST /v1/setup_intents/:id/_fake_authenticate – fake only: the customer passes or fails 3-D Secure
  {
    method: "POST",
    pattern: "/v1/setup_intents/:id/_fake_authenticate",
    access: "client_secret",
    accepts: ["result"],
    handler: (ctx) => {
      const si = intent(ctx);
      authenticateSetup(ctx.state, si, readResult(ctx.params), ctx.request);
      return render(ctx.state.store, si, expandOf(ctx.params));
    },
  },
];
