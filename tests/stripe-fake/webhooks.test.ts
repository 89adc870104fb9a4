import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeForFile } from "./test-support";

/** A receiver as the app's webhook route must be: verify the raw body, then answer. */
const received: Stripe.Event[] = [];
let receiver: Server;
let receiverUrl = "";
let secret = "";

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      try {
        received.push(
          Stripe.webhooks.constructEvent(body, String(req.headers["stripe-signature"]), secret),
        );
        res.writeHead(200).end();
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/stripe/webhook`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const fake = startFakeForFile({ webhookSecret: "whsec_test_fake_webhooks" });

beforeEach(() => {
  secret = fake().webhookSecret;
  received.length = 0;
  fake().setWebhookTarget(receiverUrl);
});

describe("webhooks", () => {
  it("delivers every event, signed, in creation order, without holding up the API", async () => {
    const stripe = fake().client();
    const customer = await stripe.customers.create({ email: "hook@example.test" });
    await stripe.paymentIntents.create({
      amount: 1500,
      currency: "cad",
      customer: customer.id,
      payment_method: "pm_card_visa",
      allowed_payment_method_types: ["card"],
      confirm: true,
    });
    await fake().webhooksIdle();
    expect(received.map((event) => event.type)).toEqual([
      "customer.created",
      "payment_intent.created",
      "charge.succeeded",
      "payment_intent.succeeded",
    ]);
    expect(received.map((event) => event.id)).toEqual(fake().events.map((event) => event.id));
    expect(fake().deliveries.every((delivery) => delivery.status === 200)).toBe(true);
    expect(fake().events.every((event) => event.pending_webhooks === 0)).toBe(true);
  });

  it("signs with the webhook secret, so a receiver with another secret refuses", async () => {
    secret = "whsec_someone_else";
    await fake().client().customers.create({});
    await fake().webhooksIdle();
    expect(fake().deliveries.map((delivery) => delivery.status)).toEqual([400]);
  });

  it("delivers a crafted event again on demand (duplicates), and over HTTP", async () => {
    fake().setWebhookTarget(null);
    const event = fake().makeEvent("charge.dispute.closed", {
      id: "dp_crafted",
      object: "dispute",
      status: "won",
    });
    fake().setWebhookTarget(receiverUrl);
    expect(await fake().deliver(event, { times: 2 })).toEqual([200, 200]);
    const overHttp = await fetch(`${fake().url}/_fake/events/${event.id}/deliver`, {
      method: "POST",
    });
    expect(await overHttp.json()).toEqual({ statuses: [200] });
    expect(received.map((e) => e.id)).toEqual([event.id, event.id, event.id]);
  });

  it("signs an event for a test to post itself, with a chosen timestamp", () => {
    const event = fake().makeEvent("payment_intent.succeeded", {
      id: "pi_crafted",
      object: "payment_intent",
    });
    const old = Math.floor(Date.now() / 1000) - 3600;
    const { payload, header } = fake().signEvent(event, { timestamp: old });
    expect(header).toContain(`t=${old}`);
    expect(() => Stripe.webhooks.constructEvent(payload, header, fake().webhookSecret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(Stripe.webhooks.constructEvent(payload, header, fake().webhookSecret, 7200).id).toBe(
      event.id,
    );
  });

  it("lists and retrieves events through the API", async () => {
    const stripe = fake().client();
    await stripe.customers.create({});
    await stripe.customers.create({});
    const list = await stripe.events.list({ type: "customer.created", limit: 1 });
    expect(list).toMatchObject({ object: "list", has_more: true });
    expect((await stripe.events.retrieve(list.data[0]?.id ?? "")).type).toBe("customer.created");
  });
});

describe("control endpoints", () => {
  it("answers health, state and CORS preflight for the browser stand-in", async () => {
    expect((await fetch(`${fake().url}/health`)).status).toBe(200);
    await fake().client().customers.create({ email: "state@example.test" });
    const state = (await (await fetch(`${fake().url}/_fake/state/customer`)).json()) as {
      data: unknown[];
    };
    expect(state.data).toEqual([expect.objectContaining({ email: "state@example.test" })]);
    const preflight = await fetch(`${fake().url}/v1/payment_methods`, { method: "OPTIONS" });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-headers")).toContain("Idempotency-Key");
  });
});
