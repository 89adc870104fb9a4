/**
 * The route table every resource file contributes to: `{ method, pattern, access, accepts, handler }`.
 * A handler gets the parsed parameters and answers a JSON object (Stripe answers 200 on success) or
 * throws a StripeApiError.
 */
import type { Params } from "./form";
import type { Json } from "./objects";
import type { FakeState } from "./state";

export type KeyKind = "secret" | "publishable";

/** The `request` field of the events a call makes, as Stripe fills it in. */
export interface RequestRef {
  id: string | null;
  idempotency_key: string | null;
}

export interface ApiContext {
  state: FakeState;
  params: Params;
  path: Record<string, string>;
  /** The `:id` of the path ("" when the pattern has none). */
  id: string;
  keyKind: KeyKind;
  request: RequestRef;
  /** The connected account named by the `Stripe-Account` header, null for the platform. */
  stripeAccount: string | null;
}

/**
 * Who may call: a secret key only (the default); any key; or a publishable key that also sends the
 * client_secret of the object named by `:id` (how Stripe.js reads and confirms intents).
 */
export type Access = "secret" | "publishable" | "client_secret";

export interface Route {
  method: "GET" | "POST" | "DELETE";
  pattern: string;
  access?: Access;
  /** Top-level parameters the endpoint takes; any other is refused as at Stripe. Omit to skip the check. */
  accepts?: readonly string[];
  /** The route answers for a connected account named by `Stripe-Account`; others refuse that header. */
  onBehalfOf?: boolean;
  handler: (ctx: ApiContext) => Json;
}

interface CompiledRoute extends Route {
  regex: RegExp;
  names: string[];
}

export function compileRoutes(routes: Route[]): CompiledRoute[] {
  return routes.map((route) => {
    const names: string[] = [];
    const source = route.pattern.replace(/:(\w+)/g, (_, name: string) => {
      names.push(name);
      return "([^/]+)";
    });
    return { ...route, regex: new RegExp(`^${source}$`), names };
  });
}

export function matchRoute(
  routes: CompiledRoute[],
  method: string,
  pathname: string,
): { route: CompiledRoute; path: Record<string, string> } | null {
  for (const route of routes) {
    if (route.method !== method) continue;
    const match = route.regex.exec(pathname);
    if (!match) continue;
    const path = Object.fromEntries(
      route.names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? "")]),
    );
    return { route, path };
  }
  return null;
}
