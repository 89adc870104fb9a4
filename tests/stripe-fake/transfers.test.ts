import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { startFakeForFile } from "./test-support";

const fake = startFakeForFile();

/** An onboarded Canadian farm that can receive transfers. */
async function readyFarm(stripe: Stripe) {
  const account = await stripe.accounts.create({
    type: "express",
    country: "CA",
    capabilities: { transfers: { requested: true }, card_payments: { requested: true } },
  });
  fake().completeOnboarding(account.id);
  return account.id;
}

/** A paid order: its charge id. */
async function paidCharge(stripe: Stripe, amount = 10_000, currency = "cad") {
  const pi = await stripe.paymentIntents.create({
    amount,
    currency,
    payment_method: "pm_card_visa",
    allowed_payment_method_types: ["card"],
    confirm: true,
    transfer_group: "order-1001",
  });
  return String(pi.latest_charge);
}

describe("transfers", () => {
  it("pays a farm from a charge, up to the charge less refunds and earlier transfers", async () => {
    const stripe = fake().client();
    const farm = await readyFarm(stripe);
    const charge = await paidCharge(stripe);
    const transfer = await stripe.transfers.create({
      amount: 6000,
      currency: "cad",
      destination: farm,
      source_transaction: charge,
      transfer_group: "order-1001",
      metadata: { merchantId: "42" },
    });
    expect(transfer.id).toMatch(/^tr_/);
    expect(transfer).toMatchObject({
      object: "transfer",
      amount: 6000,
      amount_reversed: 0,
      reversed: false,
      destination: farm,
      source_transaction: charge,
      transfer_group: "order-1001",
      metadata: { merchantId: "42" },
      reversals: { total_count: 0 },
    });
    expect(fake().events.at(-1)).toMatchObject({ type: "transfer.created" });
    expect(fake().events.at(-1)).not.toHaveProperty("account");

    await stripe.refunds.create({ charge, amount: 3000 });
    const tooMuch = {
      amount: 1001,
      currency: "cad",
      destination: farm,
      source_transaction: charge,
    };
    await expect(stripe.transfers.create(tooMuch)).rejects.toMatchObject({
      statusCode: 400,
      code: "balance_insufficient",
      param: "amount",
    });
    await stripe.transfers.create({ ...tooMuch, amount: 1000, transfer_group: "order-1001" });

    const listed = await stripe.transfers.list({ transfer_group: "order-1001" });
    expect(listed.data.map((t) => t.amount)).toEqual([1000, 6000]);
    expect((await stripe.transfers.list({ destination: "acct_other" })).data).toEqual([]);
    expect((await stripe.transfers.retrieve(transfer.id)).id).toBe(transfer.id);
  });

  it.each([
    ["a destination whose transfers capability is not active", "not-ready", "destination"],
    ["a source charge in another currency", "usd-charge", "currency"],
    ["a source charge that did not succeed", "declined-charge", "source_transaction"],
  ])("refuses %s", async (_, setup, param) => {
    const stripe = fake().client();
    let destination = await readyFarm(stripe);
    let charge = "";
    if (setup === "not-ready") {
      destination = (
        await stripe.accounts.create({
          type: "express",
          capabilities: { transfers: { requested: true } },
        })
      ).id;
      charge = await paidCharge(stripe);
    } else if (setup === "usd-charge") {
      charge = await paidCharge(stripe, 10_000, "usd");
    } else {
      await stripe.paymentIntents
        .create({
          amount: 5000,
          currency: "cad",
          payment_method: "pm_card_chargeDeclined",
          allowed_payment_method_types: ["card"],
          confirm: true,
        })
        .catch((error: Stripe.errors.StripeCardError) => {
          charge = String(error.payment_intent?.latest_charge);
        });
    }
    const error = await stripe.transfers
      .create({ amount: 1000, currency: "cad", destination, source_transaction: charge })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ type: "StripeInvalidRequestError", statusCode: 400, param });
    if (setup === "not-ready") {
      expect((error as Error).message).toBe(
        "Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments",
      );
    }
    expect(fake().count("transfer")).toBe(0);
  });

  it("draws on the platform's available balance without a source_transaction", async () => {
    const stripe = fake().client();
    const farm = await readyFarm(stripe);
    const params = { amount: 2500, currency: "cad", destination: farm };
    await expect(stripe.transfers.create(params)).rejects.toMatchObject({
      code: "balance_insufficient",
    });
    fake().fundPlatformBalance(2500, "cad");
    await stripe.transfers.create(params);
    const platform = await stripe.balance.retrieve();
    expect(platform.available).toEqual([{ amount: 0, currency: "cad", source_types: { card: 0 } }]);
    const farmBalance = await stripe.balance.retrieve({}, { stripeAccount: farm });
    expect(farmBalance.available[0]).toMatchObject({ amount: 2500, currency: "cad" });
  });
});

describe("transfer reversals", () => {
  it("reverses in parts, then all that is left, then refuses", async () => {
    const stripe = fake().client();
    const farm = await readyFarm(stripe);
    const charge = await paidCharge(stripe);
    const transfer = await stripe.transfers.create({
      amount: 5000,
      currency: "cad",
      destination: farm,
      source_transaction: charge,
    });
    const partial = await stripe.transfers.createReversal(transfer.id, {
      amount: 1500,
      metadata: { orderItemId: "7" },
    });
    expect(partial.id).toMatch(/^trr_/);
    expect(partial).toMatchObject({
      object: "transfer_reversal",
      amount: 1500,
      transfer: transfer.id,
      metadata: { orderItemId: "7" },
    });
    await expect(
      stripe.transfers.createReversal(transfer.id, { amount: 3501 }),
    ).rejects.toMatchObject({ statusCode: 400, code: "amount_too_large", param: "amount" });

    const rest = await stripe.transfers.createReversal(transfer.id);
    expect(rest.amount).toBe(3500);
    expect(await stripe.transfers.retrieve(transfer.id)).toMatchObject({
      amount_reversed: 5000,
      reversed: true,
      reversals: { total_count: 2 },
    });
    await expect(stripe.transfers.createReversal(transfer.id)).rejects.toMatchObject({
      statusCode: 400,
    });
    const listed = await stripe.transfers.listReversals(transfer.id);
    expect(listed.data.map((r) => r.amount)).toEqual([3500, 1500]);
    expect(fake().events.filter((e) => e.type === "transfer.reversed")).toHaveLength(2);

    // What was reversed may be transferred from the charge again.
    await expect(
      stripe.transfers.create({
        amount: 10_000,
        currency: "cad",
        destination: farm,
        source_transaction: charge,
      }),
    ).resolves.toMatchObject({ amount: 10_000 });
  });
});

describe("transfers under faults and idempotency keys", () => {
  const order = async (stripe: Stripe) => ({
    amount: 4000,
    currency: "cad",
    destination: await readyFarm(stripe),
    source_transaction: await paidCharge(stripe),
    transfer_group: "order-1002",
  });

  it("loses the answer of a transfer that was made; the retry with its key gets the same one", async () => {
    const stripe = fake().client();
    const params = await order(stripe);
    // Two losses: the SDK retries a dropped connection once by itself, with the same key.
    fake().injectFault({ method: "POST", path: "/v1/transfers", kind: "lost", times: 2 });
    const key = "transfer:1002:42";
    await expect(stripe.transfers.create(params, { idempotencyKey: key })).rejects.toBeInstanceOf(
      Stripe.errors.StripeConnectionError,
    );
    expect(fake().count("transfer")).toBe(1);
    const retried = await stripe.transfers.create(params, { idempotencyKey: key });
    expect(retried.id).toBe(fake().list("transfer")[0]?.id);
    expect(fake().count("transfer")).toBe(1);
    expect(fake().events.filter((e) => e.type === "transfer.created")).toHaveLength(1);
  });

  it("makes nothing on a 500, and refuses the key with other parameters", async () => {
    const stripe = fake().client();
    const params = await order(stripe);
    fake().injectFault({ path: /^\/v1\/transfers$/, kind: "500" });
    await expect(
      stripe.transfers.create(params, { idempotencyKey: "transfer:1002:43" }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(fake().count("transfer")).toBe(0);
    await stripe.transfers.create(params, { idempotencyKey: "transfer:1002:43" });
    await expect(
      stripe.transfers.create({ ...params, amount: 4001 }, { idempotencyKey: "transfer:1002:43" }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(fake().count("transfer")).toBe(1);
  });
});
