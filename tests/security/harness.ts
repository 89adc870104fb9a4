/**
 * The attack suite's tools (issue 22): a client that speaks to the running app as an attacker or a
 * member would, and the tally each group keeps. Every answer a group reads goes through `inspect`,
 * which counts a 5xx, a leak (a stack trace, SQL, a file path or a secret in the body) and a
 * missing security header, whatever the group itself expected.
 */

import { DEMO_ADMIN_TOTP_SECRET, TotpCodes } from "@/tests/totp";

export type Answer = {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
  /** `name=value` pairs of the cookies the answer set, for the next call. */
  setCookies: Map<string, string>;
  ms: number;
};

/** What an answer must never contain. */
const LEAKS: readonly [string, RegExp][] = [
  ["stack trace", /\n\s+at [\w$.<>]+ \(|at async [\w$.]+|node:internal|webpack-internal/],
  [
    "SQL",
    /\b(?:select|insert|update|delete)\b[^"]{0,80}\b(?:from|into|set|where)\b.*\$\d|Failed query|syntax error at or near|violates (?:unique|foreign key|not-null|check) constraint|relation "\w+"/i,
  ],
  ["file path", /\/(?:work|home|tmp|usr|var|app)\/[\w.-]+\/|\.next\/server|node_modules\//],
  ["secret", /sk_(?:test|live)_[A-Za-z0-9]{6,}|whsec_[A-Za-z0-9]{6,}|NEXTAUTH_SECRET|\$argon2/],
];

const REQUIRED_HEADERS = ["x-content-type-options", "content-security-policy", "x-frame-options"];

export class Tally {
  tried = 0;
  refused = 0;
  leaked = 0;
  serverErrors = 0;
  readonly failures: string[] = [];

  constructor(readonly group: string) {}

  /** Counts an attempt that must be refused; `refused` says whether it was. */
  attempt(name: string, refused: boolean, detail = ""): void {
    this.tried += 1;
    if (refused) this.refused += 1;
    else this.fail(`${name}: not refused${detail ? ` (${detail})` : ""}`);
  }

  /** A check that is not an attack (the owner still gets in, a header is there). */
  expect(name: string, ok: boolean, detail = ""): void {
    if (!ok) this.fail(`${name}${detail ? `: ${detail}` : ""}`);
  }

  fail(message: string): void {
    if (this.failures.length < 40) this.failures.push(message);
    else if (this.failures.length === 40) this.failures.push("... more failures left out");
  }

  /** Every answer passes here: 5xx, leaks and missing security headers are failures. */
  inspect(label: string, answer: Answer): void {
    if (answer.status >= 500) {
      this.serverErrors += 1;
      this.fail(`${label}: ${answer.status} ${answer.text.slice(0, 160)}`);
    }
    for (const [kind, pattern] of LEAKS) {
      if (pattern.test(answer.text)) {
        this.leaked += 1;
        this.fail(`${label}: ${kind} in the answer: ${answer.text.slice(0, 200)}`);
      }
    }
    const missing = REQUIRED_HEADERS.filter((name) => !answer.headers.get(name));
    if (missing.length) this.fail(`${label}: ${answer.status} without ${missing.join(", ")}`);
  }

  get ok(): boolean {
    return this.failures.length === 0 && this.leaked === 0 && this.serverErrors === 0;
  }
}

export type CallOptions = {
  method?: string;
  /** A value to send as JSON, or a raw string / FormData / bytes sent as they are. */
  body?: unknown;
  contentType?: string | null;
  cookies?: Map<string, string> | string;
  origin?: string | null;
  headers?: Record<string, string>;
  redirect?: "manual" | "follow";
};

/** The running app, as a client sees it. */
export class App {
  constructor(readonly base: string) {}

  async call(path: string, options: CallOptions = {}): Promise<Answer> {
    const { body } = options;
    const method = options.method ?? (body === undefined ? "GET" : "POST");
    const headers: Record<string, string> = { ...options.headers };
    let payload: BodyInit | undefined;
    if (body instanceof FormData || body instanceof Uint8Array || typeof body === "string") {
      payload = body as BodyInit;
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers["content-type"] = "application/json";
    }
    if (options.contentType === null) delete headers["content-type"];
    else if (options.contentType) headers["content-type"] = options.contentType;
    // Writes say they come from the site itself, as a browser's do, unless the test says otherwise.
    const origin = options.origin === undefined ? this.base : options.origin;
    if (origin !== null && method !== "GET" && method !== "HEAD") headers.origin = origin;
    if (options.cookies) headers.cookie = cookieHeader(options.cookies);
    const started = performance.now();
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers,
      body: payload,
      redirect: options.redirect ?? "manual",
    });
    const text = await response.text();
    const ms = performance.now() - started;
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    const setCookies = new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(";")[0]!;
      const at = pair.indexOf("=");
      setCookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return { status: response.status, headers: response.headers, text, json, setCookies, ms };
  }

  private readonly kept = new Map<string, Map<string, string>>();

  /**
   * A session of `login` kept across calls: signed in again only when the last one ended (a
   * hostile value may log out or change a password). The admin's sign-ins need a code, and a code
   * is one per 30 seconds (decision 0053), so a group that needs many sessions uses this.
   */
  async keptSignIn(login: string, password: string): Promise<Map<string, string>> {
    const cookies = this.kept.get(login);
    if (cookies && (await this.call("/api/settings/secondFactor", { cookies })).status === 200)
      return cookies;
    const fresh = await this.signIn(login, password);
    this.kept.set(login, fresh);
    return fresh;
  }

  /** Signs in through the API and answers the session cookies (plus the device cookie). */
  async signIn(login: string, password: string, device?: string): Promise<Map<string, string>> {
    // The demo admin signs in with a second factor (decision 0053), its code computed as an app would.
    const code = DEMO_ADMIN_LOGINS.has(login) ? await demoAdminCodes.next() : undefined;
    const answer = await this.call("/api/users/login", {
      body: { login, password, ...(code ? { code } : {}) },
      ...(device ? { cookies: `_device=${device}` } : {}),
    });
    if (answer.status !== 200)
      throw new Error(`sign-in as ${login}: ${answer.status} ${answer.text}`);
    return answer.setCookies;
  }
}

const DEMO_ADMIN_LOGINS = new Set(["admin", "admin@example.com"]);
const demoAdminCodes = new TotpCodes(DEMO_ADMIN_TOTP_SECRET);

export function cookieHeader(cookies: Map<string, string> | string): string {
  if (typeof cookies === "string") return cookies;
  return [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
}

export function message(answer: Answer): string | undefined {
  const body = answer.json as { message?: unknown } | undefined;
  return typeof body?.message === "string" ? body.message : undefined;
}

/**
 * Whether two answers say the same thing: their bodies without `requestId`, which every error
 * answer carries and is new on every call by design (decision 0043), so it tells nothing apart.
 */
export function sameBody(a: Answer, b: Answer): boolean {
  const withoutId = (answer: Answer) => {
    if (answer.json === undefined || answer.json === null || typeof answer.json !== "object")
      return answer.text;
    const { requestId: _requestId, ...rest } = answer.json as Record<string, unknown>;
    return JSON.stringify(rest);
  };
  return withoutId(a) === withoutId(b);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
