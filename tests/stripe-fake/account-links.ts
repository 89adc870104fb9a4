/**
 * Account Links and Login Links: the URLs a platform sends a connected account's holder to.
 *
 * An Account Link (`POST /v1/account_links`) opens the fake's stand-in for Stripe's hosted
 * onboarding (`/_fake/connect/onboarding/:link`). As at Stripe it is single use and lasts five
 * minutes: opening it a second time, or after it expired, sends the browser to `refresh_url`.
 * A Login Link (`POST /v1/accounts/:id/login_links`) opens the Express dashboard stand-in, for
 * onboarded accounts on the Express Dashboard only.
 */
import { completeOnboarding } from "./account-onboarding";
import { invalidParam, invalidRequest, missingParam } from "./errors";
import { readObject, readString, type Params } from "./form";
import type { Json } from "./objects";
import type { ApiContext, Route } from "./router";
import { NO_REQUEST, type FakeState } from "./state";
import { newId, type StripeObject } from "./store";

/** Stripe's links expire five minutes after they are made. */
const LINK_LIFETIME_S = 5 * 60;

const LINK_TYPES = ["account_onboarding", "account_update"];

function readUrl(params: Params, name: string): string {
  const value = readString(params, name);
  if (!value) throw missingParam(name);
  if (!/^https?:\/\/[^/\s]+/.test(value)) throw invalidParam(name, "Not a valid URL");
  return value;
}

function readEnum(params: Params, key: string, allowed: string[], param: string) {
  const value = readString(params, key, param);
  if (value !== undefined && !allowed.includes(value)) {
    throw invalidParam(param, `Invalid ${param}: must be one of ${allowed.join(", ")}`);
  }
  return value;
}

const dashboardOf = (account: StripeObject) =>
  ((account.controller as Json | undefined)?.stripe_dashboard as Json | undefined)?.type;

function createAccountLink({ state, params }: ApiContext): Json {
  const accountId = readString(params, "account");
  if (!accountId) throw missingParam("account");
  const account = state.store.getOrThrow("account", accountId, "account");
  const type = readEnum(params, "type", LINK_TYPES, "type");
  if (!type) throw missingParam("type");
  // Accounts with a Stripe-hosted dashboard update their details there, not through a link.
  if (type === "account_update" && dashboardOf(account) !== "none") {
    throw invalidParam("type", 'Valid types for this account are ["account_onboarding"].');
  }
  const refreshUrl = readUrl(params, "refresh_url");
  const returnUrl = readUrl(params, "return_url");
  const options = readObject(params, "collection_options") ?? {};
  const fields =
    readEnum(
      options,
      "fields",
      ["currently_due", "eventually_due"],
      "collection_options[fields]",
    ) ??
    readEnum(params, "collect", ["currently_due", "eventually_due"], "collect") ??
    "currently_due";
  const future = readEnum(
    options,
    "future_requirements",
    ["include", "omit"],
    "collection_options[future_requirements]",
  );
  const id = newId("account_link");
  const created = state.store.now();
  const link = state.store.insert(
    "account_link",
    {
      account: account.id,
      type,
      refresh_url: refreshUrl,
      return_url: returnUrl,
      collection_options: { fields, future_requirements: future ?? "omit" },
      expires_at: created + LINK_LIFETIME_S,
      url: `${state.baseUrl}/_fake/connect/onboarding/${id}`,
      // new → opened (the page was served) → used (a button was pressed)
      status: "new",
    },
    id,
  );
  return { object: "account_link", created, expires_at: link.expires_at, url: link.url };
}

function createLoginLink(ctx: ApiContext): Json {
  const account = ctx.state.store.getOrThrow("account", ctx.id, "account");
  if (dashboardOf(account) !== "express") {
    throw invalidRequest(
      "Login links can only be created for connected accounts that use the Express Dashboard.",
    );
  }
  if (!account.details_submitted) {
    throw invalidRequest(
      "Cannot create a login link for an account that has not completed onboarding.",
    );
  }
  return {
    object: "login_link",
    created: ctx.state.store.now(),
    url: `${ctx.state.baseUrl}/_fake/connect/dashboard/${account.id}`,
  };
}

export const accountLinkRoutes: Route[] = [
  {
    // POST /v1/account_links – a single-use onboarding link, valid five minutes
    method: "POST",
    pattern: "/v1/account_links",
    accepts: ["account", "type", "refresh_url", "return_url", "collection_options", "collect"],
    handler: createAccountLink,
  },
  {
    // POST /v1/accounts/:id/login_links – the Express dashboard of an onboarded account
    method: "POST",
    pattern: "/v1/accounts/:id/login_links",
    accepts: [],
    handler: createLoginLink,
  },
];

const isSpent = (state: FakeState, link: StripeObject) =>
  link.status === "used" || (link.status === "new" && Number(link.expires_at) <= state.store.now());

/**
 * The holder opens an onboarding link: the page's account (to render it), or, for a link already
 * opened, used or expired, the refresh_url to send them to. Null when there is no such link.
 */
export function openOnboardingLink(
  state: FakeState,
  linkId: string,
): { account: StripeObject } | { redirect: string } | null {
  const link = state.store.get("account_link", linkId);
  if (!link) return null;
  if (link.status !== "new" || isSpent(state, link)) return { redirect: String(link.refresh_url) };
  state.store.update(link, { status: "opened" });
  return { account: state.store.getOrThrow("account", String(link.account), "account") };
}

/**
 * The holder presses a button on the page: "complete" onboards the account (account.updated),
 * "leave" changes nothing. Answers where the browser goes next: return_url, or refresh_url for a
 * link that was already used. Null when there is no such link.
 */
export function submitOnboardingLink(
  state: FakeState,
  linkId: string,
  action: "complete" | "leave",
): string | null {
  const link = state.store.get("account_link", linkId);
  if (!link) return null;
  if (isSpent(state, link)) return String(link.refresh_url);
  state.store.update(link, { status: "used" });
  if (action === "complete") completeOnboarding(state, String(link.account), NO_REQUEST);
  return String(link.return_url);
}

/** Makes every Account Link made so far expired, as five minutes passing would. */
export function expireAccountLinks(state: FakeState): void {
  for (const link of state.store.all("account_link")) {
    state.store.update(link, { expires_at: state.store.now() - 1 });
  }
}
