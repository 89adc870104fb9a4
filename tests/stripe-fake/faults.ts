/**
 * Injected failures, matched by method and path, each used up after `times` requests:
 * - "500": Stripe's api_error 500 without executing anything (nothing stored under the key);
 * - "timeout": the request is held, never executed, until the client gives up (or `holdMs` passes),
 *   then its socket is closed; nothing is stored;
 * - "lost": the request executes and its answer is stored under its idempotency key, then the socket
 *   is destroyed unanswered: done, but the client never heard.
 */

export type FaultKind = "500" | "timeout" | "lost";

export interface FaultSpec {
  /** Any method when omitted. */
  method?: string;
  /** An exact path (`/v1/payment_intents`) or a RegExp tested against the path. */
  path: string | RegExp;
  kind: FaultKind;
  times?: number;
}

interface ActiveFault {
  method?: string;
  path: string | RegExp;
  kind: FaultKind;
  remaining: number;
}

const KINDS: readonly FaultKind[] = ["500", "timeout", "lost"];

export class Faults {
  private active: ActiveFault[] = [];

  add(spec: FaultSpec): void {
    if (!KINDS.includes(spec.kind))
      throw new Error(`stripe fake: unknown fault kind ${String(spec.kind)}`);
    this.active.push({
      method: spec.method?.toUpperCase(),
      path: spec.path,
      kind: spec.kind,
      remaining: spec.times ?? 1,
    });
  }

  clear(): void {
    this.active = [];
  }

  /** The fault this request meets, if any, using one of its `times`. */
  take(method: string, path: string): FaultKind | null {
    const fault = this.active.find(
      (f) =>
        f.remaining > 0 &&
        (!f.method || f.method === method) &&
        (typeof f.path === "string" ? f.path === path : f.path.test(path)),
    );
    if (!fault) return null;
    fault.remaining -= 1;
    this.active = this.active.filter((f) => f.remaining > 0);
    return fault.kind;
  }
}

/** A fault sent as JSON to POST /_fake/faults: `path` is a RegExp source. */
export function faultFromJson(json: unknown): FaultSpec {
  const body = (json ?? {}) as Record<string, unknown>;
  if (typeof body.path !== "string") throw new Error("path (a RegExp source) is required");
  if (!KINDS.includes(body.kind as FaultKind))
    throw new Error(`kind must be one of ${KINDS.join(", ")}`);
  return {
    path: new RegExp(body.path),
    kind: body.kind as FaultKind,
    ...(typeof body.method === "string" ? { method: body.method } : {}),
    ...(typeof body.times === "number" ? { times: body.times } : {}),
  };
}
