/**
 * What confirming a PaymentIntent and a SetupIntent share: choosing the card (an id, a test id, or
 * `payment_method_data`), checking it may be used with the intent's customer, and the 3-D Secure
 * step, which is a `redirect_to_url` to a page of the fake (control.ts serves it).
 */
import {
  cardNumberOf,
  cardSecrets,
  createCardPaymentMethod,
  resolvePaymentMethod,
} from "./card-payment-methods";
import { cardOutcome } from "./cards";
import type { Decline } from "./charges";
import { invalidRequest } from "./errors";
import { readObject, readString, type Params } from "./form";
import { render, type Json } from "./objects";
import type { FakeState } from "./state";
import type { StripeObject } from "./store";

export const AUTHENTICATION_FAILED =
  "We are unable to authenticate your payment method. Please choose a different payment method and try again.";

/** The card a confirm uses: from its params, else the one already on the intent; undefined if none. */
export function paymentMethodForConfirm(
  state: FakeState,
  intent: StripeObject,
  params: Params,
): StripeObject | undefined {
  const data = readObject(params, "payment_method_data");
  const id = readString(params, "payment_method");
  const pm = data
    ? createCardPaymentMethod(state, data)
    : id
      ? resolvePaymentMethod(state, id)
      : typeof intent.payment_method === "string"
        ? state.store.getOrThrow("payment_method", intent.payment_method, "payment_method")
        : undefined;
  if (!pm) return undefined;
  const label = intent.object === "payment_intent" ? "PaymentIntent" : "SetupIntent";
  if (pm.customer && pm.customer !== intent.customer) {
    throw invalidRequest(
      intent.customer
        ? `The provided PaymentMethod (${pm.id}) belongs to a different Customer than the one on this ${label} (${String(intent.customer)}).`
        : `The provided PaymentMethod (${pm.id}) is attached to a Customer (${String(pm.customer)}); set that customer on the ${label} to use it.`,
      { param: "payment_method" },
    );
  }
  if (cardSecrets(state, pm).spent) {
    throw invalidRequest(
      `The provided PaymentMethod was previously used with a ${label} without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, attach it to a Customer first.`,
      { param: "payment_method" },
    );
  }
  return pm;
}

/** `off_session` is a boolean on PaymentIntents, or "one_off" / "recurring". */
export function isOffSession(params: Params): boolean {
  const value = readString(params, "off_session");
  return value !== undefined && value !== "false";
}

export type Attempt = { kind: "ok" } | { kind: "authenticate" } | ({ kind: "decline" } & Decline);

/** What trying the card now gives: Stripe's test cards decide. */
export function attemptCard(
  state: FakeState,
  pm: StripeObject,
  options: { offSession: boolean; setup: boolean },
): Attempt {
  const outcome = cardOutcome(cardNumberOf(state, pm));
  if (outcome.kind === "decline") {
    // A setup only checks the card: cards refused at charge time alone (…0341) pass it.
    if (options.setup && !outcome.onAttach) return { kind: "ok" };
    return { ...outcome, kind: "decline" };
  }
  if (outcome.kind === "ok") return outcome;
  const setUp = cardSecrets(state, pm).setUp === true;
  if (options.offSession && outcome.when === "on_session" && setUp) return { kind: "ok" };
  if (options.offSession) {
    return {
      kind: "decline",
      code: "authentication_required",
      declineCode: "authentication_required",
      message: "Your card was declined. This transaction requires authentication.",
    };
  }
  return { kind: "authenticate" };
}

/** The next_action of an intent waiting for 3-D Secure: a page of the fake with Complete / Fail. */
export function threeDSecureAction(
  state: FakeState,
  intent: StripeObject,
  returnUrl: string | null,
): Json {
  const page = new URL(`/_fake/3ds/${intent.id}`, state.baseUrl);
  page.searchParams.set("client_secret", String(intent.client_secret));
  return {
    type: "redirect_to_url",
    redirect_to_url: { url: page.toString(), return_url: returnUrl },
  };
}

/** Stripe's payment_intent_unexpected_state / setup_intent_unexpected_state, carrying the intent. */
export function unexpectedState(state: FakeState, intent: StripeObject, message: string) {
  const kind = intent.object as "payment_intent" | "setup_intent";
  return invalidRequest(message, {
    code: `${kind}_unexpected_state`,
    [kind]: render(state.store, intent),
  });
}

/**
 * Stripe's trap for server-side confirms: an intent on automatic payment methods may need a
 * redirect, so a confirm without return_url is refused unless redirects are off or it is off session.
 */
export function requireReturnUrl(
  intent: StripeObject,
  returnUrl: string | null,
  offSession: boolean,
) {
  const apm = intent.automatic_payment_methods as {
    enabled: boolean;
    allow_redirects?: string;
  } | null;
  if (!apm?.enabled || apm.allow_redirects === "never" || returnUrl || offSession) return;
  throw invalidRequest(
    `A \`return_url\` must be specified because this ${intent.object === "payment_intent" ? "Payment Intent" : "Setup Intent"} is configured to automatically accept the payment methods enabled in the Dashboard, some of which may require a full page redirect to succeed. If you do not want to accept redirect-based payment methods, set \`automatic_payment_methods[enabled]\` to \`true\` and \`automatic_payment_methods[allow_redirects]\` to \`never\` when creating Setup Intents and Payment Intents.`,
    { param: "return_url" },
  );
}

/** The `result` of a fake 3-D Secure finish. */
export function readResult(params: Params): "succeed" | "fail" {
  const result = readString(params, "result");
  if (result !== "succeed" && result !== "fail")
    throw invalidRequest("result must be succeed or fail.", { param: "result" });
  return result;
}
