import { describe, expect, it } from "vitest";
import { startFakeForFile } from "./test-support";

const fake = startFakeForFile();

async function paidIntent(amount = 5000) {
  return fake()
    .client()
    .paymentIntents.create({
      amount,
      currency: "cad",
      payment_method: "pm_card_visa",
      allowed_payment_method_types: ["card"],
      confirm: true,
    });
}

describe("refunds", () => {
  it("refunds all that is left by default and marks the charge refunded", async () => {
    const stripe = fake().client();
    const pi = await paidIntent();
    const refund = await stripe.refunds.create({ payment_intent: pi.id, metadata: { line: "7" } });
    expect(refund).toMatchObject({
      object: "refund",
      amount: 5000,
      status: "succeeded",
      payment_intent: pi.id,
      charge: pi.latest_charge,
      metadata: { line: "7" },
    });
    expect(refund.id).toMatch(/^re_/);
    const charge = await stripe.charges.retrieve(String(pi.latest_charge));
    expect(charge).toMatchObject({
      amount_refunded: 5000,
      refunded: true,
      refunds: { total_count: 1 },
    });
    expect(
      fake()
        .events.slice(-2)
        .map((e) => e.type),
    ).toEqual(["refund.created", "charge.refunded"]);
  });

  it("refunds in parts until nothing is left, then refuses", async () => {
    const stripe = fake().client();
    const pi = await paidIntent(1000);
    await stripe.refunds.create({ payment_intent: pi.id, amount: 300 });
    const charge = await stripe.charges.retrieve(String(pi.latest_charge));
    expect(charge).toMatchObject({ amount_refunded: 300, refunded: false });

    await expect(stripe.refunds.create({ charge: charge.id, amount: 701 })).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      code: "amount_too_large",
      param: "amount",
      message: "Refund amount ($7.01) is greater than unrefunded amount on charge ($7.00)",
    });
    await stripe.refunds.create({ charge: charge.id });
    await expect(stripe.refunds.create({ payment_intent: pi.id, amount: 1 })).rejects.toMatchObject(
      {
        code: "charge_already_refunded",
      },
    );

    const listed = await stripe.refunds.list({ payment_intent: pi.id });
    expect(listed.data.map((r) => r.amount)).toEqual([700, 300]);
  });

  it("refuses to refund an intent that was never paid", async () => {
    const pi = await fake().client().paymentIntents.create({ amount: 1000, currency: "cad" });
    await expect(fake().client().refunds.create({ payment_intent: pi.id })).rejects.toMatchObject({
      statusCode: 400,
      param: "payment_intent",
    });
  });
});

describe("disputes", () => {
  it("opens a dispute on a charge and emits charge.dispute.created", async () => {
    const pi = await paidIntent(2000);
    const dispute = fake().createDispute(String(pi.latest_charge));
    expect(dispute).toMatchObject({
      object: "dispute",
      amount: 2000,
      status: "needs_response",
      payment_intent: pi.id,
    });
    expect(dispute.id).toMatch(/^dp_/);
    expect(fake().events.at(-1)).toMatchObject({
      type: "charge.dispute.created",
      data: { object: { id: dispute.id } },
    });
    expect((await fake().client().charges.retrieve(String(pi.latest_charge))).disputed).toBe(true);
  });
});
