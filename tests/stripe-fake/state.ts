/**
 * Everything one fake holds between requests: the store, the webhook sender, and `emit`, which
 * records an Event for every state change and queues its delivery.
 */
import Stripe from "stripe";
import type { RequestRef } from "./router";
import { clone, Store, type StripeObject } from "./store";
import { Webhooks } from "./webhooks";

export const NO_REQUEST: RequestRef = { id: null, idempotency_key: null };

export class FakeState {
  readonly store = new Store();
  readonly webhooks: Webhooks;

  constructor(
    /** Where the fake answers, for URLs it hands out (3-D Secure pages, list urls). */
    public baseUrl: string,
    webhookUrl: string | null,
    webhookSecret: string,
  ) {
    this.webhooks = new Webhooks(webhookUrl, webhookSecret, (event) => {
      const stored = this.store.get("event", event.id);
      if (stored) this.store.update(stored, { pending_webhooks: 0 });
    });
  }

  /** Records the event `type` about `object` (a snapshot of it now) and queues its delivery. */
  emit(
    type: string,
    object: StripeObject,
    request: RequestRef = NO_REQUEST,
    previousAttributes?: Record<string, unknown>,
  ): StripeObject {
    const event = this.store.insert("event", {
      api_version: Stripe.API_VERSION,
      type,
      data: {
        object: clone(object),
        ...(previousAttributes ? { previous_attributes: clone(previousAttributes) } : {}),
      },
      pending_webhooks: this.webhooks.target ? 1 : 0,
      request: { ...request },
    });
    this.webhooks.enqueue(clone(event));
    return event;
  }
}
