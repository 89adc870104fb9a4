/**
 * The pages that stand in for Stripe's hosted Connect pages in browser tests:
 * - onboarding (an Account Link's url): "Set up payouts", with the buttons "Complete onboarding"
 *   and "Leave for now", each a form POSTing `action=complete|leave` back to the same URL;
 * - the Express dashboard (a Login Link's url): "Express dashboard".
 */
import type { StripeObject } from "./store";

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head>
<body><main>
${body}
</main></body></html>`;

export function onboardingPage(linkId: string, account: StripeObject): string {
  const action = `/_fake/connect/onboarding/${encodeURIComponent(linkId)}`;
  const button = (value: string, label: string) =>
    `<form method="post" action="${action}"><input type="hidden" name="action" value="${value}"><button type="submit">${label}</button></form>`;
  const who = account.email ? `${String(account.email)} (${account.id})` : account.id;
  return page(
    "Set up payouts",
    `<h1>Set up payouts</h1>
<p>The Stripe fake stands in for Stripe's onboarding of ${escape(who)}, in ${escape(String(account.country))}.</p>
${button("complete", "Complete onboarding")}
${button("leave", "Leave for now")}`,
  );
}

export function dashboardPage(account: StripeObject): string {
  return page(
    "Express dashboard",
    `<h1>Express dashboard</h1>
<p>The Stripe fake stands in for the Express dashboard of ${escape(account.id)}.</p>`,
  );
}
