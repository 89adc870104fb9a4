/**
 * Stripe's test cards and what each does. A card number decides the brand, the country and the
 * outcome of every attempt; Stripe's ready-made ids (`pm_card_visa`, `tok_visa`) name the same
 * cards. https://docs.stripe.com/testing lists them.
 */

export type CardOutcome =
  | { kind: "ok" }
  /** `onAttach`: the card is refused when attached to a customer too (Stripe checks it then). */
  | { kind: "decline"; code: string; declineCode?: string; message: string; onAttach: boolean }
  /** "always": 3-D Secure on every payment; "on_session": not for off-session use once set up. */
  | { kind: "authenticate"; when: "always" | "on_session" };

const DECLINED = "Your card was declined.";
const declined = (declineCode: string, onAttach = true): CardOutcome => ({
  kind: "decline",
  code: "card_declined",
  declineCode,
  message: DECLINED,
  onAttach,
});

const TEST_CARDS: Record<string, { outcome: CardOutcome; country?: string; funding?: string }> = {
  "4000000000000002": { outcome: declined("generic_decline") },
  "4000000000009995": {
    outcome: {
      kind: "decline",
      code: "card_declined",
      declineCode: "insufficient_funds",
      message: "Your card has insufficient funds.",
      onAttach: true,
    },
  },
  "4000000000009987": { outcome: declined("lost_card") },
  "4000000000009979": { outcome: declined("stolen_card") },
  "4000000000000341": { outcome: declined("generic_decline", false) },
  "4000000000000069": {
    outcome: {
      kind: "decline",
      code: "expired_card",
      message: "Your card has expired.",
      onAttach: true,
    },
  },
  "4000000000000127": {
    outcome: {
      kind: "decline",
      code: "incorrect_cvc",
      message: "Your card's security code is incorrect.",
      onAttach: true,
    },
  },
  "4000000000000119": {
    outcome: {
      kind: "decline",
      code: "processing_error",
      message: "An error occurred while processing your card. Try again in a little bit.",
      onAttach: true,
    },
  },
  "4000002760003184": { outcome: { kind: "authenticate", when: "always" } },
  "4000000000003220": { outcome: { kind: "authenticate", when: "always" } },
  "4000002500003155": { outcome: { kind: "authenticate", when: "on_session" } },
  "4000001240000000": { outcome: { kind: "ok" }, country: "CA" },
  "4000056655665556": { outcome: { kind: "ok" }, funding: "debit" },
};

/** Stripe's named test payment methods (and the matching `tok_` names) → card numbers. */
const NAMED_CARDS: Record<string, string> = {
  visa: "4242424242424242",
  visa_debit: "4000056655665556",
  mastercard: "5555555555554444",
  amex: "378282246310005",
  discover: "6011111111111117",
  jcb: "3566002020360505",
  ca: "4000001240000000",
  chargeDeclined: "4000000000000002",
  chargeDeclinedInsufficientFunds: "4000000000009995",
  chargeDeclinedLostCard: "4000000000009987",
  chargeDeclinedStolenCard: "4000000000009979",
  chargeDeclinedExpiredCard: "4000000000000069",
  chargeDeclinedIncorrectCvc: "4000000000000127",
  chargeDeclinedProcessingError: "4000000000000119",
  chargeCustomerFail: "4000000000000341",
  authenticationRequired: "4000002760003184",
  threeDSecure2Required: "4000000000003220",
  authenticationRequiredOnSetup: "4000002500003155",
};

/** `pm_card_visa` or `tok_visa` → its number; anything else → undefined. */
export function namedCardNumber(id: string): string | undefined {
  const match = /^(?:pm_card_|tok_)(\w+)$/.exec(id);
  return match?.[1] ? NAMED_CARDS[match[1]] : undefined;
}

export function cardOutcome(number: string): CardOutcome {
  return TEST_CARDS[number]?.outcome ?? { kind: "ok" };
}

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(number)) return "mastercard";
  if (/^3[47]/.test(number)) return "amex";
  if (/^(6011|65|64[4-9])/.test(number)) return "discover";
  if (/^35/.test(number)) return "jcb";
  if (/^3(0|6|8)/.test(number)) return "diners";
  if (/^62/.test(number)) return "unionpay";
  return "unknown";
}

/** The Luhn check Stripe runs before anything else: a mistyped number is `incorrect_number`. */
export function passesLuhn(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  [...number].reverse().forEach((char, i) => {
    const digit = Number(char) * (i % 2 === 1 ? 2 : 1);
    sum += digit > 9 ? digit - 9 : digit;
  });
  return sum % 10 === 0;
}

export function cardDetails(number: string) {
  const brand = cardBrand(number);
  return {
    brand,
    display_brand: brand === "amex" ? "american_express" : brand,
    last4: number.slice(-4),
    country: TEST_CARDS[number]?.country ?? "US",
    funding: TEST_CARDS[number]?.funding ?? "credit",
  };
}
