/**
 * StripeFake: the server plus what tests do to it. Everything a test reads (`requests`, `events`,
 * `list`, `get`) is a copy, so later changes never alter an assertion's data.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import type { RequestLogEntry, Runtime } from "./api";
import { createDispute } from "./disputes";
import { Faults, type FaultSpec } from "./faults";
import { IdempotencyKeys } from "./idempotency";
import { authenticatePayment } from "./payment-attempts";
import { createFakeServer } from "./server";
import { authenticateSetup } from "./setup-attempts";
import { FakeState } from "./state";
import { clone, randomToken, type StripeObject } from "./store";
import type { SignedEvent, WebhookDelivery } from "./webhooks";

export interface StripeFakeOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  webhookUrl?: string;
  webhookSecret?: string;
  /** Each API request waits this long before it executes (and holds its idempotency key meanwhile). */
  latencyMs?: number;
  secretKey?: string;
  publishableKey?: string;
  /** How long a "timeout" fault holds a request the client has not given up on (default 30 s). */
  holdMs?: number;
}

export class StripeFake {
  readonly host = "127.0.0.1";
  readonly secretKey: string;
  readonly publishableKey: string;
  readonly webhookSecret: string;
  private readonly rt: Runtime;
  private readonly server: Server;
  private boundPort = 0;

  constructor(options: StripeFakeOptions = {}) {
    this.secretKey = options.secretKey ?? `sk_test_fake_${randomToken(24)}`;
    this.publishableKey = options.publishableKey ?? `pk_test_fake_${randomToken(24)}`;
    this.webhookSecret = options.webhookSecret ?? `whsec_${randomToken(32)}`;
    this.rt = {
      state: new FakeState("http://127.0.0.1", options.webhookUrl ?? null, this.webhookSecret),
      keys: new IdempotencyKeys(),
      faults: new Faults(),
      requests: [],
      latencyMs: options.latencyMs ?? 0,
      holdMs: options.holdMs ?? 30_000,
      held: new Set(),
    };
    this.server = createFakeServer(this, this.rt);
  }

  async listen(port = 0): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(port, this.host, () => resolve());
    });
    this.boundPort = (this.server.address() as AddressInfo).port;
    this.rt.state.baseUrl = this.url;
    return this;
  }

  get port(): number {
    return this.boundPort;
  }

  get url(): string {
    return `http://${this.host}:${this.boundPort}`;
  }

  /**
   * A real SDK client pointed at the fake: no retries, a short timeout, the pinned API version.
   * `apiKey` defaults to the secret key (pass `fake.publishableKey` to act as Stripe.js).
   */
  client(options: Stripe.StripeConfig & { apiKey?: string } = {}): Stripe {
    const { apiKey = this.secretKey, ...config } = options;
    return new Stripe(apiKey, {
      host: this.host,
      port: this.port,
      protocol: "http",
      apiVersion: Stripe.API_VERSION,
      maxNetworkRetries: 0,
      timeout: 5_000,
      telemetry: false,
      ...config,
    });
  }

  get requests(): RequestLogEntry[] {
    return clone(this.rt.requests);
  }

  /** Every event so far, oldest first. */
  get events(): StripeObject[] {
    return this.list("event");
  }

  get deliveries(): WebhookDelivery[] {
    return clone(this.rt.state.webhooks.deliveries);
  }

  count(type: string): number {
    return this.rt.state.store.all(type).length;
  }

  /** Stored objects of `type` (`payment_intent`, `charge`, ...), oldest first. */
  list(type: string): StripeObject[] {
    return clone(this.rt.state.store.all(type));
  }

  get(type: string, id: string): StripeObject | undefined {
    const found = this.rt.state.store.get(type, id);
    return found && clone(found);
  }

  injectFault(spec: FaultSpec): void {
    this.rt.faults.add(spec);
  }

  clearFaults(): void {
    this.rt.faults.clear();
  }

  setLatency(ms: number): void {
    this.rt.latencyMs = ms;
  }

  setWebhookTarget(url: string | null): void {
    this.rt.state.webhooks.target = url;
  }

  /** Records (and, with a target, delivers) an event a test crafts. */
  makeEvent(type: string, object: StripeObject): StripeObject {
    return clone(this.rt.state.emit(type, object));
  }

  signEvent(event: StripeObject, options: { timestamp?: number } = {}): SignedEvent {
    return this.rt.state.webhooks.sign(event, options.timestamp);
  }

  /** POSTs `event` now (`times` in a row) to the target or `url`; answers the receiver's statuses. */
  deliver(event: StripeObject, options: { times?: number; url?: string; timestamp?: number } = {}) {
    return this.rt.state.webhooks.deliver(event, options);
  }

  /** Resolves once every automatic delivery queued so far has been attempted. */
  webhooksIdle(): Promise<void> {
    return this.rt.state.webhooks.idle();
  }

  /** The customer passes ("succeed") or fails 3-D Secure on an intent in requires_action. */
  authenticate(intentId: string, result: "succeed" | "fail"): StripeObject {
    const { store } = this.rt.state;
    const pi = store.get("payment_intent", intentId);
    const intent = pi ?? store.getOrThrow("setup_intent", intentId, "intent");
    if (pi) authenticatePayment(this.rt.state, pi, result, { id: null, idempotency_key: null });
    else authenticateSetup(this.rt.state, intent, result, { id: null, idempotency_key: null });
    return clone(intent);
  }

  /** Opens a dispute (`dp_...`) on a succeeded charge and emits charge.dispute.created. */
  createDispute(
    chargeId: string,
    options: { reason?: string; amount?: number } = {},
  ): StripeObject {
    return clone(createDispute(this.rt.state, chargeId, options));
  }

  /** Forgets every object, event, key, fault and logged request (the keys and URL stay). */
  reset(): void {
    this.rt.state.store.reset();
    this.rt.keys.reset();
    this.rt.faults.clear();
    this.rt.requests.length = 0;
    this.rt.state.webhooks.deliveries.length = 0;
  }

  async close(): Promise<void> {
    for (const res of this.rt.held) res.socket?.destroy();
    await this.webhooksIdle();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}
