/**
 * The fake's Connect endpoints (no API key), for browser tests and scripts:
 *
 *   POST /_fake/connect-webhook-target          JSON {url: string | null}
 *   GET  /_fake/connect/onboarding/:link        the onboarding page (or 303 to refresh_url)
 *   POST /_fake/connect/onboarding/:link        form action=complete|leave → 303 to return_url
 *   GET  /_fake/connect/dashboard/:account      the Express dashboard page
 *   POST /_fake/accounts/:id/complete-onboarding                  → the account
 *   POST /_fake/accounts/:id/requirements       JSON AccountRequirementsPatch → the account
 *   POST /_fake/accounts/:id/deauthorize                          → the event
 *   POST /_fake/account-links/expire            every link made so far expires
 *   POST /_fake/balance                         JSON {amount, currency}: adds to the platform's
 *                                               available balance
 */
import type { ServerResponse } from "node:http";
import { openOnboardingLink, submitOnboardingLink } from "./account-links";
import type { AccountRequirementsPatch } from "./account-onboarding";
import { dashboardPage, onboardingPage } from "./connect-pages";
import { OK, readJson, type ControlHandler } from "./control-kit";

const html = (res: ServerResponse, text: string) =>
  void res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(text);
const redirect = (res: ServerResponse, location: string) =>
  void res.writeHead(303, { Location: location }).end();
const notFound = (res: ServerResponse, text: string) =>
  void res.writeHead(404, { "Content-Type": "text/plain" }).end(text);

export const connectControl: Array<[method: string, path: RegExp, handler: ControlHandler]> = [
  [
    "POST",
    /^\/_fake\/connect-webhook-target$/,
    (fake, _, body) => {
      const target = readJson(body).url;
      fake.setConnectWebhookTarget(typeof target === "string" ? target : null);
      return OK;
    },
  ],
  [
    "GET",
    /^\/_fake\/connect\/onboarding\/([^/]+)$/,
    (_, id, __, res, ___, state) => {
      const opened = openOnboardingLink(state, id);
      if (!opened) notFound(res, "No such account link.");
      else if ("redirect" in opened) redirect(res, opened.redirect);
      else html(res, onboardingPage(id, opened.account));
      return null;
    },
  ],
  [
    "POST",
    /^\/_fake\/connect\/onboarding\/([^/]+)$/,
    (_, id, body, res, __, state) => {
      const action = new URLSearchParams(body).get("action") === "complete" ? "complete" : "leave";
      const target = submitOnboardingLink(state, id, action);
      if (target) redirect(res, target);
      else notFound(res, "No such account link.");
      return null;
    },
  ],
  [
    "GET",
    /^\/_fake\/connect\/dashboard\/([^/]+)$/,
    (fake, id, _, res) => {
      const account = fake.get("account", id);
      if (account) html(res, dashboardPage(account));
      else notFound(res, "No such account.");
      return null;
    },
  ],
  [
    "POST",
    /^\/_fake\/accounts\/([^/]+)\/complete-onboarding$/,
    (fake, id) => fake.completeOnboarding(id),
  ],
  [
    "POST",
    /^\/_fake\/accounts\/([^/]+)\/requirements$/,
    (fake, id, body) => fake.setAccountRequirements(id, readJson(body) as AccountRequirementsPatch),
  ],
  ["POST", /^\/_fake\/accounts\/([^/]+)\/deauthorize$/, (fake, id) => fake.deauthorizeAccount(id)],
  ["POST", /^\/_fake\/account-links\/expire$/, (fake) => (fake.expireAccountLinks(), OK)],
  [
    "POST",
    /^\/_fake\/balance$/,
    (fake, _, body) => {
      const { amount, currency } = readJson(body);
      if (typeof amount !== "number" || typeof currency !== "string") {
        throw new Error("amount (a number) and currency (a string) are required");
      }
      fake.fundPlatformBalance(amount, currency);
      return OK;
    },
  ],
];
