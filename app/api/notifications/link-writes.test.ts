import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Issue 22 item 5 on the unsubscribe calls: the one-click target takes a mail provider's post from
// anywhere (RFC 8058); the page's own calls take JSON or a form, never text/plain, from this site.

import { POST as oneClick } from "@/app/api/notifications/unsubscribe/[type]/[userId]/route";
import { POST as unsubscribe } from "@/app/api/notifications/unsubscribe/route";
import type { Db } from "@/server/db/client";
import { signNotificationLink } from "@/server/notifications/sign";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import { createCustomer } from "@/server/db/seed/factories";

const SITE = "http://localhost:3000";
const UNSUBSCRIBED = "You have been unsubscribed from promotion emails.";

let db: Db;
beforeAll(async () => {
  db = await createRouteTestDb();
});
afterAll(() => closeTestDb(db));

describe("POST /api/notifications/unsubscribe/{type}/{userKey} (one-click)", () => {
  it.each([
    ["without Origin (a mail provider's server)", {}],
    ["from a webmail's page", { origin: "https://mail.example", "sec-fetch-site": "cross-site" }],
  ])("unsubscribes %s", async (_label, headers) => {
    const { userKey } = await createCustomer(db);
    const sig = signNotificationLink("promotion", userKey);
    const response = await oneClick(
      new Request(`${SITE}/api/notifications/unsubscribe/promotion/${userKey}?sig=${sig}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: "List-Unsubscribe=One-Click",
      }),
      { params: Promise.resolve({ type: "promotion", userId: userKey }) },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: UNSUBSCRIBED });
  });
});

describe("POST /api/notifications/unsubscribe (the page's call)", () => {
  const ctx = { params: Promise.resolve({}) };

  it.each([
    ["JSON", "application/json", (b: Record<string, string>) => JSON.stringify(b), 200],
    [
      "a form",
      "application/x-www-form-urlencoded",
      (b: Record<string, string>) => new URLSearchParams(b).toString(),
      200,
    ],
    ["JSON as text/plain", "text/plain", (b: Record<string, string>) => JSON.stringify(b), 415],
  ] as const)("with %s: %i", async (_label, contentType, encode, status) => {
    const { userKey } = await createCustomer(db);
    const body = {
      type: "promotion",
      userId: userKey,
      sig: signNotificationLink("promotion", userKey),
    };
    const response = await unsubscribe(
      new Request(`${SITE}/api/notifications/unsubscribe`, {
        method: "POST",
        headers: { "content-type": contentType, origin: SITE },
        body: encode(body),
      }),
      ctx,
    );
    expect(response.status).toBe(status);
    if (status === 200) expect(await response.json()).toEqual({ message: UNSUBSCRIBED });
  });

  it("refuses it from another site's page", async () => {
    const { userKey } = await createCustomer(db);
    const body = {
      type: "promotion",
      userId: userKey,
      sig: signNotificationLink("promotion", userKey),
    };
    const response = await unsubscribe(
      new Request(`${SITE}/api/notifications/unsubscribe`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: "https://evil.example" },
        body: JSON.stringify(body),
      }),
      ctx,
    );
    expect(response.status).toBe(403);
  });
});
