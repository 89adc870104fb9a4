import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.APP_URL = "https://market.example";
});

import type { Db } from "@/server/db/client";
import { clearRateLimitMemoryForTest } from "@/server/rate-limit";
import { closeTestDb, createTestDb } from "@/tests/db";
import { createShortLink as storeShortLink } from "@/server/db/seed/factories";
import { createShortLink, createShortLinks, NOT_A_SITE_PATH } from "./create-short-link";
import { GET_ORIGINAL_LIMIT_PER_CLIENT, getOriginalUrl } from "./get-original-url";
import { toSitePath } from "./site-path";

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => closeTestDb(db));
beforeEach(() => clearRateLimitMemoryForTest());

const APP = "https://market.example";

describe("toSitePath", () => {
  it.each([
    ["/products/12", "/products/12"],
    ["/orders/3/confirmByMerchant?m=4&t=abc_-", "/orders/3/confirmByMerchant?m=4&t=abc_-"],
    ["/myOrders/manage?keyword=A%2FB#top", "/myOrders/manage?keyword=A%2FB#top"],
    ["/a/../products/1", "/products/1"],
  ])("keeps this site's path %s", (value, path) => {
    expect(toSitePath(value, APP)).toBe(path);
  });

  it.each([
    ["an absolute URL elsewhere", "https://evil.example/x"],
    ["an absolute URL on this site (paths only)", "https://market.example/products/1"],
    ["a protocol-relative URL", "//evil.example/x"],
    ["a backslash", "/\\evil.example"],
    ["a backslash later on", "/products\\..\\..\\evil"],
    ["javascript:", "javascript:alert(1)"],
    ["data:", "data:text/html,<script>alert(1)</script>"],
    ["a path without a leading slash", "products/1"],
    ["a tab inside (browsers drop it)", "/\t/evil.example"],
    ["a newline", "/products/1\nLocation: x"],
    ["a space", "/ /evil.example"],
    ["NUL", "/products/\u0000"],
    ["an encoded slash pair", "/%2F%2Fevil.example"],
    ["a doubly encoded slash pair", "/%252F%252Fevil.example"],
    ["an encoded backslash", "/%5Cevil.example"],
    ["an encoded control character", "/%09/evil.example"],
    ["malformed percent-encoding", "/%E0%A4%A"],
    ["the empty string", ""],
    ["not a string", 42],
    ["a very long path", `/${"a".repeat(3000)}`],
  ])("refuses %s", (_, value) => {
    expect(toSitePath(value, APP)).toBeNull();
  });
});

describe("createShortLink", () => {
  it("stores the path and answers a random, URL-safe code on APP_URL", async () => {
    const link = await createShortLink(db, "/products/101");
    expect(link.code).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(link.shortUrl).toBe(`${APP}/shortLink/${link.code}`);
    const stored = await db.query.shortLinks.findFirst({
      where: (t, { eq }) => eq(t.code, link.code),
    });
    expect(stored?.originalUrl).toBe("/products/101");
  });

  it("gives the same path the same code, and other paths other codes", async () => {
    const first = await createShortLink(db, "/products/102");
    const again = await createShortLink(db, "/products/102");
    const other = await createShortLink(db, "/products/103");
    expect(again.code).toBe(first.code);
    expect(other.code).not.toBe(first.code);
  });

  it("gives one code when the same path is shortened concurrently", async () => {
    const links = await Promise.all(
      Array.from({ length: 8 }, () => createShortLink(db, "/products/104")),
    );
    expect(new Set(links.map((l) => l.code)).size).toBe(1);
    const rows = await db.query.shortLinks.findMany({
      where: (t, { eq }) => eq(t.originalUrl, "/products/104"),
    });
    expect(rows).toHaveLength(1);
  });

  it("shortens several paths at once, in order, reusing known ones", async () => {
    const known = await createShortLink(db, "/products/105");
    const links = await createShortLinks(db, ["/products/106", "/products/105", "/products/106"]);
    expect(links.map((l) => l.path)).toEqual(["/products/106", "/products/105", "/products/106"]);
    expect(links[1]!.code).toBe(known.code);
    expect(links[2]!.code).toBe(links[0]!.code);
  });

  it.each([
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
    "/%2F%2Fevil.example",
  ])("refuses %s and stores nothing", async (value) => {
    const before = await db.query.shortLinks.findMany();
    await expect(createShortLink(db, value)).rejects.toMatchObject({
      code: "bad_request",
      message: NOT_A_SITE_PATH,
    });
    expect(await db.query.shortLinks.findMany()).toHaveLength(before.length);
  });
});

describe("getOriginalUrl", () => {
  it("answers the absolute URL of a stored path", async () => {
    const link = await createShortLink(db, "/merchants/list?keyword=eggs");
    expect(await getOriginalUrl(db, { code: link.code, clientIp: "203.0.113.1" })).toBe(
      `${APP}/merchants/list?keyword=eggs`,
    );
  });

  it.each([
    ["an unknown code", "AAAAAAAAAAAA"],
    ["a malformed code", "../../etc"],
    ["an empty code", ""],
    ["not a string", { code: 1 }],
  ])("answers null for %s", async (_, code) => {
    expect(await getOriginalUrl(db, { code, clientIp: "203.0.113.2" })).toBeNull();
  });

  it.each([
    ["an off-site URL", "https://evil.example/phish"],
    ["a protocol-relative URL", "//evil.example"],
    ["a backslash path", "/\\evil.example"],
    ["javascript:", "javascript:alert(document.cookie)"],
  ])("never answers %s even if the table held one", async (_, originalUrl) => {
    const row = await storeShortLink(db, {
      code: `evil${Math.random().toString(36).slice(2, 12)}`,
      originalUrl,
    });
    expect(await getOriginalUrl(db, { code: row.code, clientIp: "203.0.113.3" })).toBeNull();
  });

  it("limits the lookups of one address, so codes cannot be enumerated", async () => {
    const ip = "203.0.113.4";
    for (let i = 0; i < GET_ORIGINAL_LIMIT_PER_CLIENT.limit; i += 1)
      await getOriginalUrl(db, { code: `unknown${i}xyz`, clientIp: ip });
    await expect(getOriginalUrl(db, { code: "AAAAAAAAAAAA", clientIp: ip })).rejects.toMatchObject({
      code: "rate_limited",
    });
    // Another address is not held back.
    expect(await getOriginalUrl(db, { code: "AAAAAAAAAAAA", clientIp: "203.0.113.5" })).toBeNull();
  });
});
