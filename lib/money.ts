/**
 * Money: integer cents in, formatted text out. Never multiply a float by 100 to get cents:
 * parsing works on the decimal string itself.
 *
 * Display convention (docs/decisions/0003-validation-money-fees.md): a plain "$" prefix for both
 * currencies ("$19.99") where the page already shows which currency it is in (product cards, cart,
 * a store that sells in one currency); "CA$19.99" / "US$19.99" where both currencies can sit side
 * by side (pricing page country toggle, admin order lists, mixed carts), via `{ showCode: true }`.
 */

export const CURRENCIES = ["CAD", "USD"] as const;
export type Currency = (typeof CURRENCIES)[number];

export type PlanId = "basic" | "engager" | "harvest";

export interface Plan {
  id: PlanId;
  name: "Basic" | "Engager" | "Harvest";
  /** Maximum products a merchant may list; null means unlimited. */
  productLimit: number | null;
  messaging: boolean;
  /** Monthly price in integer cents. */
  priceCents: { USD: number; CAD: number };
}

/** The three plans in display order (part 1, Plans and subscription prices). */
export const PLANS: readonly Plan[] = [
  { id: "basic", name: "Basic", productLimit: 2, messaging: false, priceCents: { USD: 0, CAD: 0 } },
  {
    id: "engager",
    name: "Engager",
    productLimit: 4,
    messaging: true,
    priceCents: { USD: 999, CAD: 1299 },
  },
  {
    id: "harvest",
    name: "Harvest",
    productLimit: null,
    messaging: true,
    priceCents: { USD: 1699, CAD: 1999 },
  },
] as const;

export const PLAN_IDS = ["basic", "engager", "harvest"] as const satisfies readonly PlanId[];

export function getPlan(id: PlanId): Plan {
  const plan = PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`Unknown plan: ${id}`);
  return plan;
}

/** Subscription price of a plan in cents for a currency. */
export function planPriceCents(id: PlanId, currency: Currency): number {
  return getPlan(id).priceCents[currency];
}

/** Whether a merchant on `plan` who already has `currentCount` products may add another. */
export function canAddProduct(plan: PlanId, currentCount: number): boolean {
  const limit = getPlan(plan).productLimit;
  return limit === null || currentCount < limit;
}

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents))
    throw new RangeError(`cents must be a safe integer, got ${cents}`);
}

/** 1999 → "19.99", 5 → "0.05", -150 → "-1.50". Exact: integer division only. */
export function centsToDecimalString(cents: number): string {
  assertCents(cents);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const frac = abs % 100;
  return `${sign}${whole}.${frac.toString().padStart(2, "0")}`;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

export interface FormatMoneyOptions {
  /** Prefix "CA$"/"US$" instead of "$" where both currencies may appear together. */
  showCode?: boolean;
}

/**
 * 1999, "CAD" → "$19.99"; 123456789, "USD" → "$1,234,567.89"; with showCode → "CA$19.99".
 * Built by hand rather than Intl so server and client render the same characters (no hydration
 * mismatch between Node's and the browser's ICU data).
 */
export function formatMoney(
  cents: number,
  currency: Currency,
  options: FormatMoneyOptions = {},
): string {
  assertCents(cents);
  const decimal = centsToDecimalString(Math.abs(cents));
  const [whole = "0", frac = "00"] = decimal.split(".");
  const symbol = options.showCode ? (currency === "CAD" ? "CA$" : "US$") : "$";
  const sign = cents < 0 ? "-" : "";
  return `${sign}${symbol}${groupThousands(whole)}.${frac}`;
}

/** Digits with an optional 1 or 2 decimals: the spec's rule for prices, weights and rates. */
const PRICE_PATTERN = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Exact decimal string → integer cents: "19.99" → 1999, "0.5" → 50, "0" → 0. String arithmetic,
 * never a float multiply. Returns null for anything that is not a non-negative amount with at most
 * two decimals ("1.234", "abc", "-1", ""). The validation schemas read every 2-decimal amount
 * (price, weight, rate) through this one function.
 */
export function parsePriceToCents(input: string): number | null {
  const match = PRICE_PATTERN.exec(input.trim());
  if (!match) return null;
  const whole = match[1] ?? "0";
  const frac = (match[2] ?? "").padEnd(2, "0");
  const cents = Number(whole) * 100 + Number(frac);
  return Number.isSafeInteger(cents) ? cents : null;
}
