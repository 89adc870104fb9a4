/**
 * Cross-site attacks (issue 22): writes forged from another site's page, hostile return addresses,
 * short links and unsubscribe links that try to leave the site or change someone's settings, and
 * the security headers on a sample of every kind of answer.
 */
import { createHmac, randomUUID } from "node:crypto";
import { AUTH_SECRET } from "../environment";
import type { Answer, CallOptions, Tally } from "../harness";
import type { Group, GroupContext } from "./index";

const PASSWORD = "Harvest2026!";
const EVIL = "evil.example";

/** How a forged request is dressed: its Origin and fetch metadata, and how the body is encoded. */
type Forgery = {
  label: string;
  origin: string | null;
  headers?: Record<string, string>;
  encoding: "json" | "text" | "form" | "none" | "multipart";
};

/** 26 ways another site's page (or a confused client) sends a write; each must be refused. */
function forgeries(base: string): Forgery[] {
  const { port } = new URL(base);
  const foreign = [
    `https://${EVIL}`,
    "null",
    `http://127.0.0.1.${EVIL}`,
    `http://127.0.0.1.${EVIL}:${port}`,
    `http://127.0.0.1:${Number(port) + 1}`,
    `https://127.0.0.1:${port}`,
    `http://localhost:${port}`,
    `http://127.0.0.1:${port}@${EVIL}`,
    `http://127.0.0.1:${port}.${EVIL}`,
    `HTTPS://${EVIL.toUpperCase()}`,
    `https://${EVIL}/${base}`,
    `http://[::1]:${port}`,
    "file://",
    "chrome-extension://abcdefghijklmnop",
    "*",
  ].map((origin): Forgery => ({ label: `Origin ${origin}`, origin, encoding: "json" }));
  return [
    ...foreign,
    {
      label: "Sec-Fetch-Site cross-site, no Origin",
      origin: null,
      headers: { "sec-fetch-site": "cross-site" },
      encoding: "json",
    },
    {
      label: "Sec-Fetch-Site same-site, no Origin",
      origin: null,
      headers: { "sec-fetch-site": "same-site" },
      encoding: "json",
    },
    {
      label: "foreign Origin and Sec-Fetch-Site cross-site",
      origin: `https://${EVIL}`,
      headers: { "sec-fetch-site": "cross-site" },
      encoding: "json",
    },
    { label: "JSON as text/plain, foreign Origin", origin: `https://${EVIL}`, encoding: "text" },
    { label: "a form, foreign Origin", origin: `https://${EVIL}`, encoding: "form" },
    { label: "no content type, foreign Origin", origin: `https://${EVIL}`, encoding: "none" },
    { label: "JSON as text/plain, no Origin", origin: null, encoding: "text" },
    { label: "a form, no Origin", origin: null, encoding: "form" },
    { label: "no content type, no Origin", origin: null, encoding: "none" },
    { label: "multipart, no Origin", origin: null, encoding: "multipart" },
    {
      label: "a foreign Referer, no Origin",
      origin: null,
      headers: { referer: `https://${EVIL}/` },
      encoding: "text",
    },
  ];
}

function dress(forgery: Forgery, body: Record<string, unknown>): CallOptions {
  const text = JSON.stringify(body);
  const flat = Object.entries(body).map(([key, value]) => [key, String(value)]);
  const options: CallOptions = { origin: forgery.origin, headers: forgery.headers ?? {} };
  switch (forgery.encoding) {
    case "json":
      return { ...options, body };
    case "text":
      return { ...options, body: text, contentType: "text/plain" };
    case "form":
      return {
        ...options,
        body: new URLSearchParams(flat).toString(),
        contentType: "application/x-www-form-urlencoded",
      };
    case "none":
      return { ...options, body: new TextEncoder().encode(text), contentType: null };
    case "multipart": {
      const form = new FormData();
      for (const [key, value] of flat) form.append(key!, value!);
      return { ...options, body: form };
    }
  }
}

/** A state-changing call, and what it would change (read back from the database). */
type Target = {
  name: string;
  path: string;
  method?: string;
  body: Record<string, unknown>;
  cookies?: Map<string, string>;
  state: () => Promise<unknown>;
};

async function crossOriginWrites({ app, env, tally }: GroupContext): Promise<void> {
  const one = async <T>(text: string, values: unknown[] = []) =>
    (await env.sql<Record<string, T>>(text, values))[0];
  const memberId = async (username: string) =>
    (await one<number>("select id from members where username = $1", [username]))!.id!;
  const demo = await memberId("demo_customer");
  const ethan = await one<string>("select id, email from members where username = 'ethan_brooks'");
  const product = await one<string>(
    "select id, p_key from products where status = 'active' and in_stock order by id limit 1",
  );
  const customer = await app.signIn("demo_customer", PASSWORD);
  const mailsTo = (email: string) => env.mails.filter((m) => m.to.includes(email)).length;

  const signedOut: Target[] = [
    {
      name: "register",
      path: "/api/users/register",
      body: {
        username: "forged_signup",
        firstName: "Mia",
        lastName: "Roy",
        phone: "(647) 555-0101",
        country: "CA",
        email: "forged_signup@example.com",
        password: "Fresh-Carrots-2026!",
        cPassword: "Fresh-Carrots-2026!",
      },
      state: () => env.sql("select id from members where username = 'forged_signup'"),
    },
    {
      name: "forgotPassword",
      path: "/api/users/forgotPassword",
      body: { email: ethan!.email },
      state: async () => [
        await env.sql("select id from password_reset_tokens where member_id = $1", [ethan!.id]),
        mailsTo(String(ethan!.email)),
      ],
    },
    {
      name: "login",
      path: "/api/users/login",
      body: { login: "ethan_brooks", password: PASSWORD },
      state: () =>
        env.sql("select count(*)::int as n from security_accesses where member_id = $1", [
          ethan!.id,
        ]),
    },
    {
      name: "visitor cart add",
      path: "/api/cart",
      body: { pKey: product!.p_key, qty: 1 },
      state: async () => null,
    },
  ];
  const signedIn: Target[] = [
    {
      name: "cart add",
      path: "/api/cart",
      body: { pKey: product!.p_key, qty: 3 },
      state: () =>
        env.sql("select product_id, qty from cart_items where member_id = $1 order by id", [demo]),
    },
    {
      name: "cart remove",
      path: `/api/cart/${product!.p_key}`,
      method: "DELETE",
      body: {},
      state: () =>
        env.sql("select product_id, qty from cart_items where member_id = $1 order by id", [demo]),
    },
    {
      name: "review",
      path: "/api/reviews",
      body: { productId: Number(product!.id), score: 1, reviewContent: "Forged from another site" },
      state: () => env.sql("select * from reviews where member_id = $1 order by id", [demo]),
    },
    {
      name: "profile",
      path: "/api/profile",
      body: { firstName: "Forged", lastName: "Name", phone: "4165550100", country: "CA" },
      state: () =>
        env.sql("select first_name, last_name, phone, updated_at from members where id = $1", [
          demo,
        ]),
    },
    {
      name: "message a farm",
      path: "/api/messages/farmers",
      body: { prodId: Number(product!.id), message: "Forged from another site" },
      state: () => env.sql("select count(*)::int as n from messages"),
    },
    {
      name: "logout",
      path: "/api/users/logout",
      body: {},
      state: () => env.sql("select session_version from members where id = $1", [demo]),
    },
  ];

  for (const [target, cookies] of [
    ...signedOut.map((t) => [t, undefined] as const),
    ...signedIn.map((t) => [t, customer] as const),
  ]) {
    const before = JSON.stringify(await target.state());
    for (const forgery of forgeries(app.base)) {
      const label = `${cookies ? "signed in" : "signed out"} ${target.name}, ${forgery.label}`;
      const answer = await app.call(target.path, {
        method: target.method ?? "POST",
        cookies,
        ...dress(forgery, target.body),
      });
      tally.inspect(label, answer);
      const sessionCookie = [...answer.setCookies.keys()].some((name) =>
        /token|session|cart_/i.test(name),
      );
      tally.attempt(
        label,
        (answer.status === 403 || answer.status === 415) && !sessionCookie,
        `${answer.status} ${answer.text.slice(0, 120)}`,
      );
    }
    const after = JSON.stringify(await target.state());
    tally.expect(
      `${target.name}: nothing changed by the forged writes`,
      before === after,
      `${before} -> ${after}`,
    );
  }

  // The same calls from the site itself go through, so the refusals above are not an accident
  // (signed in afresh: a forged logout that got through would have ended the first session).
  const owner = await app.signIn("demo_customer", PASSWORD);
  const added = await app.call("/api/cart", {
    body: { pKey: product!.p_key, qty: 1 },
    cookies: owner,
  });
  tally.inspect("cart add from the site", added);
  tally.expect(
    "cart add from the site is accepted",
    added.status === 200,
    `${added.status} ${added.text.slice(0, 120)}`,
  );
  const removed = await app.call(`/api/cart/${product!.p_key}`, {
    method: "DELETE",
    cookies: owner,
  });
  tally.inspect("cart remove from the site", removed);
  tally.expect(
    "cart remove from the site is accepted",
    removed.status === 200,
    `${removed.status}`,
  );
  const login = await app.call("/api/users/login", {
    body: { login: "ethan_brooks", password: PASSWORD },
  });
  tally.inspect("login from the site", login);
  tally.expect(
    "login from the site is accepted",
    login.status === 200,
    `${login.status} ${login.text.slice(0, 120)}`,
  );
}

/** Return addresses that try to send a signed-in member to another site. */
function hostileReturns(base: string): string[] {
  const { host } = new URL(base);
  return [
    `//${EVIL}`,
    `///${EVIL}`,
    `////${EVIL}/path`,
    `/\\${EVIL}`,
    `\\\\${EVIL}`,
    `/\\/${EVIL}`,
    `https:${EVIL}`,
    `https://${EVIL}`,
    `http:/\\/${EVIL}`,
    `HTTPS://${EVIL.toUpperCase()}/`,
    "javascript:alert(1)",
    "JavaScript:alert(document.cookie)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    `/%2F%2F${EVIL}`,
    `%2F%2F${EVIL}`,
    `/%5C${EVIL}`,
    `/%09/${EVIL}`,
    `/\t/${EVIL}`,
    `/\r\nLocation: https://${EVIL}`,
    `/%0d%0aSet-Cookie:%20pwned=1`,
    `//${EVIL}@${host}`,
    `http://${host}@${EVIL}`,
    `http://${host}.${EVIL}/`,
    `/.//${EVIL}`,
    `/..//${EVIL}`,
    `@${EVIL}`,
    `\u2215\u2215${EVIL}`,
    `\u3031${EVIL}`,
    `https://${EVIL}/${base}`,
  ];
}

/** Where a Location (or a JSON url) would take a browser, or null when it stays on `base`. */
function offSite(value: string | null | undefined, base: string): string | null {
  if (!value) return null;
  if (/[\u0000-\u001f\\]/.test(value)) return value;
  try {
    const url = new URL(value, base);
    return url.origin === new URL(base).origin ? null : url.href;
  } catch {
    return value;
  }
}

function checkStaysOnSite(tally: Tally, label: string, answer: Answer, base: string): void {
  tally.inspect(label, answer);
  const location = answer.headers.get("location");
  const jsonUrl = (answer.json as { url?: unknown } | undefined)?.url;
  const leaves =
    offSite(location, base) ?? (typeof jsonUrl === "string" ? offSite(jsonUrl, base) : null);
  const callbackCookie = [...answer.setCookies].find(([name]) =>
    name.includes("callback-url"),
  )?.[1];
  const cookieLeaves = callbackCookie ? offSite(decodeURIComponent(callbackCookie), base) : null;
  tally.attempt(
    label,
    answer.status < 500 && leaves === null && cookieLeaves === null,
    `${answer.status} to ${leaves ?? cookieLeaves}`,
  );
}

async function redirects({ app, tally }: GroupContext): Promise<void> {
  const customer = await app.signIn("demo_customer", PASSWORD);
  const farm = await app.signIn("maple_ridge_farm", PASSWORD);
  const csrf = await app.call("/api/auth/csrf");
  tally.inspect("next-auth csrf", csrf);
  const csrfToken = String((csrf.json as { csrfToken?: unknown } | undefined)?.csrfToken ?? "");
  for (const value of hostileReturns(app.base)) {
    const q = (name: string) => `${name}=${encodeURIComponent(value)}`;
    // Also sent undecoded, so an encoded trick reaches the server as the attacker wrote it.
    const raw = (name: string) => `${name}=${value.replace(/[\s#&]/g, encodeURIComponent)}`;
    const shown = JSON.stringify(value);
    for (const [label, path, cookies] of [
      [`continue redirectTo=${shown}`, `/login/continue?${q("redirectTo")}`, customer],
      [`continue redirectTo=${shown} (raw)`, `/login/continue?${raw("redirectTo")}`, customer],
      [`continue redirect=${shown}`, `/login/continue?${q("redirect")}`, customer],
      [`continue redirect=${shown} (farm)`, `/login/continue?${q("redirect")}`, farm],
      [`login page redirectTo=${shown}`, `/login?${q("redirectTo")}`, undefined],
      [`next-auth signin callbackUrl=${shown}`, `/api/auth/signin?${q("callbackUrl")}`, undefined],
      [`protected page ?next=${shown}`, `/profile?${q("next")}`, undefined],
    ] as const) {
      checkStaysOnSite(tally, label, await app.call(path, { cookies }), app.base);
    }
    const signOut = await app.call("/api/auth/signout", {
      body: new URLSearchParams({ csrfToken, callbackUrl: value, json: "true" }).toString(),
      contentType: "application/x-www-form-urlencoded",
      cookies: csrf.setCookies,
    });
    checkStaysOnSite(tally, `next-auth signout callbackUrl=${shown}`, signOut, app.base);
  }
  // A forged forwarding header must not make the app build its own redirects on another host.
  for (const headers of [
    { "x-forwarded-host": EVIL } as Record<string, string>,
    { "x-forwarded-proto": "https", "x-forwarded-host": EVIL },
    { forwarded: `host=${EVIL}` },
  ]) {
    const label = `protected page with ${JSON.stringify(headers)}`;
    checkStaysOnSite(tally, label, await app.call("/profile", { headers }), app.base);
  }
  // The owner still gets where they asked to go.
  const back = await app.call("/login/continue?redirectTo=%2Fcart", { cookies: customer });
  tally.inspect("continue to /cart", back);
  tally.expect(
    "continue to a page of the site is followed",
    back.headers.get("location") === "/cart",
    `${back.status} ${back.headers.get("location")}`,
  );
}

async function shortLinks({ app, env, tally }: GroupContext): Promise<void> {
  await env.sql("delete from rate_limit_buckets");
  // Rows that somehow hold an off-site address: the answer checks the stored path on the way out.
  const stored: [string, string][] = [
    ["evilAbsolute01", `https://${EVIL}/`],
    ["evilProtoRel01", `//${EVIL}`],
    ["evilBackslash1", `/\\${EVIL}`],
    ["evilScript0001", "javascript:alert(1)"],
    ["evilEncoded001", `/%2F%2F${EVIL}`],
    ["evilEncoded002", `/%5C${EVIL}`],
    ["evilTab0000001", `/\t/${EVIL}`],
    ["goodPath000001", "/products"],
  ];
  for (const [code, url] of stored)
    await env.sql(
      "insert into short_links (code, original_url) values ($1, $2) on conflict do nothing",
      [code, url],
    );

  const getOriginal = async (label: string, body: unknown, options: CallOptions = {}) => {
    const answer = await app.call("/api/links/getOriginal", { body, ...options });
    tally.inspect(label, answer);
    return answer;
  };
  for (const [code] of stored.slice(0, -1)) {
    const answer = await getOriginal(`stored ${code}`, { shortUrl: code });
    const url = (answer.json as { originalUrl?: unknown } | undefined)?.originalUrl;
    tally.attempt(
      `stored off-site ${code}`,
      answer.status < 500 &&
        (url === "" || answer.status >= 400) &&
        offSite(String(url), app.base) === null,
      `${answer.status} ${answer.text.slice(0, 120)}`,
    );
  }
  const good = await getOriginal("stored good path", { shortUrl: "goodPath000001" });
  tally.expect(
    "a short link to a page of the site is answered",
    (good.json as { originalUrl?: unknown })?.originalUrl === `${app.base}/products`,
    good.text.slice(0, 160),
  );

  const junkCodes = [
    EVIL,
    `//${EVIL}`,
    `https://${EVIL}`,
    "../../etc/passwd",
    "..%2F..%2Fetc%2Fpasswd",
    "%00",
    "\u0000abcdefghijk",
    "' or '1'='1",
    "abcdefghij' OR 1=1 --",
    "<script>alert(1)</script>",
    "a".repeat(65),
    "a".repeat(200),
    "short",
    "",
    " ",
    "evilAbsolute01 ",
    "EVILABSOLUTE01",
    "evil%41bsolute01",
    "\u202eevilAbsolute01",
    "goodPath000001\r\nX: 1",
    "%E0%A4%A",
  ];
  for (const code of junkCodes) {
    const answer = await getOriginal(`getOriginal ${JSON.stringify(code.slice(0, 40))}`, {
      shortUrl: code,
    });
    const url = (answer.json as { originalUrl?: unknown } | undefined)?.originalUrl;
    tally.attempt(
      `short link code ${JSON.stringify(code.slice(0, 40))}`,
      answer.status >= 400 && answer.status < 500 ? true : answer.status === 200 && url === "",
      `${answer.status} ${answer.text.slice(0, 120)}`,
    );
  }
  const junkBodies: [string, unknown, CallOptions?][] = [
    ["a number", { shortUrl: 12345678901 }],
    ["null", { shortUrl: null }],
    ["no field", {}],
    ["an array", { shortUrl: ["goodPath000001"] }],
    ["an operator object", { shortUrl: { $ne: "" } }],
    ["a top-level array", [{ shortUrl: "goodPath000001" }]],
    ["a JSON string", '"goodPath000001"', { contentType: "application/json" }],
    ["10 000 characters", { shortUrl: "a".repeat(10_000) }],
    ["broken JSON", '{"shortUrl": ', { contentType: "application/json" }],
    ["text/plain", JSON.stringify({ shortUrl: "goodPath000001" }), { contentType: "text/plain" }],
  ];
  for (const [label, body, options] of junkBodies) {
    const answer = await getOriginal(`getOriginal ${label}`, body, options);
    tally.attempt(
      `getOriginal body ${label}`,
      answer.status >= 400 && answer.status < 500,
      `${answer.status} ${answer.text.slice(0, 120)}`,
    );
  }
  // The page of a junk code: no redirect off the site, and the code is never echoed as markup.
  for (const code of [...junkCodes.slice(0, 12), "evilAbsolute01", "evilProtoRel01"]) {
    const path = `/shortLink/${encodeURIComponent(code) || "%20"}`;
    const answer = await app.call(path);
    checkStaysOnSite(
      tally,
      `short link page ${JSON.stringify(code.slice(0, 40))}`,
      answer,
      app.base,
    );
    tally.expect(
      `short link page ${JSON.stringify(code.slice(0, 40))} echoes no markup`,
      !answer.text.includes("<script>alert(1)"),
    );
  }
}

/** Unsubscribe links as the app signs them (server/notifications/sign.ts). */
function signLink(type: string, userKey: string, secret = AUTH_SECRET): string {
  const key = createHmac("sha256", secret).update("notification-links:v1").digest();
  return createHmac("sha256", key).update(`${type}:${userKey}`).digest("base64url");
}

async function unsubscribeLinks({ app, env, tally }: GroupContext): Promise<void> {
  const keyOf = async (username: string) =>
    String(
      (
        await env.sql<{ user_key: string }>("select user_key from members where username = $1", [
          username,
        ])
      )[0]!.user_key,
    );
  const demo = await keyOf("demo_customer");
  const ethan = await keyOf("ethan_brooks");
  const preferences = () =>
    env.sql(
      "select m.username, p.type, p.allowed from notification_preferences p join members m on m.id = p.member_id where m.username in ('demo_customer', 'ethan_brooks') order by 1, 2",
    );
  const good = signLink("promotion", demo);
  const flip = (sig: string, at: number) =>
    sig.slice(0, at) + (sig[at] === "A" ? "B" : "A") + sig.slice(at + 1);
  const forged: [string, string, string, string][] = [
    ["no signature", "promotion", demo, ""],
    ["a random signature", "promotion", demo, "A".repeat(43)],
    ["another type's signature", "promotion", demo, signLink("order", demo)],
    ["another member's signature", "promotion", demo, signLink("promotion", ethan)],
    ["another member's id with this signature", "promotion", ethan, good],
    ["one character changed", "promotion", demo, flip(good, 10)],
    ["the last character changed", "promotion", demo, flip(good, 42)],
    ["cut short", "promotion", demo, good.slice(0, 40)],
    ["padded", "promotion", demo, `${good}=`],
    ["longer", "promotion", demo, `${good}AAAA`],
    ["in hex", "promotion", demo, Buffer.from(good, "base64url").toString("hex")],
    ["in standard base64", "promotion", demo, Buffer.from(good, "base64url").toString("base64")],
    [
      "signed with another secret",
      "promotion",
      demo,
      signLink("promotion", demo, "another-secret-another-secret-0000"),
    ],
    [
      "signed with the secret itself",
      "promotion",
      demo,
      createHmac("sha256", AUTH_SECRET).update(`promotion:${demo}`).digest("base64url"),
    ],
    ["the id in upper case", "promotion", demo.toUpperCase(), good],
    ["an unknown type", "all", demo, signLink("all", demo)],
    ["a type in capitals", "PROMOTION", demo, signLink("PROMOTION", demo)],
    ["a type with a space", "promotion ", demo, good],
    ["a numeric id", "promotion", "1", signLink("promotion", "1")],
    ["an SQL id", "promotion", "' or 1=1 --", signLink("promotion", "' or 1=1 --")],
    ["a path id", "promotion", "../../admin", good],
    ["a member that does not exist (valid signature)", "promotion", randomUUID(), ""],
    ["NUL in the signature", "promotion", demo, `${good.slice(0, 20)}\u0000${good.slice(21)}`],
    ["an empty id", "promotion", "", good],
    ["the signature twice", "promotion", demo, `${flip(good, 3)}&sig=${good}`],
  ];
  const before = JSON.stringify(await preferences());
  for (const [label, type, userId, given] of forged) {
    const sig = label.startsWith("a member that does not exist") ? signLink(type, userId) : given;
    const oneClick = await app.call(
      `/api/notifications/unsubscribe/${encodeURIComponent(type) || "%20"}/${encodeURIComponent(userId) || "%20"}?sig=${label === "the signature twice" ? sig : encodeURIComponent(sig)}`,
      {
        body: "List-Unsubscribe=One-Click",
        contentType: "application/x-www-form-urlencoded",
        origin: null,
      },
    );
    tally.inspect(`one-click unsubscribe, ${label}`, oneClick);
    tally.attempt(
      `one-click unsubscribe, ${label}`,
      oneClick.status >= 400 && oneClick.status < 500,
      `${oneClick.status} ${oneClick.text.slice(0, 120)}`,
    );
    for (const call of ["unsubscribe", "subscribe"]) {
      const answer = await app.call(`/api/notifications/${call}`, { body: { type, userId, sig } });
      tally.inspect(`${call} page call, ${label}`, answer);
      tally.attempt(
        `${call} page call, ${label}`,
        answer.status >= 400 && answer.status < 500,
        `${answer.status} ${answer.text.slice(0, 120)}`,
      );
    }
  }
  for (const [label, body] of [
    ["a signature array", { type: "promotion", userId: demo, sig: [good] }],
    ["a signature object", { type: "promotion", userId: demo, sig: { $ne: "" } }],
    ["a type array", { type: ["promotion"], userId: demo, sig: good }],
  ] as const) {
    const answer = await app.call("/api/notifications/unsubscribe", { body });
    tally.inspect(`unsubscribe page call, ${label}`, answer);
    tally.attempt(
      `unsubscribe page call, ${label}`,
      answer.status >= 400 && answer.status < 500,
      `${answer.status}`,
    );
  }
  const after = JSON.stringify(await preferences());
  tally.expect(
    "forged unsubscribe links changed no setting",
    before === after,
    `${before} -> ${after}`,
  );

  // The real link works, and so does subscribing back: the refusals above are the signature's doing.
  const real = await app.call(`/api/notifications/unsubscribe/promotion/${demo}?sig=${good}`, {
    body: "List-Unsubscribe=One-Click",
    contentType: "application/x-www-form-urlencoded",
    origin: null,
  });
  tally.inspect("one-click unsubscribe, the real link", real);
  const off = await env.sql(
    "select allowed from notification_preferences p join members m on m.id = p.member_id where m.username = 'demo_customer' and p.type = 'promotion'",
  );
  tally.expect(
    "the real one-click link unsubscribes",
    real.status === 200 && off[0]?.allowed === false,
    `${real.status} ${JSON.stringify(off)}`,
  );
  const backOn = await app.call("/api/notifications/subscribe", {
    body: { type: "promotion", userId: demo, sig: good },
  });
  tally.inspect("subscribe back, the real link", backOn);
  tally.expect("the real link subscribes back", backOn.status === 200, `${backOn.status}`);
  const redirect = await app.call(
    `/api/notifications/unsubscribe/promotion/${demo}?sig=${encodeURIComponent(`//${EVIL}`)}`,
  );
  checkStaysOnSite(tally, "unsubscribe GET with a hostile sig", redirect, app.base);
}

/** A sample of every kind of answer: each passes `inspect`, which checks the security headers. */
async function securityHeaders({ app, env, tally }: GroupContext): Promise<void> {
  const home = await app.call("/");
  // A stylesheet, not a script: the framework's bundles quote its docs' URLs ("/app/api-...") and
  // its own placeholder paths, which the leak check would read as file paths.
  const stylesheet = /href="(\/_next\/static\/[^"]+\.css)"/.exec(home.text)?.[1];
  const image = (
    await env.sql<{ image: string }>("select image from products where image is not null limit 1")
  )[0]?.image;
  const paths = [
    "/login",
    "/stores/maple_ridge_farm",
    "/products",
    "/api/health",
    "/api/cart",
    "/api/openapi.json",
    "/no-such-page",
    "/api/no-such-call",
    "/api/profile",
    "/robots.txt",
    "/favicon.ico",
    "/uploads/no-such-image-lg.webp",
    "/uploads/%E0%A4%A",
    ...(stylesheet ? [stylesheet] : []),
    ...(image ? [`/uploads/${image}-sm.webp`] : []),
  ];
  const answers: [string, Answer][] = [["/", home]];
  for (const path of paths) answers.push([path, await app.call(path)]);
  answers.push([
    "bad JSON",
    await app.call("/api/users/login", { body: "{", contentType: "application/json" }),
  ]);
  answers.push(["wrong method", await app.call("/api/health", { method: "DELETE" })]);
  for (const [label, answer] of answers) {
    tally.inspect(`headers of ${label}`, answer);
    const policy = answer.headers.get("content-security-policy") ?? "";
    tally.expect(
      `${label}: frame-ancestors in the CSP`,
      policy.includes("frame-ancestors"),
      policy.slice(0, 80),
    );
    tally.expect(`${label}: no X-Powered-By`, !answer.headers.has("x-powered-by"));
    tally.expect(`${label}: HSTS`, answer.headers.has("strict-transport-security"));
  }
  tally.expect("a stylesheet was found on the home page to sample", Boolean(stylesheet));
}

export const crossSite: Group = {
  name: "cross-site",
  async run(context) {
    await crossOriginWrites(context);
    await redirects(context);
    await shortLinks(context);
    await unsubscribeLinks(context);
    await securityHeaders(context);
  },
};
