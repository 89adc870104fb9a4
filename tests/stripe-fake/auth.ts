/**
 * Who is calling, as Stripe decides it: a Bearer (or Basic) secret key `sk_test_...` may do
 * anything; a publishable key `pk_test_...` (Stripe.js sends it as the `key` parameter) only what a
 * route allows, and for intents only with their client_secret. Live keys and anything else: 401.
 */
import type { IncomingHttpHeaders } from "node:http";
import { authError, invalidRequest, resourceMissing, type StripeApiError } from "./errors";
import type { Params } from "./form";
import type { Access, KeyKind } from "./router";
import type { Store } from "./store";

function readApiKey(headers: IncomingHttpHeaders, params: Params): string | undefined {
  const header = headers.authorization ?? "";
  if (header.startsWith("Bearer ")) return header.slice("Bearer ".length).trim();
  if (header.startsWith("Basic ")) {
    return Buffer.from(header.slice("Basic ".length), "base64").toString().split(":")[0];
  }
  return typeof params.key === "string" ? params.key : undefined;
}

const redact = (key: string) =>
  `${key.slice(0, 8)}${"*".repeat(Math.max(key.length - 12, 0))}${key.slice(-4)}`;

/** The kind of key of a request, or the 401 Stripe answers. */
export function identify(headers: IncomingHttpHeaders, params: Params): KeyKind | StripeApiError {
  const key = readApiKey(headers, params);
  if (!key) {
    return authError(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    );
  }
  if (key.startsWith("sk_test_")) return "secret";
  if (key.startsWith("pk_test_")) return "publishable";
  return authError(`Invalid API Key provided: ${redact(key)}`);
}

/** Refuses a publishable key where the route does not allow it, or without the right client_secret. */
export function checkAccess(
  keyKind: KeyKind,
  access: Access,
  store: Store,
  id: string,
  params: Params,
): StripeApiError | null {
  if (keyKind === "secret" || access === "publishable") return null;
  if (access === "secret") {
    return authError(
      "This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.",
    );
  }
  const intent = store.findById(id);
  const label = intent?.object === "setup_intent" ? "SetupIntent" : "PaymentIntent";
  if (!intent) return resourceMissing(label, id, "intent");
  if (params.client_secret !== intent.client_secret) {
    return invalidRequest(
      `The client_secret provided does not match the client_secret associated with the ${label}.`,
      { param: "client_secret" },
    );
  }
  return null;
}
