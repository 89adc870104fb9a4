/**
 * The page an intent's `next_action.redirect_to_url.url` opens, like Stripe's test 3-D Secure page:
 * two buttons, "Complete authentication" and "Fail authentication". Submitting finishes the step and
 * sends the browser to the return_url with Stripe's query (`payment_intent`,
 * `payment_intent_client_secret`, `redirect_status`; `setup_intent...` for a SetupIntent).
 */
import type { StripeObject } from "./store";

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function threeDSecurePage(intent: StripeObject, clientSecret: string): string {
  const action = `/_fake/3ds/${encodeURIComponent(intent.id)}`;
  const button = (result: string, label: string) =>
    `<form method="post" action="${action}"><input type="hidden" name="client_secret" value="${escape(clientSecret)}"><input type="hidden" name="result" value="${result}"><button type="submit">${label}</button></form>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>3D Secure 2 Test Page</title></head>
<body><main>
<h1>3D Secure 2 Test Page</h1>
<p>The Stripe fake is asking you to authenticate a payment of ${escape(String(intent.amount ?? ""))} ${escape(String(intent.currency ?? ""))} (${escape(intent.id)}).</p>
${button("succeed", "Complete authentication")}
${button("fail", "Fail authentication")}
</main></body></html>`;
}

/** Where the browser goes after the step: the return_url with Stripe's query, or null if none was given. */
export function returnUrlAfter(intent: StripeObject, returnUrl: string | null): string | null {
  if (!returnUrl) return null;
  const url = new URL(returnUrl);
  const kind = intent.object === "setup_intent" ? "setup_intent" : "payment_intent";
  url.searchParams.set(kind, intent.id);
  url.searchParams.set(`${kind}_client_secret`, String(intent.client_secret));
  url.searchParams.set("redirect_status", intent.status === "succeeded" ? "succeeded" : "failed");
  return url.toString();
}
