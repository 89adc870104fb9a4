/**
 * StripeFake: the server plus what tests do to it. Everything a test reads (`requests`, `events`,
 * `list`, `get`) is a copy, so later changes never alter an assertion's data.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { expireAccountLinks } from "./account-links";
import {
  completeOnboarding,
  deauthorizeAccount,
  setAccountRequirements,
  type AccountRequirementsPatch,
} from "./account-onboarding";
import type { RequestLogEntry, Runtime } from "./api";
import { advanceClock } from "./billing-clock";
import { createDispute } from "./disputes";
import { failRefund } from "./refunds";
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
  /** Where events about connected accounts go (Stripe's Connect endpoint), with its own secret. */
  connectWebhookUrl?: string;
  connectWebhookSecret?: string;
  /** The platform's country (default "CA"): accounts elsewhere must be cross-border recipients. */
  platformCountry?: string;
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
  readonly connectWebhookSecret: string;
  private readonly rt: Runtime;
  private readonly server: Server;
  private boundPort = 0;

  constructor(options: StripeFakeOptions = {}) {
    this.secretKey = options.secretKey ?? `sk_test_fake_${randomToken(24)}`;
    this.publishableKey = options.publishableKey ?? `pk_test_fake_${randomToken(24)}`;
    this.webhookSecret = options.webhookSecret ?? `whsec_${randomToken(32)}`;
    this.connectWebhookSecret = options.connectWebhookSecret ?? `whsec_${randomToken(32)}`;
    this.rt = {
      state: new FakeState(
        "http://127.0.0.1",
        { url: options.webhookUrl ?? null, secret: this.webhookSecret },
        { url: options.connectWebhookUrl ?? null, secret: this.connectWebhookSecret },
        options.platformCountry?.toUpperCase(),
      ),
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
    return clone(this.rt.state.deliveries);
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

  /** Where Connect events (about connected accounts; they carry `account`) are delivered. */
  setConnectWebhookTarget(url: string | null): void {
    this.rt.state.connectWebhooks.target = url;
  }

  /**
   * Records (and, with a target, delivers) an event a test crafts; with `account` it is a Connect
   * event, delivered to the Connect target.
   */
  makeEvent(type: string, object: StripeObject, options: { account?: string } = {}): StripeObject {
    const { state } = this.rt;
    const event = options.account
      ? state.emitForAccount(options.account, type, object)
      : state.emit(type, object);
    return clone(event);
  }

  /** Signs as the endpoint would: with the Connect secret for `connect` (default: the event has `account`). */
  signEvent(
    event: StripeObject,
    options: { timestamp?: number; connect?: boolean } = {},
  ): SignedEvent {
    return this.endpoint(event, options.connect).sign(event, options.timestamp);
  }

  /**
   * POSTs `event` now (`times` in a row) to its endpoint's target (Connect for an event with
   * `account`) or `url`, signed with that endpoint's secret; answers the receiver's statuses.
   */
  deliver(
    event: StripeObject,
    options: { times?: number; url?: string; timestamp?: number; connect?: boolean } = {},
  ) {
    return this.endpoint(event, options.connect).deliver(event, options);
  }

  private endpoint(event: StripeObject, connect: boolean | undefined) {
    const { state } = this.rt;
    if (connect === undefined) return state.endpointFor(event);
    return connect ? state.connectWebhooks : state.webhooks;
  }

  /** Resolves once every automatic delivery queued so far (both endpoints) has been attempted. */
  async webhooksIdle(): Promise<void> {
    await Promise.all([this.rt.state.webhooks.idle(), this.rt.state.connectWebhooks.idle()]);
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

  /** A refund the card network returned after Stripe made it: `failed`, with `reason`. */
  failRefund(refundId: string, reason?: string): StripeObject {
    return clone(failRefund(this.rt.state, refundId, reason));
  }

  /** The holder finishes Stripe's onboarding of `accountId` (what "Complete onboarding" does). */
  completeOnboarding(accountId: string): StripeObject {
    return clone(completeOnboarding(this.rt.state, accountId));
  }

  /** Stripe asks `accountId` for more (or less): requirements, flags, capabilities; account.updated. */
  setAccountRequirements(accountId: string, patch: AccountRequirementsPatch): StripeObject {
    return clone(setAccountRequirements(this.rt.state, accountId, patch));
  }

  /** The holder disconnects the platform: emits account.application.deauthorized (Connect). */
  deauthorizeAccount(accountId: string): StripeObject {
    return clone(deauthorizeAccount(this.rt.state, accountId));
  }

  /** Every Account Link made so far expires (not yet opened ones then send to refresh_url). */
  expireAccountLinks(): void {
    expireAccountLinks(this.rt.state);
  }

  /**
   * Adds to the platform's available balance, which transfers without `source_transaction` draw
   * on (Stripe's 4000000000000077 card does this in test mode).
   */
  fundPlatformBalance(amount: number, currency: string): void {
    const funded = this.rt.state.store.secret("platform_balance");
    const key = currency.toLowerCase();
    funded[key] = ((funded[key] as number | undefined) ?? 0) + amount;
  }

  /** The fake's "now" (Unix seconds): real time plus every `advanceClock` so far. */
  now(): number {
    return this.rt.state.store.now();
  }

  /**
   * Moves the fake's clock `seconds` forward, as Stripe's test clocks do, and runs what falls due
   * on the way in time order: period ends (renewal invoices charged off session, or the end of a
   * subscription set to cancel at period end), retries of failed invoices, incomplete
   * subscriptions expiring after 23 hours. Answers the new now. Webhook signatures keep real time.
   */
  advanceClock(seconds: number): number {
    return advanceClock(this.rt.state, seconds);
  }

  /** Forgets every object, event, key, fault and logged request, and resets the clock. */
  reset(): void {
    this.rt.state.store.reset();
    this.rt.keys.reset();
    this.rt.faults.clear();
    this.rt.requests.length = 0;
    this.rt.state.deliveries.length = 0;
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
