/**
 * The fake's memory: one table per Stripe object type, in creation order. Handlers mutate stored
 * objects through `update` (never in place) so `writes` counts every change; the idempotency layer
 * reads that counter to tell a request that failed validation (not stored, as at Stripe) from one
 * that started executing (stored, even when it ends in an error such as a decline).
 */
import { randomBytes } from "node:crypto";
import { resourceMissing } from "./errors";

export type StripeObject = { id: string; object: string; [field: string]: unknown };

/** Every type the fake knows: its id prefix and the name Stripe uses in "No such ..." errors. */
export const OBJECT_TYPES = {
  customer: { prefix: "cus", label: "customer" },
  payment_method: { prefix: "pm", label: "PaymentMethod" },
  payment_intent: { prefix: "pi", label: "PaymentIntent" },
  setup_intent: { prefix: "seti", label: "setupintent" },
  charge: { prefix: "ch", label: "charge" },
  refund: { prefix: "re", label: "refund" },
  dispute: { prefix: "dp", label: "dispute" },
  event: { prefix: "evt", label: "event" },
  account: { prefix: "acct", label: "account" },
  // The fake's record of an Account Link; the API answers only its public fields.
  account_link: { prefix: "alink", label: "account link" },
  transfer: { prefix: "tr", label: "transfer" },
  transfer_reversal: { prefix: "trr", label: "transfer reversal" },
  product: { prefix: "prod", label: "product" },
  price: { prefix: "price", label: "price" },
  subscription: { prefix: "sub", label: "subscription" },
  subscription_item: { prefix: "si", label: "subscription item" },
  invoice: { prefix: "in", label: "invoice" },
  invoice_payment: { prefix: "inpay", label: "invoice payment" },
} as const satisfies Record<string, { prefix: string; label: string }>;

export type ObjectType = keyof typeof OBJECT_TYPES;

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Random base62 text, the shape of the tail of Stripe's ids and secrets. */
export function randomToken(length = 24): string {
  return [...randomBytes(length)].map((byte) => ALPHABET[byte % ALPHABET.length]).join("");
}

export function newId(type: ObjectType): string {
  return `${OBJECT_TYPES[type].prefix}_${randomToken()}`;
}

/** Answers and event snapshots are copies: later changes must not reach them. */
export function clone<T>(value: T): T {
  return structuredClone(value);
}

export class Store {
  private tables = new Map<string, Map<string, StripeObject>>();
  /** Facts Stripe keeps but never shows (a card's number, whether a card was set up). */
  private hidden = new Map<string, Record<string, unknown>>();
  writes = 0;
  /**
   * Seconds the fake's clock runs ahead of real time (`advanceClock`, as Stripe's test clocks):
   * every timestamp the fake writes reads `now()`.
   */
  clockOffset = 0;
  /**
   * While `advanceClock` runs something due, the moment it is due: the clock stands still there
   * (a real second ticking during the run must not move a retry's date by one).
   */
  standingAt: number | null = null;

  now(): number {
    return this.standingAt ?? Math.floor(Date.now() / 1000) + this.clockOffset;
  }

  private table(type: string): Map<string, StripeObject> {
    let table = this.tables.get(type);
    if (!table) this.tables.set(type, (table = new Map()));
    return table;
  }

  /** Inserts a new object with Stripe's common fields (id, object, created, livemode). */
  insert<T extends ObjectType>(type: T, fields: Record<string, unknown>, id = newId(type)) {
    const object: StripeObject = { id, object: type, created: this.now(), livemode: false };
    Object.assign(object, fields, { id, object: type });
    this.table(type).set(id, object);
    this.writes++;
    return object;
  }

  get(type: string, id: string): StripeObject | undefined {
    return this.tables.get(type)?.get(id);
  }

  getOrThrow(type: ObjectType, id: string, param?: string): StripeObject {
    const found = this.get(type, id);
    if (!found) throw resourceMissing(OBJECT_TYPES[type].label, id, param);
    return found;
  }

  /** Any object by id, through its prefix: what expansion needs. */
  findById(id: string): StripeObject | undefined {
    for (const table of this.tables.values()) {
      const found = table.get(id);
      if (found) return found;
    }
    return undefined;
  }

  update(object: StripeObject, patch: Record<string, unknown>): StripeObject {
    Object.assign(object, patch);
    this.writes++;
    return object;
  }

  remove(type: string, id: string): void {
    if (this.tables.get(type)?.delete(id)) this.writes++;
  }

  /** Oldest first; the list endpoints reverse it, as Stripe lists newest first. */
  all(type: string): StripeObject[] {
    return [...(this.tables.get(type)?.values() ?? [])];
  }

  secret(id: string): Record<string, unknown> {
    let facts = this.hidden.get(id);
    if (!facts) this.hidden.set(id, (facts = {}));
    return facts;
  }

  reset(): void {
    this.tables.clear();
    this.hidden.clear();
    this.clockOffset = 0;
    this.writes++;
  }
}
