import "server-only";
import { COOKIE_NAMES, QUANTITY_MAX, QUANTITY_MIN } from "@/lib/constants";
import type { CartKind } from "@/lib/cart/types";
import { isSecureCookieEnv } from "@/server/auth/token";
import { parseCookieHeader, type CookieEntry } from "@/server/base/cookie-header";

/** A visitor's items last 30 days from the last change. */
export const VISITOR_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

const PREFIX: Record<CartKind, string> = {
  cart: COOKIE_NAMES.cartPrefix,
  dreamtracker: COOKIE_NAMES.dreamtrackerPrefix,
};

/** Product keys are random hex; anything else in a cookie name is not ours to read. */
const P_KEY_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function isPKeyShape(value: string): boolean {
  return P_KEY_PATTERN.test(value);
}

export function visitorCookieName(kind: CartKind, pKey: string): string {
  return `${PREFIX[kind]}${pKey}`;
}

export type { CookieEntry };

export type VisitorCookieOptions = {
  path: "/";
  maxAge: number;
  sameSite: "lax";
  httpOnly: true;
  secure: boolean;
};

/** What both `cookies()` of next/headers and `NextResponse#cookies` offer. */
export type CookieSink = {
  set(name: string, value: string, options: VisitorCookieOptions): unknown;
};

function cookieOptions(maxAge: number): VisitorCookieOptions {
  return { path: "/", maxAge, sameSite: "lax", httpOnly: true, secure: isSecureCookieEnv() };
}

function parseQty(value: string): number | null {
  if (!/^\d{1,6}$/.test(value.trim())) return null;
  const qty = Number(value);
  // An edited cookie cannot smuggle a quantity outside the rules in.
  return Math.min(QUANTITY_MAX, Math.max(QUANTITY_MIN, qty));
}

/**
 * A visitor's cart and dream tracker, read from the request's `cart_{pKey}` and
 * `dreamtracker_{pKey}` cookies (value = quantity). Services change it like a store; the changes
 * are written back to the response with `writeTo`. The cookies are httpOnly: the server reads
 * and validates them on every call, the browser only carries them.
 */
export class VisitorCookies {
  private readonly items: Record<CartKind, Map<string, number>> = {
    cart: new Map(),
    dreamtracker: new Map(),
  };
  private readonly changes = new Map<string, string | null>();

  private constructor(entries: readonly CookieEntry[]) {
    for (const { name, value } of entries) {
      for (const kind of ["cart", "dreamtracker"] as const) {
        if (!name.startsWith(PREFIX[kind])) continue;
        const pKey = name.slice(PREFIX[kind].length);
        const qty = parseQty(value);
        // A malformed entry is dropped at the next write, so it never sticks around.
        if (!isPKeyShape(pKey) || qty === null) this.changes.set(name, null);
        else this.items[kind].set(pKey, qty);
      }
    }
  }

  static fromEntries(entries: readonly CookieEntry[]): VisitorCookies {
    return new VisitorCookies(entries);
  }

  static fromRequest(req: Request): VisitorCookies {
    return new VisitorCookies(parseCookieHeader(req.headers.get("cookie")));
  }

  /** pKey -> qty, in the order the cookies came. */
  entries(kind: CartKind): ReadonlyMap<string, number> {
    return this.items[kind];
  }

  get(kind: CartKind, pKey: string): number | undefined {
    return this.items[kind].get(pKey);
  }

  size(kind: CartKind): number {
    return this.items[kind].size;
  }

  set(kind: CartKind, pKey: string, qty: number): void {
    this.items[kind].set(pKey, qty);
    this.changes.set(visitorCookieName(kind, pKey), String(qty));
  }

  delete(kind: CartKind, pKey: string): void {
    this.items[kind].delete(pKey);
    this.changes.set(visitorCookieName(kind, pKey), null);
  }

  /** Forgets every item of both kinds (after they were merged into a member's). */
  clear(): void {
    for (const kind of ["cart", "dreamtracker"] as const) {
      for (const pKey of [...this.items[kind].keys()]) this.delete(kind, pKey);
    }
  }

  get hasChanges(): boolean {
    return this.changes.size > 0;
  }

  /** Sets the changed cookies (a fresh 30 days) and expires the removed ones. */
  writeTo(sink: CookieSink): void {
    for (const [name, value] of this.changes) {
      if (value === null) sink.set(name, "", cookieOptions(0));
      else sink.set(name, value, cookieOptions(VISITOR_COOKIE_MAX_AGE_SECONDS));
    }
    this.changes.clear();
  }
}
