/**
 * Stripe's idempotency layer for POSTs: the first answer to a key is kept and replayed for a request
 * with the same method, path and parameters; other parameters under the same key are a 400
 * idempotency_error (the SDK's StripeIdempotencyError); a second request while the first still runs
 * is a 409. Only answers of requests that started executing are kept (the caller decides that).
 * Keys are never pruned: a fake lives for one test run, not Stripe's 24 hours.
 */
import { StripeApiError } from "./errors";

export interface StoredAnswer {
  status: number;
  body: string;
}

interface Entry {
  method: string;
  path: string;
  fingerprint: string;
  /** Undefined while the first request is still running. */
  answer?: StoredAnswer;
}

export type Admission =
  | { kind: "run"; finish: (answer: StoredAnswer | null) => void }
  | { kind: "replay"; answer: StoredAnswer }
  | { kind: "refuse"; error: StripeApiError };

export class IdempotencyKeys {
  private entries = new Map<string, Entry>();

  /** Decides what a request carrying `key` does; "run" must be followed by `finish` exactly once. */
  admit(key: string, method: string, path: string, fingerprint: string): Admission {
    const entry = this.entries.get(key);
    if (!entry) {
      const fresh: Entry = { method, path, fingerprint };
      this.entries.set(key, fresh);
      return {
        kind: "run",
        finish: (answer) => {
          if (answer) fresh.answer = answer;
          else if (this.entries.get(key) === fresh) this.entries.delete(key);
        },
      };
    }
    if (!entry.answer) {
      return {
        kind: "refuse",
        error: new StripeApiError(409, {
          type: "idempotency_error",
          code: "idempotency_key_in_use",
          message: `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
        }),
      };
    }
    if (entry.method !== method || entry.path !== path || entry.fingerprint !== fingerprint) {
      return {
        kind: "refuse",
        error: new StripeApiError(400, {
          type: "idempotency_error",
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        }),
      };
    }
    return { kind: "replay", answer: entry.answer };
  }

  reset(): void {
    this.entries.clear();
  }
}
