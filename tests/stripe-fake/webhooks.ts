/**
 * Webhook delivery as Stripe does it: each event POSTed as JSON with a `Stripe-Signature` header
 * made by the SDK's own `generateTestHeaderString`, so the app's `constructEvent` check is the real
 * one. Automatic deliveries go one at a time in creation order and never hold up an API answer.
 * A fake has two endpoints, as a Connect platform does: its own events go to the platform endpoint,
 * events about connected accounts (they carry `account`) to the Connect endpoint, each with its own
 * target and signing secret.
 */
import Stripe from "stripe";
import type { StripeObject } from "./store";

export type WebhookEndpoint = "platform" | "connect";

export interface WebhookDelivery {
  eventId: string;
  endpoint: WebhookEndpoint;
  type: string;
  url: string;
  /** The receiver's HTTP status, or null when it could not be reached. */
  status: number | null;
  error?: string;
}

export interface SignedEvent {
  payload: string;
  header: string;
}

const DELIVERY_TIMEOUT_MS = 10_000;

export class Webhooks {
  private queue: Promise<void> = Promise.resolve();

  constructor(
    readonly endpoint: WebhookEndpoint,
    public target: string | null,
    readonly secret: string,
    /** Shared by both endpoints of a fake, so a test reads one log in delivery order. */
    readonly deliveries: WebhookDelivery[],
    /** Told when an automatic delivery got a 2xx, so the event's pending_webhooks can drop. */
    private readonly onDelivered: (event: StripeObject) => void,
  ) {}

  /** Queues an automatic delivery to the current target, if there is one. */
  enqueue(event: StripeObject): void {
    const url = this.target;
    if (!url) return;
    this.queue = this.queue.then(async () => {
      const status = await this.post(url, event);
      if (status !== null && status >= 200 && status < 300) this.onDelivered(event);
    });
  }

  /** Resolves once every queued delivery has been attempted. */
  idle(): Promise<void> {
    return this.queue;
  }

  sign(event: StripeObject, timestamp = Math.floor(Date.now() / 1000)): SignedEvent {
    const payload = JSON.stringify(event, null, 2);
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: this.secret,
      timestamp,
    });
    return { payload, header };
  }

  /** POSTs `event` now, `times` times in a row (duplicates, as Stripe may send), and returns the statuses. */
  async deliver(
    event: StripeObject,
    options: { times?: number; url?: string; timestamp?: number } = {},
  ): Promise<Array<number | null>> {
    const url = options.url ?? this.target;
    if (!url) {
      const setter = this.endpoint === "connect" ? "setConnectWebhookTarget" : "setWebhookTarget";
      throw new Error(`stripe fake: no ${this.endpoint} webhook target; call ${setter}(url) first`);
    }
    const statuses: Array<number | null> = [];
    for (let i = 0; i < (options.times ?? 1); i++) {
      statuses.push(await this.post(url, event, options.timestamp));
    }
    return statuses;
  }

  private async post(url: string, event: StripeObject, timestamp?: number): Promise<number | null> {
    const { payload, header } = this.sign(event, timestamp);
    const delivery: WebhookDelivery = {
      eventId: event.id,
      endpoint: this.endpoint,
      type: String(event.type),
      url,
      status: null,
    };
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "Stripe-Signature": header,
          "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        },
        body: payload,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      delivery.status = response.status;
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    this.deliveries.push(delivery);
    return delivery.status;
  }
}
