import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import type { Db } from "@/server/db/client";
import { stampedHeadersForTest } from "@/server/base/connection";
import { createShortLink } from "@/server/links";
import { clearRateLimitMemoryForTest } from "@/server/rate-limit";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import { createShortLink as storeShortLink } from "@/server/db/seed/factories";
import { POST } from "./route";

const SITE = "http://localhost:3000";
let db: Db;

beforeAll(async () => {
  db = await createRouteTestDb();
});
afterAll(() => closeTestDb(db));
beforeEach(() => clearRateLimitMemoryForTest());

async function getOriginal(body: unknown, address = "203.0.113.9") {
  const req = new Request(`${SITE}/api/links/getOriginal`, {
    method: "POST",
    headers: stampedHeadersForTest(address, { "content-type": "application/json" }),
    body: JSON.stringify(body),
  });
  const response = await POST(req, { params: Promise.resolve({}) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("POST /api/links/getOriginal", () => {
  it("answers the absolute address on this site of a known code", async () => {
    const link = await createShortLink(db, "/orders/7/confirmByMerchant?m=3&t=abc");
    expect(await getOriginal({ shortUrl: link.code })).toEqual({
      status: 200,
      body: { originalUrl: `${SITE}/orders/7/confirmByMerchant?m=3&t=abc` },
    });
  });

  it.each([
    ["an unknown code", "ZZZZZZZZZZZZ"],
    ["a malformed code", "../../admin"],
    ["an empty code", ""],
  ])("answers an empty originalUrl for %s", async (_, shortUrl) => {
    expect(await getOriginal({ shortUrl })).toEqual({ status: 200, body: { originalUrl: "" } });
  });

  it("answers empty rather than an off-site address the table held", async () => {
    const row = await storeShortLink(db, {
      code: "offsiteCode123",
      originalUrl: "https://evil.example/login",
    });
    expect(await getOriginal({ shortUrl: row.code })).toEqual({
      status: 200,
      body: { originalUrl: "" },
    });
  });

  it.each([
    ["no shortUrl", {}, "Required Field"],
    ["a shortUrl that is not text", { shortUrl: 12 }, "Required Field"],
    ["a very long shortUrl", { shortUrl: "a".repeat(201) }, "Use at most 200 characters."],
  ])("refuses %s", async (_, body, message) => {
    const answer = await getOriginal(body);
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ shortUrl: [message] });
  });

  it("answers 429 to one address trying too many codes, not to others", async () => {
    let last = { status: 200 };
    for (let i = 0; i < 61 && last.status === 200; i += 1)
      last = await getOriginal({ shortUrl: `guess${i}guess` }, "198.51.100.66");
    expect(last).toEqual({
      status: 429,
      body: {
        message:
          "Too many short links opened from your address. Please try again in a few minutes.",
        requestId: expect.any(String),
      },
    });
    expect((await getOriginal({ shortUrl: "guess0guess" }, "198.51.100.67")).status).toBe(200);
  });
});
