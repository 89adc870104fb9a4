// The shared cache handlers (decision 0024) against a real Redis (TEST_REDIS_URL, default
// 127.0.0.1:6379, under a key prefix of their own that is deleted after) and against one that is
// down. Skipped, with a note, only where no Redis answers; CI has one.
import Redis from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { TEST_REDIS_URL, isListening } from "@/tests/redis";

const redisUrl = TEST_REDIS_URL;
const prefix = `lpm-test-cache-${process.pid}-${Date.now().toString(36)}:`;

type Handlers = {
  useCache: typeof import("./use-cache-handler.mjs").default;
  shared: typeof import("./shared-cache.mjs");
};

/** Loads fresh copies of the handlers with the given Redis (the modules read the env at load). */
async function loadHandlers(url: string): Promise<Handlers> {
  process.env.REDIS_URL = url;
  process.env.REDIS_KEY_PREFIX = prefix;
  process.env.REDIS_TIMEOUT_MS = "300";
  vi.resetModules();
  const shared = await import("./shared-cache.mjs");
  await shared.closeSharedCache();
  const useCache = (await import("./use-cache-handler.mjs")).default;
  return { useCache, shared };
}

const entry = (bytes: string, tags: string[]) => ({
  value: new Blob([bytes]).stream(),
  tags,
  stale: 300,
  timestamp: Date.now(),
  expire: 3600,
  revalidate: 900,
});

async function read(stream: ReadableStream<Uint8Array>) {
  return Buffer.from(await new Response(stream).arrayBuffer()).toString();
}

const redisUp = await isListening(redisUrl);
if (!redisUp) console.warn(`no Redis at ${redisUrl}: the shared-cache round trips are skipped`);

afterEach(async () => {
  const shared = await import("./shared-cache.mjs");
  await shared.closeSharedCache();
  delete process.env.REDIS_URL;
  vi.restoreAllMocks();
});

describe("the value codec", () => {
  it("keeps Buffers, Maps and nested values of a page entry", async () => {
    const { serialize, deserialize } = await import("./shared-cache.mjs");
    const value = {
      kind: "APP_PAGE",
      html: "<p>Corn</p>",
      rscData: Buffer.from([0, 1, 2, 255]),
      segmentData: new Map([["/_tree", Buffer.from("tree")]]),
      headers: { "x-next-cache-tags": "product:1,products" },
      status: 200,
    };
    const back = deserialize(serialize({ lastModified: 5, value }));
    expect(back.value).toEqual(value);
    expect(Buffer.isBuffer(back.value.rscData)).toBe(true);
    expect(back.value.segmentData.get("/_tree").toString()).toBe("tree");
  });
});

describe("with Redis down", () => {
  it("answers a miss and logs a warning, never throws", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { useCache } = await loadHandlers("redis://127.0.0.1:1");
    await useCache.refreshTags();
    await expect(useCache.set("k", Promise.resolve(entry("x", [])))).resolves.toBeUndefined();
    await expect(useCache.get("k", [])).resolves.toBeUndefined();
    await expect(useCache.updateTags(["product:1"], { expire: 0 })).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalled();
    expect(String(warn.mock.calls[0]?.[0])).toContain("shared cache");
  });
});

describe.runIf(redisUp)("with Redis", () => {
  let admin: Redis;
  beforeAll(() => {
    admin = new Redis(redisUrl);
  });
  afterAll(async () => {
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length > 0) await admin.del(...keys);
    admin.disconnect();
  });

  it("serves a stored 'use cache' entry back", async () => {
    const { useCache } = await loadHandlers(redisUrl);
    await useCache.refreshTags();
    await useCache.set("product-1", Promise.resolve(entry("corn", ["product:1"])));
    const got = await useCache.get("product-1", []);
    expect(got && (await read(got.value))).toBe("corn");
    expect(got?.tags).toEqual(["product:1"]);
  });

  it("misses once a tag is revalidated", async () => {
    const { useCache } = await loadHandlers(redisUrl);
    await useCache.refreshTags();
    await useCache.set("product-2", Promise.resolve(entry("beans", ["product:2"])));
    await new Promise((r) => setTimeout(r, 5));
    await useCache.updateTags(["product:2"], { expire: 0 });
    expect(await useCache.get("product-2", [])).toBeUndefined();
  });

  it("sees a revalidation made by another instance after its next refresh", async () => {
    const { useCache, shared } = await loadHandlers(redisUrl);
    await useCache.refreshTags();
    await useCache.set("product-3", Promise.resolve(entry("kale", ["product:3"])));
    expect(await useCache.get("product-3", [])).toBeDefined();
    // Another instance: its own tag write, as revalidateTags makes it.
    const later = Date.now() + 5;
    await admin
      .multi()
      .hset(`${prefix}tags`, "product:3", JSON.stringify({ stale: later, expired: later }))
      .set(`${prefix}tags:version`, `other-${later}`)
      .exec();
    await new Promise((r) => setTimeout(r, 10));
    await useCache.refreshTags();
    expect(shared.tagsManifest.get("product:3")?.expired).toBe(later);
    expect(await useCache.get("product-3", [])).toBeUndefined();
  });
});

describe("the expiry a tag keeps", () => {
  const NOW = 1_000_000;
  const DAY = 24 * 3600 * 1000;
  const YEAR = 365 * DAY;
  it.each([
    { a: undefined, b: NOW - 5, kept: NOW - 5 },
    { a: NOW - 5, b: undefined, kept: NOW - 5 },
    // Of two in force, the later...
    { a: NOW - 5, b: NOW, kept: NOW },
    { a: NOW, b: NOW - 5, kept: NOW },
    // (an edit's immediate expiry from a clock a moment ahead is in force at once, at the clock)...
    { a: undefined, b: NOW + 1, kept: NOW },
    { a: NOW - 5, b: NOW + 1, kept: NOW },
    { a: NOW + 1, b: NOW - 5, kept: NOW },
    // ...one in force over one still to come (a "max" after an add)...
    { a: NOW - 5, b: NOW + YEAR, kept: NOW - 5 },
    { a: NOW + YEAR, b: NOW - 5, kept: NOW - 5 },
    // ...and of two still to come, the sooner.
    { a: NOW + YEAR, b: NOW + DAY, kept: NOW + DAY },
    { a: NOW + DAY, b: NOW + YEAR, kept: NOW + DAY },
  ])("$a and $b -> $kept", async ({ a, b, kept }) => {
    const { keptExpiry } = await import("./shared-cache.mjs");
    expect(keptExpiry(a, b, NOW)).toBe(kept);
  });

  it("is the rule of every write to Next's tag map, whoever writes", async () => {
    const { tagsManifest } = await import("./shared-cache.mjs");
    const tag = `test-tag-${Math.random()}`;
    const added = Date.now() - 60_000;
    tagsManifest.set(tag, { expired: added });
    // As Next's built-in handler writes a "max" revalidation.
    tagsManifest.set(tag, {
      ...tagsManifest.get(tag),
      stale: added + 1,
      expired: Date.now() + 1e9,
    });
    expect(tagsManifest.get(tag)).toEqual({ stale: added + 1, expired: added });
    tagsManifest.delete(tag);
  });
});
