/**
 * One /v1 request, in Stripe's order: who is calling, which endpoint, may this key call it, are the
 * parameters known; then injected faults, the idempotency layer, latency, and the handler. Answers
 * carry Stripe's headers (Request-Id, Stripe-Version, Idempotency-Key, Idempotent-Replayed).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import Stripe from "stripe";
import { accountLinkRoutes } from "./account-links";
import { accountRoutes } from "./accounts";
import { checkAccess, identify } from "./auth";
import { balanceRoutes } from "./balance";
import { customerRoutes } from "./customers";
import { disputeRoutes } from "./disputes";
import { apiError, invalidRequest, StripeApiError } from "./errors";
import { eventRoutes } from "./events";
import type { FaultKind, Faults } from "./faults";
import { fingerprint, parseForm, type Params } from "./form";
import type { IdempotencyKeys, StoredAnswer } from "./idempotency";
import { chargeRoutes } from "./charges";
import { paymentIntentRoutes } from "./payment-intents";
import { invoiceRoutes } from "./invoices";
import { paymentMethodRoutes } from "./payment-methods";
import { priceRoutes } from "./prices";
import { productRoutes } from "./products";
import { refundRoutes } from "./refunds";
import { compileRoutes, matchRoute, type KeyKind, type Route } from "./router";
import { setupIntentRoutes } from "./setup-intents";
import { subscriptionRoutes } from "./subscriptions";
import type { FakeState } from "./state";
import { randomToken } from "./store";
import { transferReversalRoutes } from "./transfer-reversals";
import { transferRoutes } from "./transfers";

/** New resource families add their route list here. */
const ROUTES = compileRoutes([
  ...customerRoutes,
  ...paymentMethodRoutes,
  ...paymentIntentRoutes,
  ...setupIntentRoutes,
  ...chargeRoutes,
  ...refundRoutes,
  ...disputeRoutes,
  ...eventRoutes,
  ...accountRoutes,
  ...accountLinkRoutes,
  ...transferRoutes,
  ...transferReversalRoutes,
  ...balanceRoutes,
  ...productRoutes,
  ...priceRoutes,
  ...subscriptionRoutes,
  ...invoiceRoutes,
] satisfies Route[]);

/** Parameters any endpoint takes: expansion, and what Stripe.js adds to its calls. */
const ALWAYS_ACCEPTED = [
  "expand",
  "key",
  "client_secret",
  "payment_user_agent",
  "guid",
  "muid",
  "sid",
  "time_on_page",
  "referrer",
  "_stripe_version",
  "_stripe_account",
];

export interface RequestLogEntry {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: Params;
  /** The HTTP status answered (for a "lost" fault: the one stored), null for a held "timeout". */
  status: number | null;
  keyKind: KeyKind | null;
  /** The `Stripe-Account` header (a connected account), null for the platform. */
  stripeAccount: string | null;
  replayed: boolean;
  fault: FaultKind | null;
  requestId: string;
}

export interface Runtime {
  state: FakeState;
  keys: IdempotencyKeys;
  faults: Faults;
  requests: RequestLogEntry[];
  latencyMs: number;
  /** How long a "timeout" fault holds a request the client has not given up on. */
  holdMs: number;
  held: Set<ServerResponse>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function serveApi(
  rt: Runtime,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  body: string,
) {
  const method = req.method ?? "GET";
  const path = url.pathname;
  const params = parseForm(method === "POST" ? body : url.search.slice(1));
  const keyHeader = req.headers["idempotency-key"];
  // The SDK sends keys on POST and DELETE (subscriptions.cancel); GETs are idempotent anyway.
  const keyed = method === "POST" || method === "DELETE";
  const idempotencyKey = keyed && typeof keyHeader === "string" ? keyHeader : null;
  const identity = identify(req.headers, params);
  delete params.key;
  const accountHeader = req.headers["stripe-account"] ?? params._stripe_account;
  const stripeAccount = typeof accountHeader === "string" && accountHeader ? accountHeader : null;
  const entry: RequestLogEntry = {
    method,
    path,
    idempotencyKey,
    params,
    status: null,
    keyKind: identity instanceof StripeApiError ? null : identity,
    stripeAccount,
    replayed: false,
    fault: null,
    requestId: `req_${randomToken(14)}`,
  };
  rt.requests.push(entry);
  const headers: Record<string, string> = {
    "Request-Id": entry.requestId,
    "Stripe-Version": String(req.headers["stripe-version"] ?? Stripe.API_VERSION),
    ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}),
  };
  const answer = ({ status, body: text }: StoredAnswer, extra: Record<string, string> = {}) => {
    entry.status = status;
    res.writeHead(status, { "Content-Type": "application/json", ...headers, ...extra }).end(text);
  };
  const fail = (error: StripeApiError) =>
    answer({ status: error.status, body: JSON.stringify(error) });

  if (identity instanceof StripeApiError) return fail(identity);
  const match = matchRoute(ROUTES, method, path);
  if (!match) {
    return fail(
      invalidRequest(
        `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        { status: 404 },
      ),
    );
  }
  const { route, path: pathParams } = match;
  const id = pathParams.id ?? "";
  const refused =
    checkAccess(identity, route.access ?? "secret", rt.state.store, id, params) ??
    checkStripeAccount(rt.state, route, stripeAccount);
  if (refused) return fail(refused);
  const unknown =
    route.accepts &&
    Object.keys(params).find(
      (name) => !route.accepts?.includes(name) && !ALWAYS_ACCEPTED.includes(name),
    );
  if (unknown)
    return fail(
      invalidRequest(`Received unknown parameter: ${unknown}`, {
        code: "parameter_unknown",
        param: unknown,
      }),
    );

  entry.fault = rt.faults.take(method, path);
  if (entry.fault === "500") return fail(apiError());
  if (entry.fault === "timeout") return hold(rt, res);

  const admission = idempotencyKey
    ? rt.keys.admit(idempotencyKey, method, path, fingerprint(params))
    : null;
  if (admission?.kind === "refuse") return fail(admission.error);
  if (admission?.kind === "replay") {
    entry.replayed = true;
    if (entry.fault === "lost") return loseAnswer(res, entry, admission.answer.status);
    return answer(admission.answer, { "Idempotent-Replayed": "true" });
  }
  if (rt.latencyMs > 0) await sleep(rt.latencyMs);

  const writesBefore = rt.state.store.writes;
  const result = execute(() =>
    route.handler({
      state: rt.state,
      params,
      path: pathParams,
      id,
      keyKind: identity,
      request: { id: entry.requestId, idempotency_key: idempotencyKey },
      stripeAccount,
    }),
  );
  // Stripe keeps the answer only once the request started executing: a success, or a failure
  // after a change (a decline). A refusal before any change (validation) is not kept.
  const started = result.status === 200 || rt.state.store.writes !== writesBefore;
  admission?.finish(started ? result : null);
  if (entry.fault === "lost") return loseAnswer(res, entry, result.status);
  answer(result);
}

/**
 * A request made on behalf of a connected account must name one of the platform's accounts (403
 * otherwise, as at Stripe), and reach an endpoint the fake answers per account.
 */
function checkStripeAccount(
  state: FakeState,
  route: Route,
  stripeAccount: string | null,
): StripeApiError | null {
  if (!stripeAccount) return null;
  if (!state.store.get("account", stripeAccount)) {
    return invalidRequest(
      `The provided key does not have access to account '${stripeAccount}' (or that account does not exist). Application access may have been revoked.`,
      { status: 403 },
    );
  }
  if (route.onBehalfOf) return null;
  return invalidRequest(
    `The Stripe fake does not answer ${route.method} ${route.pattern} on behalf of a connected account (Stripe-Account); only GET /v1/balance.`,
  );
}

function execute(run: () => unknown): StoredAnswer {
  try {
    return { status: 200, body: JSON.stringify(run(), null, 2) };
  } catch (error) {
    if (error instanceof StripeApiError)
      return { status: error.status, body: JSON.stringify(error, null, 2) };
    console.error("stripe fake: handler crashed", error);
    return { status: 500, body: JSON.stringify(apiError()) };
  }
}

/** The "timeout" fault: keep the request open, unexecuted, until the client leaves or holdMs passes. */
function hold(rt: Runtime, res: ServerResponse): void {
  rt.held.add(res);
  const timer = setTimeout(() => res.socket?.destroy(), rt.holdMs);
  res.on("close", () => {
    clearTimeout(timer);
    rt.held.delete(res);
  });
}

/** The "lost" fault: the work is done and kept; the client only sees its connection drop. */
function loseAnswer(res: ServerResponse, entry: RequestLogEntry, status: number): void {
  entry.status = status;
  res.socket?.destroy();
}
