import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// This file's site address, set before anything reads the environment.
vi.hoisted(() => {
  process.env.APP_URL = "https://market.example";
});

// Issue 22 item 5: every write, signed in or not, refuses a browser request from another site and
// a body whose content type is not the one the handler reads. The whole grid, against route().

import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import type { Db } from "@/server/db/client";
import { route } from "@/server/http/route";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import { createCustomer } from "@/server/db/seed/factories";

const SITE = "http://localhost:3000";
const APP = "https://market.example";
const FOREIGN = "https://evil.example";

let db: Db;
let cookie: string;
beforeAll(async () => {
  db = await createRouteTestDb();
  const member = await createCustomer(db);
  const token = await encodeSessionToken({
    memberId: member.id,
    sessionVersion: member.sessionVersion,
    signedInAt: nowSeconds(),
  });
  cookie = `_token=${token}`;
});
afterAll(() => closeTestDb(db));

const noParams = { params: Promise.resolve({}) };
const echoJson = route({ public: true }, async ({ req, member }) =>
  Response.json({ body: await req.json(), signedIn: member !== null }),
);

const METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;
const ORIGINS = {
  none: null,
  "this site (APP_URL)": APP,
  "the request's own": SITE,
  foreign: FOREIGN,
  null: "null",
} as const;
const FETCH_SITES = [null, "same-origin", "same-site", "cross-site"] as const;
const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  null,
] as const;

type OriginLabel = keyof typeof ORIGINS;
type Case = [
  method: string,
  origin: OriginLabel,
  fetchSite: (typeof FETCH_SITES)[number],
  contentType: (typeof CONTENT_TYPES)[number],
  signedIn: boolean,
];

/**
 * The rule, written out plainly: a browser that says another site sent the write gets 403; a
 * cookie write must in addition prove this site (no headers at all is not enough); then the body
 * must be JSON (415).
 */
function expectedStatus([, origin, fetchSite, contentType, signedIn]: Case): number {
  const ours = origin === "this site (APP_URL)" || origin === "the request's own";
  const saysForeign =
    fetchSite === "cross-site" ||
    fetchSite === "same-site" ||
    (fetchSite !== "same-origin" && (origin === "foreign" || origin === "null"));
  const provesOurs = fetchSite === "same-origin" || ours;
  if (saysForeign || (signedIn && !provesOurs)) return 403;
  if (!contentType?.startsWith("application/json")) return 415;
  return 200;
}

const cases: Case[] = METHODS.flatMap((method) =>
  (Object.keys(ORIGINS) as OriginLabel[]).flatMap((origin) =>
    FETCH_SITES.flatMap((fetchSite) =>
      CONTENT_TYPES.flatMap((contentType) =>
        [false, true].map((signedIn): Case => [method, origin, fetchSite, contentType, signedIn]),
      ),
    ),
  ),
);

describe("writes through route()", () => {
  it.each(cases)(
    "%s, Origin %s, Sec-Fetch-Site %s, Content-Type %s, signed in %s",
    async (...testCase) => {
      const [method, origin, fetchSite, contentType, signedIn] = testCase;
      // Every request a server sees names the host it was sent to; "the request's own" origin is that one.
      const headers = new Headers({ host: new URL(SITE).host });
      const originValue = ORIGINS[origin];
      if (originValue) headers.set("origin", originValue);
      if (fetchSite) headers.set("sec-fetch-site", fetchSite);
      if (contentType) headers.set("content-type", contentType);
      if (signedIn) headers.set("cookie", cookie);
      // Bytes, not a string: a string body would get text/plain from Request itself.
      const body = new TextEncoder().encode('{"a":1}');
      const res = await echoJson(new Request(`${SITE}/api/x`, { method, headers, body }), noParams);

      const status = expectedStatus(testCase);
      expect(res.status).toBe(status);
      const answer = (await res.json()) as Record<string, unknown>;
      if (status === 200) expect(answer).toEqual({ body: { a: 1 }, signedIn });
      if (status === 403) expect(answer.message).toMatch(/did not come from this site/);
      if (status === 415)
        expect(answer).toEqual({
          message: "The request body must be sent as application/json.",
          requestId: expect.any(String),
        });
    },
  );

  it("sanity: the grid holds every outcome", () => {
    const outcomes = new Set(cases.map(expectedStatus));
    expect([...outcomes].sort()).toEqual([200, 403, 415]);
  });
});

describe("what the rule leaves alone", () => {
  it("does not check reads, whatever their Origin", async () => {
    const read = route({ public: true }, () => Response.json({ ok: true }));
    const res = await read(
      new Request(`${SITE}/api/x`, {
        headers: { origin: FOREIGN, "sec-fetch-site": "cross-site" },
      }),
      noParams,
    );
    expect(res.status).toBe(200);
  });

  it("lets an empty POST through to a handler that reads no body (cancel-style calls)", async () => {
    const cancel = route({ public: true }, () => Response.json({ cancelled: true }));
    for (const init of [
      {},
      { headers: { host: new URL(SITE).host, origin: SITE } },
      { body: "{}" },
    ]) {
      const res = await cancel(new Request(`${SITE}/api/x`, { method: "POST", ...init }), noParams);
      expect(res.status).toBe(200);
    }
  });

  it("lets a route that takes foreign posts (webhooks, one-click unsubscribe) take them", async () => {
    const webhook = route({ public: true, acceptsForeignPosts: true }, async ({ req }) =>
      Response.json({ text: await req.text() }),
    );
    const res = await webhook(
      new Request(`${SITE}/api/x`, {
        method: "POST",
        headers: { origin: FOREIGN, "sec-fetch-site": "cross-site" },
        body: "List-Unsubscribe=One-Click",
      }),
      noParams,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ text: "List-Unsubscribe=One-Click" });
  });

  it("still refuses a cookie write without Origin on a route that takes foreign posts", async () => {
    const webhook = route({ public: true, acceptsForeignPosts: true }, () => Response.json({}));
    const res = await webhook(
      new Request(`${SITE}/api/x`, { method: "POST", headers: { cookie } }),
      noParams,
    );
    expect(res.status).toBe(403);
  });
});

describe("form bodies", () => {
  const echoForm = route({ public: true }, async ({ req }) =>
    Response.json(Object.fromEntries(await req.formData())),
  );

  it.each([
    ["application/x-www-form-urlencoded", "a=1", 200],
    [
      "multipart/form-data; boundary=b",
      '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n',
      200,
    ],
    ["text/plain", "a=1", 415],
    ["application/json", '{"a":1}', 415],
  ] as const)("formData() with %s: %i", async (contentType, body, status) => {
    const res = await echoForm(
      new Request(`${SITE}/api/x`, {
        method: "POST",
        headers: { "content-type": contentType },
        body,
      }),
      noParams,
    );
    expect(res.status).toBe(status);
    if (status === 200) expect(await res.json()).toEqual({ a: "1" });
    else
      expect(await res.json()).toEqual({
        message:
          "The request body must be sent as multipart/form-data or application/x-www-form-urlencoded.",
        requestId: expect.any(String),
      });
  });
});
