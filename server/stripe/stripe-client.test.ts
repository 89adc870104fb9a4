import { describe, expect, it } from "vitest";
import { parseEnvForTest as parseEnv } from "@/server/env";
import { createStripeClient } from "./stripe-client";

const KEYS = {
  STRIPE_SECRET_KEY: "sk_test_abc",
  STRIPE_WEBHOOK_SECRET: "whsec_abc",
  NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: "pk_test_abc",
  PGLITE_DIR: "/tmp/stripe-client-test/pglite",
};

const parseEnvForTest = (vars: Record<string, string>) => parseEnv(vars as NodeJS.ProcessEnv);

describe("the Stripe client from the environment", () => {
  it("is off without all three keys", () => {
    expect(createStripeClient(parseEnvForTest({ PGLITE_DIR: KEYS.PGLITE_DIR }))).toBeNull();
    const twoKeys = parseEnvForTest({ ...KEYS, STRIPE_WEBHOOK_SECRET: "" });
    expect(twoKeys.cardPaymentsEnabled).toBe(false);
    expect(createStripeClient(twoKeys)).toBeNull();
  });

  it("talks to Stripe itself unless a test fake is configured", () => {
    const env = parseEnvForTest({ ...KEYS, APP_URL: "https://market.example" });
    expect(createStripeClient(env)?.getApiField("host")).toBe("api.stripe.com");
    const local = parseEnvForTest({ ...KEYS, STRIPE_API_BASE: "http://127.0.0.1:12111" });
    const client = createStripeClient(local)!;
    expect([
      client.getApiField("host"),
      client.getApiField("port"),
      client.getApiField("protocol"),
    ]).toEqual(["127.0.0.1", 12111, "http"]);
  });

  it.each([
    ["a live key", { STRIPE_SECRET_KEY: "sk_live_abc" }, "only allowed with a test secret key"],
    [
      "a fake elsewhere",
      { STRIPE_API_BASE: "http://10.0.0.5:12111" },
      "must be a fake on this machine",
    ],
    ["a production site", { APP_URL: "https://market.example" }, "refused in production"],
  ])("refuses a fake with %s", (_, overrides, message) => {
    expect(() =>
      parseEnvForTest({ ...KEYS, STRIPE_API_BASE: "http://127.0.0.1:12111", ...overrides }),
    ).toThrow(message);
  });

  it.each([
    ["STRIPE_SECRET_KEY", "pk_test_abc"],
    ["NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY", "sk_test_abc"],
    ["STRIPE_WEBHOOK_SECRET", "abc"],
  ])("refuses %s of the wrong kind", (name, value) => {
    expect(() => parseEnvForTest({ ...KEYS, [name]: value })).toThrow(name);
  });
});
