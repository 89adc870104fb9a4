/**
 * A stateful stand-in for Stripe's REST API that the real `stripe` SDK talks to over HTTP, for tests
 * only (the app never imports it). See README.md for what it covers.
 */
import { StripeFake, type StripeFakeOptions } from "./fake";

export { StripeFake, type StripeFakeOptions } from "./fake";
export type { RequestLogEntry } from "./api";
export type { FaultKind, FaultSpec } from "./faults";
export type { StripeObject } from "./store";
export type { SignedEvent, WebhookDelivery } from "./webhooks";

/** Starts a fake on 127.0.0.1 (a free port unless `port` is given). */
export function startStripeFake(options: StripeFakeOptions = {}): Promise<StripeFake> {
  return new StripeFake(options).listen(options.port ?? 0);
}
