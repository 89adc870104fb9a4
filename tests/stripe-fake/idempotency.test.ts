import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { startFakeForFile } from "./test-support";

const fake = startFakeForFile();
const ORDER = { amount: 4200, currency: "cad" } as const;

describe("idempotency keys", () => {
  it("replays the first answer to the same key and parameters, creating one intent", async () => {
    const stripe = fake().client();
    const first = await stripe.paymentIntents.create(ORDER, { idempotencyKey: "pi:order-1" });
    const again = await stripe.paymentIntents.create(ORDER, { idempotencyKey: "pi:order-1" });
    expect(again.id).toBe(first.id);
    expect(fake().count("payment_intent")).toBe(1);
    const replayed = await fetch(`${fake().url}/v1/payment_intents`, {
      method: "POST",
      headers: { Authorization: `Bearer ${fake().secretKey}`, "Idempotency-Key": "pi:order-1" },
      body: new URLSearchParams({ amount: "4200", currency: "cad" }),
    });
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(fake().requests.map((r) => r.replayed)).toEqual([false, true, true]);
  });

  it("refuses the same key with other parameters (StripeIdempotencyError)", async () => {
    const stripe = fake().client();
    await stripe.paymentIntents.create(ORDER, { idempotencyKey: "pi:order-2" });
    const error = await stripe.paymentIntents
      .create({ ...ORDER, amount: 4300 }, { idempotencyKey: "pi:order-2" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error).toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(
        /^Keys for idempotent requests can only be used with the same parameters they were first used with/,
      ),
    });
  });

  it("answers 409 to a second request while the first with its key still runs", async () => {
    fake().setLatency(150);
    try {
      const stripe = fake().client();
      const results = await Promise.allSettled([
        stripe.paymentIntents.create(ORDER, { idempotencyKey: "pi:order-3" }),
        stripe.paymentIntents.create(ORDER, { idempotencyKey: "pi:order-3" }),
      ]);
      const refused = results.find((r) => r.status === "rejected");
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(refused?.reason).toMatchObject({ statusCode: 409, rawType: "idempotency_error" });
      expect(fake().count("payment_intent")).toBe(1);
    } finally {
      fake().setLatency(0);
    }
  });

  it("keeps a decline under its key, but not a request that failed validation", async () => {
    const stripe = fake().client();
    const declined = {
      ...ORDER,
      payment_method: "pm_card_chargeDeclined",
      allowed_payment_method_types: ["card"],
      confirm: true,
    };
    const first = await stripe.paymentIntents
      .create(declined, { idempotencyKey: "k1" })
      .catch((e: unknown) => e);
    const second = await stripe.paymentIntents
      .create(declined, { idempotencyKey: "k1" })
      .catch((e: unknown) => e);
    expect(second).toMatchObject({
      type: "StripeCardError",
      payment_intent: { id: (first as Stripe.errors.StripeCardError).payment_intent?.id },
    });
    expect(fake().count("payment_intent")).toBe(1);

    await expect(
      stripe.paymentIntents.create({ amount: 1, currency: "cad" }, { idempotencyKey: "k2" }),
    ).rejects.toMatchObject({ code: "amount_too_small" });
    expect(
      await stripe.paymentIntents
        .create({ amount: 1, currency: "cad" }, { idempotencyKey: "k2" })
        .catch((e: unknown) => e),
    ).toMatchObject({ code: "amount_too_small" });
    expect(fake().requests.at(-1)?.replayed).toBe(false);
  });
});

describe("injected faults", () => {
  it("answers a 500 without executing; a retry with the same key creates one intent", async () => {
    const stripe = fake().client();
    fake().injectFault({ method: "POST", path: "/v1/payment_intents", kind: "500" });
    await expect(
      stripe.paymentIntents.create(ORDER, { idempotencyKey: "pi:order-500" }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(fake().count("payment_intent")).toBe(0);
    await stripe.paymentIntents.create(ORDER, { idempotencyKey: "pi:order-500" });
    expect(fake().count("payment_intent")).toBe(1);
  });

  it("loses the answer of work that was done; the retry with the same key gets the same intent", async () => {
    const stripe = fake().client();
    // Two losses: the SDK itself retries a dropped connection once, with the same key.
    fake().injectFault({ path: /^\/v1\/payment_intents$/, kind: "lost", times: 2 });
    await expect(
      stripe.paymentIntents.create(ORDER, { idempotencyKey: "pi:order-lost" }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeConnectionError);
    expect(fake().count("payment_intent")).toBe(1);
    const retried = await stripe.paymentIntents.create(ORDER, { idempotencyKey: "pi:order-lost" });
    expect(retried.id).toBe(fake().list("payment_intent")[0]?.id);
    expect(fake().count("payment_intent")).toBe(1);
    expect(fake().requests.map((r) => [r.fault, r.replayed])).toEqual([
      ["lost", false],
      ["lost", true],
      [null, true],
    ]);
  });

  it("holds a request until the client times out, executing nothing", async () => {
    const stripe = fake().client({ timeout: 300 });
    fake().injectFault({ path: "/v1/payment_intents", kind: "timeout" });
    const started = Date.now();
    await expect(
      stripe.paymentIntents.create(ORDER, { idempotencyKey: "pi:order-slow" }),
    ).rejects.toMatchObject({
      type: "StripeConnectionError",
      message: expect.stringContaining("timeout"),
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(fake().count("payment_intent")).toBe(0);
    await stripe.paymentIntents.create(ORDER, { idempotencyKey: "pi:order-slow" });
    expect(fake().count("payment_intent")).toBe(1);
  });

  it("takes faults over HTTP too, for browser tests", async () => {
    const post = (body: unknown) =>
      fetch(`${fake().url}/_fake/faults`, { method: "POST", body: JSON.stringify(body) });
    expect(
      (await post({ method: "POST", path: "^/v1/customers$", kind: "500", times: 2 })).status,
    ).toBe(200);
    const stripe = fake().client();
    await expect(stripe.customers.create({})).rejects.toMatchObject({ statusCode: 500 });
    expect((await fetch(`${fake().url}/_fake/faults`, { method: "DELETE" })).status).toBe(200);
    await expect(stripe.customers.create({})).resolves.toMatchObject({ object: "customer" });
    expect((await post({ path: "x", kind: "nope" })).status).toBe(400);
  });
});
