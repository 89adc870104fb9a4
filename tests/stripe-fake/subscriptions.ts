/**
 * /v1/subscriptions: create (subscription-create.ts), retrieve, update (subscription-update.ts),
 * list, cancel (DELETE). Ending one: `canceled` with `ended_at`, customer.subscription.deleted.
 */
import { readObject, readString } from "./form";
import { voidInvoice } from "./invoices";
import { expandOf, listAnswer, render, type Json } from "./objects";
import type { RequestRef, Route } from "./router";
import type { FakeState } from "./state";
import type { StripeObject } from "./store";
import { createSubscription } from "./subscription-create";
import { updateSubscription } from "./subscription-update";
import { invalidRequest } from "./errors";
import { subscriptionOfInvoice } from "./invoice-payments";

/**
 * Ends `subscription` now. Its open invoices stop being retried; an incomplete subscription's
 * first invoice is voided (it can no longer be paid).
 */
export function endSubscription(
  state: FakeState,
  subscription: StripeObject,
  request: RequestRef,
  reason = "cancellation_requested",
): void {
  const { store } = state;
  const now = store.now();
  const wasIncomplete = subscription.status === "incomplete";
  for (const invoice of store.all("invoice")) {
    if (invoice.status !== "open" || subscriptionOfInvoice(state, invoice) !== subscription)
      continue;
    if (wasIncomplete) voidInvoice(state, invoice, request);
    else store.update(invoice, { auto_advance: false, next_payment_attempt: null });
  }
  store.update(subscription, {
    status: "canceled",
    ended_at: now,
    canceled_at: subscription.canceled_at ?? now,
    cancel_at: subscription.cancel_at ?? null,
    cancellation_details: {
      ...(subscription.cancellation_details as Json),
      reason: (subscription.cancellation_details as Json).reason ?? reason,
    },
  });
  state.emit("customer.subscription.deleted", subscription, request);
}

/** setup-attempts.ts: a subscription's pending_setup_intent succeeded; its card becomes the default. */
export function onSetupSucceeded(state: FakeState, si: StripeObject, request: RequestRef): void {
  const subscription = state.store
    .all("subscription")
    .find((sub) => sub.pending_setup_intent === si.id);
  if (!subscription) return;
  const previous = {
    pending_setup_intent: si.id,
    default_payment_method: subscription.default_payment_method,
  };
  const settings = subscription.payment_settings as { save_default_payment_method?: string };
  state.store.update(subscription, {
    pending_setup_intent: null,
    ...(settings.save_default_payment_method === "on_subscription"
      ? { default_payment_method: si.payment_method }
      : {}),
  });
  state.emit("customer.subscription.updated", subscription, request, previous);
}

const STATUS_FILTERS: Record<string, (status: string) => boolean> = {
  all: () => true,
  ended: (status) => status === "canceled" || status === "incomplete_expired",
};

export const subscriptionRoutes: Route[] = [
  {
    // POST /v1/subscriptions – a subscription and its first invoice
    method: "POST",
    pattern: "/v1/subscriptions",
    accepts: [
      "customer",
      "items",
      "payment_behavior",
      "payment_settings",
      "default_payment_method",
      "metadata",
      "description",
      "cancel_at_period_end",
      "collection_method",
      "off_session",
      "proration_behavior",
    ],
    handler: createSubscription,
  },
  {
    // GET /v1/subscriptions?customer=&status=&price= – newest first; no status: all but canceled
    method: "GET",
    pattern: "/v1/subscriptions",
    handler: ({ state, params }) => {
      const customer = readString(params, "customer");
      const status = readString(params, "status");
      const price = readString(params, "price");
      const statusMatches =
        status === undefined
          ? (s: string) => s !== "canceled"
          : (STATUS_FILTERS[status] ?? ((s: string) => s === status));
      const subscriptions = state.store
        .all("subscription")
        .filter(
          (sub) =>
            (!customer || sub.customer === customer) &&
            statusMatches(String(sub.status)) &&
            (!price ||
              (sub.items as { data: Json[] }).data.some(
                (item) => (item.price as Json).id === price,
              )),
        );
      return listAnswer(state.store, subscriptions, params, "/v1/subscriptions");
    },
  },
  {
    // GET /v1/subscriptions/:id
    method: "GET",
    pattern: "/v1/subscriptions/:id",
    handler: ({ state, id, params }) =>
      render(
        state.store,
        state.store.getOrThrow("subscription", id, "subscription"),
        expandOf(params),
      ),
  },
  {
    // POST /v1/subscriptions/:id – plan change, cancel at period end / resume, default card, metadata
    method: "POST",
    pattern: "/v1/subscriptions/:id",
    accepts: [
      "items",
      "proration_behavior",
      "proration_date",
      "payment_behavior",
      "metadata",
      "description",
      "cancel_at_period_end",
      "cancellation_details",
      "default_payment_method",
      "off_session",
    ],
    handler: updateSubscription,
  },
  {
    // DELETE /v1/subscriptions/:id – cancel now (customer.subscription.deleted)
    method: "DELETE",
    pattern: "/v1/subscriptions/:id",
    accepts: ["cancellation_details", "invoice_now", "prorate"],
    handler: ({ state, id, params, request }) => {
      const subscription = state.store.getOrThrow("subscription", id, "subscription");
      if (subscription.status === "canceled" || subscription.status === "incomplete_expired") {
        throw invalidRequest(
          `A canceled subscription can only update its cancellation_details and metadata.`,
        );
      }
      const details = readObject(params, "cancellation_details");
      if (details) {
        const comment = readString(details, "comment", "cancellation_details[comment]");
        const feedback = readString(details, "feedback", "cancellation_details[feedback]");
        state.store.update(subscription, {
          cancellation_details: {
            ...(subscription.cancellation_details as Json),
            ...(comment !== undefined ? { comment: comment || null } : {}),
            ...(feedback !== undefined ? { feedback: feedback || null } : {}),
          },
        });
      }
      endSubscription(state, subscription, request);
      return render(state.store, subscription, expandOf(params));
    },
  },
];
