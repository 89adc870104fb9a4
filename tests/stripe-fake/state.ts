/**
 * Everything one fake holds between requests: the store, the two webhook senders (platform and
 * Connect), and `emit` / `emitForAccount`, which record an Event for every state change and queue
 * its delivery.
 */
import Stripe from "stripe";
import type { RequestRef } from "./router";
import { clone, Store, type StripeObject } from "./store";
import { Webhooks, type WebhookDelivery } from "./webhooks";

export const NO_REQUEST: RequestRef = { id: null, idempotency_key: null };

export interface EndpointConfig {
  url: string | null;
  secret: string;
}

export class FakeState {
  readonly store = new Store();
  /** The platform's endpoint: events about the platform's own objects. */
  readonly webhooks: Webhooks;
  /** The Connect endpoint: events about connected accounts (they carry `account`). */
  readonly connectWebhooks: Webhooks;
  readonly deliveries: WebhookDelivery[] = [];

  constructor(
    /** Where the fake answers, for URLs it hands out (3-D Secure pages, list urls). */
    public baseUrl: string,
    platform: EndpointConfig,
    connect: EndpointConfig,
    /** The platform's country (ISO 3166-1 alpha-2): accounts elsewhere are cross-border. */
    readonly platformCountry = "CA",
  ) {
    const onDelivered = (event: StripeObject) => {
      const stored = this.store.get("event", event.id);
      if (stored) this.store.update(stored, { pending_webhooks: 0 });
    };
    this.webhooks = new Webhooks(
      "platform",
      platform.url,
      platform.secret,
      this.deliveries,
      onDelivered,
    );
    this.connectWebhooks = new Webhooks(
      "connect",
      connect.url,
      connect.secret,
      this.deliveries,
      onDelivered,
    );
  }

  /** The endpoint an event goes to: Connect when it is about a connected account. */
  endpointFor(event: StripeObject): Webhooks {
    return typeof event.account === "string" ? this.connectWebhooks : this.webhooks;
  }

  /** Records the event `type` about `object` (a snapshot of it now) and queues its delivery. */
  emit(
    type: string,
    object: StripeObject,
    request: RequestRef = NO_REQUEST,
    previousAttributes?: Record<string, unknown>,
  ): StripeObject {
    return this.record(null, type, object, request, previousAttributes);
  }

  /** A Connect event: one about connected account `account`, delivered to the Connect endpoint. */
  emitForAccount(
    account: string,
    type: string,
    object: StripeObject,
    request: RequestRef = NO_REQUEST,
    previousAttributes?: Record<string, unknown>,
  ): StripeObject {
    return this.record(account, type, object, request, previousAttributes);
  }

  private record(
    account: string | null,
    type: string,
    object: StripeObject,
    request: RequestRef,
    previousAttributes?: Record<string, unknown>,
  ): StripeObject {
    const endpoint = account ? this.connectWebhooks : this.webhooks;
    const event = this.store.insert("event", {
      ...(account ? { account } : {}),
      api_version: Stripe.API_VERSION,
      type,
      data: {
        object: clone(object),
        ...(previousAttributes ? { previous_attributes: clone(previousAttributes) } : {}),
      },
      pending_webhooks: endpoint.target ? 1 : 0,
      request: { ...request },
    });
    endpoint.enqueue(clone(event));
    return event;
  }
}
