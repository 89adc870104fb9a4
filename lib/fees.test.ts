import { describe, expect, it } from "vitest";
import {
  DEFAULT_SERVICE_CHARGE,
  describeFees,
  estimateEarningCents,
  estimateFeesCents,
  FEE_EXPLANATION_TEXTS,
  formatRatePercent,
  lineFees,
  merchantPayoutCents,
  rateToFraction,
  serviceChargeFromWire,
  type ServiceCharge,
} from "./fees";

describe("estimateEarningCents (default service charge)", () => {
  // CAD: price − (2.9 % × price + 30) − (0 × price + 100)
  // USD: the same − 0.8 % × price
  it.each([
    [1000, "CAD", 1000 - 29 - 30 - 100], // 8.41
    [1000, "USD", 1000 - 29 - 30 - 8 - 100], // 8.33
    [1999, "CAD", 1811], // 1999 − 57.971 − 130 = 1811.029
    [1999, "USD", 1795], // 1811.029 − 15.992 = 1795.037
    [0, "CAD", -130],
    [0, "USD", -130],
    [123456789, "CAD", 119876412], // 123456789 × 0.971 − 130 = 119876412.119
  ] as const)("%i cents in %s → %i", (priceCents, currency, expected) => {
    expect(estimateEarningCents({ priceCents, currency })).toBe(expected);
  });

  it("a large USD price stays exact", () => {
    // 123456789 × (1 − 0.029 − 0.008) − 130 = 118888887.807 − 130 = 118888757.807 → 118888758
    expect(estimateEarningCents({ priceCents: 123456789, currency: "USD" })).toBe(118888758);
  });

  it("rounds exactly half a cent up", () => {
    // 2.9 % of 50 cents = 1.45; with a 3 % rate: 50 × 0.03 = 1.5 → fees 1.5, earning 48.5 → 49
    const sc: ServiceCharge = {
      ...DEFAULT_SERVICE_CHARGE,
      baseRate: "0.03",
      baseAmountCents: 0,
      handlingFeeAmountCents: 0,
    };
    expect(estimateEarningCents({ priceCents: 50, currency: "CAD", serviceCharge: sc })).toBe(49);
    // 150 × 0.029 = 4.35 → 145.65 → 146 (not a tie); 1500 × 0.029 = 43.5 → 1456.5 → 1457 (a tie, up)
    const noFixed: ServiceCharge = { ...sc, baseRate: "0.029" };
    expect(estimateEarningCents({ priceCents: 150, currency: "CAD", serviceCharge: noFixed })).toBe(
      146,
    );
    expect(
      estimateEarningCents({ priceCents: 1500, currency: "CAD", serviceCharge: noFixed }),
    ).toBe(1457);
  });

  it("rounds a negative half away from zero", () => {
    // 10 − (10 × 0.05 + 10) = −0.5 → −1
    const sc: ServiceCharge = {
      baseRate: "0.05",
      baseAmountCents: 10,
      internationalCcRate: 0,
      handlingFeeRate: 0,
      handlingFeeAmountCents: 0,
    };
    expect(estimateEarningCents({ priceCents: 10, currency: "CAD", serviceCharge: sc })).toBe(-1);
  });

  it("has no float drift where floats have it", () => {
    // 0.029 × 3333 = 96.657 exactly; floats give 96.65699999999998
    expect(0.029 * 3333).not.toBe(96.657);
    expect(estimateEarningCents({ priceCents: 3333, currency: "CAD" })).toBe(3333 - 97 - 130); // 3106.343 → 3106
  });

  it("accepts rates as numbers or decimal text, and a handling rate", () => {
    const sc: ServiceCharge = {
      baseRate: 0.029,
      baseAmountCents: 30,
      internationalCcRate: 0.008,
      handlingFeeRate: "0.01",
      handlingFeeAmountCents: 100,
    };
    // 1000 − 29 − 30 − 10 − 100 = 831
    expect(estimateEarningCents({ priceCents: 1000, currency: "CAD", serviceCharge: sc })).toBe(
      831,
    );
    expect(estimateFeesCents({ priceCents: 1000, currency: "CAD", serviceCharge: sc })).toBe(169);
  });

  it("is negative when the fees exceed a tiny price", () => {
    expect(estimateEarningCents({ priceCents: 100, currency: "CAD" })).toBe(-33);
  });

  it("refuses fractional cents and bad rates", () => {
    expect(() => estimateEarningCents({ priceCents: 10.5, currency: "CAD" })).toThrow(RangeError);
    expect(() => rateToFraction("-0.1")).toThrow(RangeError);
    expect(() => rateToFraction("abc")).toThrow(RangeError);
  });
});

describe("merchantPayoutCents", () => {
  it("pays the whole line total for pay in person: the platform takes nothing", () => {
    expect(
      merchantPayoutCents({ lineTotalCents: 2500, currency: "CAD", paymentType: "in_person" }),
    ).toBe(2500);
    expect(
      merchantPayoutCents({ lineTotalCents: 2500, currency: "USD", paymentType: "in_person" }),
    ).toBe(2500);
  });

  it("takes the card fees once per merchant share for card payments", () => {
    // CAD: 2500 − 72.5 − 30 − 100 = 2297.5 → 2298
    expect(
      merchantPayoutCents({ lineTotalCents: 2500, currency: "CAD", paymentType: "by_card" }),
    ).toBe(2298);
    // USD: 2297.5 − 20 = 2277.5 → 2278
    expect(
      merchantPayoutCents({ lineTotalCents: 2500, currency: "USD", paymentType: "by_card" }),
    ).toBe(2278);
  });

  it("never transfers a negative amount", () => {
    expect(
      merchantPayoutCents({ lineTotalCents: 50, currency: "CAD", paymentType: "by_card" }),
    ).toBe(0);
    expect(
      merchantPayoutCents({ lineTotalCents: 0, currency: "USD", paymentType: "by_card" }),
    ).toBe(0);
  });
});

describe("service charge from the API", () => {
  it("reads either spelling, amounts in dollars", () => {
    const expected = {
      baseRate: 0.03,
      baseAmountCents: 25,
      internationalCcRate: 0.01,
      handlingFeeRate: 0,
      handlingFeeAmountCents: 150,
    };
    expect(
      serviceChargeFromWire({
        baseRate: 0.03,
        baseAmt: 0.25,
        internationalCcRate: 0.01,
        handlingFeeRate: 0,
        handlingFeeAmt: "1.50",
      }),
    ).toEqual(expected);
    expect(
      serviceChargeFromWire({
        base_rate: 0.03,
        base_amount: "0.25",
        international_credit_card_rate: 0.01,
        handling_fee_rate: 0,
        handling_fee_amt: 1.5,
      }),
    ).toEqual(expected);
    expect(serviceChargeFromWire({})).toEqual(DEFAULT_SERVICE_CHARGE);
  });
});

describe("fee texts", () => {
  it("read as the spec writes them with the default service charge", () => {
    expect(FEE_EXPLANATION_TEXTS).toEqual([
      "The card processor takes 2.9% plus $0.30, plus 0.8% for non-Canadian cards.",
      "A handling fee is a flat $1.",
    ]);
  });

  it("follow the rates in force", () => {
    expect(
      describeFees({
        baseRate: "0.0305",
        baseAmountCents: 25,
        internationalCcRate: 0.01,
        handlingFeeRate: "0.005",
        handlingFeeAmountCents: 150,
      }),
    ).toEqual([
      "The card processor takes 3.05% plus $0.25, plus 1% for non-Canadian cards.",
      "A handling fee is 0.5% plus $1.50.",
    ]);
  });

  it("formats rates as exact percentages", () => {
    expect(formatRatePercent("0.029")).toBe("2.9%");
    expect(formatRatePercent(0.008)).toBe("0.8%");
    expect(formatRatePercent("1")).toBe("100%");
    expect(formatRatePercent(0)).toBe("0%");
    expect(formatRatePercent(1e-7)).toBe("0.00001%");
  });
});

describe("lineFees", () => {
  it.each([
    // total, currency, card, international, handling, payout
    [1000, "CAD", 59, 0, 100, 841],
    [1000, "USD", 59, 8, 100, 833],
    [2599, "CAD", 105, 0, 100, 2394],
    [100, "CAD", 33, 0, 100, 0],
  ] as const)(
    "splits the fees of a %i-cent %s line and pays the rest",
    (total, currency, card, international, handling, payout) => {
      const fees = lineFees({ lineTotalCents: total, currency });
      expect(fees).toEqual({
        cardFeeCents: card,
        internationalFeeCents: international,
        handlingFeeCents: handling,
        payoutCents: payout,
      });
    },
  );

  it("adds up to the estimate the farmer saw on the product form", () => {
    for (const total of [1, 99, 134, 135, 1999, 123457]) {
      for (const currency of ["CAD", "USD"] as const) {
        const f = lineFees({ lineTotalCents: total, currency });
        expect(f.cardFeeCents + f.internationalFeeCents + f.handlingFeeCents).toBe(
          estimateFeesCents({ priceCents: total, currency }),
        );
        expect(f.payoutCents).toBe(
          Math.max(0, estimateEarningCents({ priceCents: total, currency })),
        );
      }
    }
  });
});
