/**
 * Card fees and what the merchant keeps (part 2 section 9). All arithmetic is exact: rates are
 * read from their decimal text ("0.029") into integer fractions and combined with BigInt, then the
 * result is rounded once, half-up (half a cent goes away from zero), to whole cents.
 */
import type { Currency } from "./money";
import { parsePriceToCents } from "./money";
import type { PaymentType } from "./constants";

/** A rate as a fraction of the price: 0.029 is 2.9 %. A number or its decimal text. */
export type Rate = number | string;

export interface ServiceCharge {
  /** Card processor's rate, 0.029. */
  baseRate: Rate;
  /** Card processor's fixed amount per charge, in cents. */
  baseAmountCents: number;
  /** Extra rate when the merchant's currency is not CAD, 0.008. */
  internationalCcRate: Rate;
  /** Platform handling fee rate (0 by default). */
  handlingFeeRate: Rate;
  /** Platform handling fee fixed amount, in cents. */
  handlingFeeAmountCents: number;
}

/** 2.9 % + $0.30, 0.8 % international, a flat $1.00 handling fee. */
export const DEFAULT_SERVICE_CHARGE: ServiceCharge = Object.freeze({
  baseRate: "0.029",
  baseAmountCents: 30,
  internationalCcRate: "0.008",
  handlingFeeRate: "0",
  handlingFeeAmountCents: 100,
});

interface Fraction {
  num: bigint;
  den: bigint;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i;

/** "0.029" → 29/1000; 2.9e-2 → 29/1000. Negative or non-decimal rates are refused. */
export function rateToFraction(rate: Rate): Fraction {
  const text = typeof rate === "number" ? String(rate) : rate.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`Invalid rate: ${String(rate)}`);
  const [, whole = "0", frac = "", exp = "0"] = match;
  let num = BigInt(whole + frac);
  let scale = frac.length - Number(exp);
  if (scale < 0) {
    num *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { num, den: 10n ** BigInt(scale) };
}

function centsBig(cents: number, label: string): bigint {
  if (!Number.isSafeInteger(cents))
    throw new RangeError(`${label} must be whole cents, got ${cents}`);
  return BigInt(cents);
}

/** num/den rounded to an integer, half away from zero. */
function roundHalfUp({ num, den }: Fraction): number {
  const negative = num < 0n;
  const abs = negative ? -num : num;
  let q = abs / den;
  if ((abs % den) * 2n >= den) q += 1n;
  return Number(negative ? -q : q);
}

/** The fees on an amount as one exact fraction of a cent. */
function feesFraction(amountCents: number, currency: Currency, sc: ServiceCharge): Fraction {
  const amount = centsBig(amountCents, "price");
  const rates = [
    sc.baseRate,
    currency === "CAD" ? "0" : sc.internationalCcRate,
    sc.handlingFeeRate,
  ].map(rateToFraction);
  const den = rates.reduce((acc, r) => (acc > r.den ? acc : r.den), 1n);
  const rateNum = rates.reduce((acc, r) => acc + r.num * (den / r.den), 0n);
  const fixed =
    centsBig(sc.baseAmountCents, "base amount") +
    centsBig(sc.handlingFeeAmountCents, "handling fee");
  return { num: amount * rateNum + fixed * den, den };
}

export interface EarningInput {
  priceCents: number;
  /** The merchant's currency: anything but CAD adds the international rate. */
  currency: Currency;
  serviceCharge?: ServiceCharge;
}

/**
 * What the merchant earns on a card sale at this price:
 * price − (base rate × price + base amount) − (international rate × price if not CAD)
 * − (handling rate × price + handling amount), rounded half-up to the cent.
 * Not floored at 0: below about $1.34 the fees exceed the price, and the form shows the merchant
 * the negative figure rather than a misleading $0.00.
 */
export function estimateEarningCents({
  priceCents,
  currency,
  serviceCharge = DEFAULT_SERVICE_CHARGE,
}: EarningInput): number {
  const fees = feesFraction(priceCents, currency, serviceCharge);
  return roundHalfUp({ num: centsBig(priceCents, "price") * fees.den - fees.num, den: fees.den });
}

/** The fees alone, rounded the same way (price − fees = estimated earning, to the cent). */
export function estimateFeesCents(input: EarningInput): number {
  return input.priceCents - estimateEarningCents(input);
}

export interface PayoutInput {
  /** The merchant's share of one order: the sum of that merchant's lines, in cents. */
  lineTotalCents: number;
  currency: Currency;
  serviceCharge?: ServiceCharge;
  paymentType: PaymentType;
}

/**
 * What the platform transfers to a merchant for their share of an order.
 * - Pay in person: the customer pays the merchant directly and the platform takes nothing, so the
 *   merchant's amount is the full line total (no transfer is made; this is what they collect).
 * - Pay by card: the same formula as the estimate, applied once per merchant share (the fixed
 *   amounts included, as the merchant saw them on the product form). Floored at 0 because a
 *   transfer cannot be negative; the platform carries the shortfall on such tiny orders.
 */
export function merchantPayoutCents({
  lineTotalCents,
  currency,
  serviceCharge = DEFAULT_SERVICE_CHARGE,
  paymentType,
}: PayoutInput): number {
  centsBig(lineTotalCents, "line total");
  if (paymentType === "in_person") return lineTotalCents;
  return Math.max(0, estimateEarningCents({ priceCents: lineTotalCents, currency, serviceCharge }));
}

export interface LineFees {
  /** The card processor's part: base rate × total + base amount. */
  cardFeeCents: number;
  /** International rate × total when the currency is not CAD, else 0. */
  internationalFeeCents: number;
  /** Handling rate × total + handling amount. */
  handlingFeeCents: number;
  /** What the farmer is paid for the line: total − the three fees, never below 0. */
  payoutCents: number;
}

/**
 * The fee breakdown of one paid card line (its unit price × quantity), kept on the line so the
 * farmer is paid exactly total − fees. Each part is rounded half-up on its own, then the card fee
 * absorbs the difference so that the parts add up to the same fees as `estimateFeesCents` (the
 * figure the farmer saw on the product form for a line of this total). When fees exceed the total
 * the payout is 0 and the platform carries the shortfall.
 */
export function lineFees({
  lineTotalCents,
  currency,
  serviceCharge = DEFAULT_SERVICE_CHARGE,
}: {
  lineTotalCents: number;
  currency: Currency;
  serviceCharge?: ServiceCharge;
}): LineFees {
  const amount = centsBig(lineTotalCents, "line total");
  const part = (rate: Rate, fixedCents: number): number => {
    const r = rateToFraction(rate);
    return roundHalfUp({ num: amount * r.num + centsBig(fixedCents, "fee") * r.den, den: r.den });
  };
  const totalFees = estimateFeesCents({ priceCents: lineTotalCents, currency, serviceCharge });
  const internationalFeeCents = currency === "CAD" ? 0 : part(serviceCharge.internationalCcRate, 0);
  const handlingFeeCents = part(
    serviceCharge.handlingFeeRate,
    serviceCharge.handlingFeeAmountCents,
  );
  return {
    cardFeeCents: totalFees - internationalFeeCents - handlingFeeCents,
    internationalFeeCents,
    handlingFeeCents,
    payoutCents: Math.max(0, lineTotalCents - totalFees),
  };
}

/** Service charge as the API sends it: rates as fractions, amounts in dollars (camelCase or snake_case). */
export interface WireServiceCharge {
  baseRate?: Rate;
  baseAmt?: Rate;
  internationalCcRate?: Rate;
  handlingFeeRate?: Rate;
  handlingFeeAmt?: Rate;
  base_rate?: Rate;
  base_amount?: Rate;
  international_credit_card_rate?: Rate;
  handling_fee_rate?: Rate;
  handling_fee_amt?: Rate;
}

function dollarsToCents(value: Rate | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const cents = parsePriceToCents(String(value));
  if (cents === null) throw new RangeError(`Invalid amount: ${String(value)}`);
  return cents;
}

/** Reads the service charge of either spelling; a missing part takes the default. */
export function serviceChargeFromWire(wire: WireServiceCharge): ServiceCharge {
  const d = DEFAULT_SERVICE_CHARGE;
  return {
    baseRate: wire.baseRate ?? wire.base_rate ?? d.baseRate,
    baseAmountCents: dollarsToCents(wire.baseAmt ?? wire.base_amount, d.baseAmountCents),
    internationalCcRate:
      wire.internationalCcRate ?? wire.international_credit_card_rate ?? d.internationalCcRate,
    handlingFeeRate: wire.handlingFeeRate ?? wire.handling_fee_rate ?? d.handlingFeeRate,
    handlingFeeAmountCents: dollarsToCents(
      wire.handlingFeeAmt ?? wire.handling_fee_amt,
      d.handlingFeeAmountCents,
    ),
  };
}

/** 0.029 → "2.9%" (exact, trailing zeros dropped). */
export function formatRatePercent(rate: Rate): string {
  const { num, den } = rateToFraction(rate);
  // percent = num * 100 / den; den is a power of ten, so this is a finite decimal
  const scaled = num * 100n;
  const digits = den.toString().length - 1;
  const text = scaled.toString().padStart(digits + 1, "0");
  const whole = text.slice(0, text.length - digits) || "0";
  const frac = digits > 0 ? text.slice(text.length - digits).replace(/0+$/, "") : "";
  return `${whole}${frac ? `.${frac}` : ""}%`;
}

/** $1 for whole dollars, $0.30 otherwise (the fee texts' style). */
function formatFeeAmount(cents: number): string {
  const dollars = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? `$${dollars}` : `$${dollars}.${rest.toString().padStart(2, "0")}`;
}

/**
 * The fee explanation shown to merchants, filled from the service charge in force. With the
 * default it reads, word for word:
 *   "The card processor takes 2.9% plus $0.30, plus 0.8% for non-Canadian cards."
 *   "A handling fee is a flat $1."
 */
export function describeFees(sc: ServiceCharge = DEFAULT_SERVICE_CHARGE): string[] {
  const handlingRate = rateToFraction(sc.handlingFeeRate);
  const handling =
    handlingRate.num === 0n
      ? `A handling fee is a flat ${formatFeeAmount(sc.handlingFeeAmountCents)}.`
      : `A handling fee is ${formatRatePercent(sc.handlingFeeRate)} plus ${formatFeeAmount(sc.handlingFeeAmountCents)}.`;
  return [
    `The card processor takes ${formatRatePercent(sc.baseRate)} plus ${formatFeeAmount(sc.baseAmountCents)}, plus ${formatRatePercent(sc.internationalCcRate)} for non-Canadian cards.`,
    handling,
  ];
}

export const FEE_EXPLANATION_TEXTS: readonly string[] = describeFees();
