// The page cache's handler dates an entry from the start of its render (decision 0029): a render
// that read the data before an edit and stored its page after the edit's revalidateTag must not
// pass for newer than the edit. Without Redis (Next's file-system cache underneath) and with it.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Redis from "ioredis";
import {
  areTagsExpired,
  tagsManifest,
} from "next/dist/server/lib/incremental-cache/tags-manifest.external.js";
import { executeRevalidates } from "next/dist/server/revalidation-utils.js";
import { initializeCacheHandlers, setCacheHandler } from "next/dist/server/use-cache/handlers.js";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { TEST_REDIS_URL, isListening } from "@/tests/redis";

const redisUrl = TEST_REDIS_URL;
const prefix = `lpm-test-pages-${process.pid}-${Date.now().toString(36)}:`;
const distDir = mkdtempSync(path.join(os.tmpdir(), "lpm-page-cache-"));

type Handler = {
  get(key: string, ctx: object): Promise<{ lastModified: number; value: unknown } | null>;
  set(key: string, data: object | null, ctx: object): Promise<void>;
  revalidateTag(tags: string[], durations: { expire: number }): Promise<void>;
};

/** A fresh handler module: it reads REDIS_URL when loaded, and keeps its notes at module level. */
async function loadHandler(url: string | null): Promise<Handler> {
  if (url) {
    process.env.REDIS_URL = url;
    process.env.REDIS_KEY_PREFIX = prefix;
  } else delete process.env.REDIS_URL;
  vi.resetModules();
  const { default: Handler } = await import("./incremental-handler.mjs");
  // Memory only (no `fs`, nothing flushed to disk), as Next's own memory front works.
  const ctx = {
    flushToDisk: false,
    serverDistDir: distDir,
    maxMemoryCacheSize: 10 * 1024 * 1024,
    revalidatedTags: [],
  };
  return new Handler(ctx as never) as unknown as Handler;
}

const CTX = { kind: "APP_PAGE", isRoutePPREnabled: true, isFallback: false };
const page = (products: string) => ({
  kind: "APP_PAGE",
  html: `<ul>${products}</ul>`,
  rscData: Buffer.from(products),
  headers: { "x-next-cache-tags": "store:ridge,products" },
  postponed: undefined,
  status: 200,
  segmentData: new Map(),
});
const SET_CTX = { ...CTX, cacheControl: { revalidate: 60, expire: 3600 } };
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/** Whether Next would take the entry a lookup answers as outdated by its tags (as IncrementalCache checks). */
const isOutdated = (entry: { lastModified: number } | null) =>
  entry === null || areTagsExpired(["store:ridge", "products"], entry.lastModified);

const redisUp = await isListening(redisUrl);
if (!redisUp) console.warn(`no Redis at ${redisUrl}: the shared page cache case is skipped`);

afterEach(async () => {
  const shared = await import("./shared-cache.mjs");
  await shared.closeSharedCache();
  delete process.env.REDIS_URL;
});

afterAll(async () => {
  rmSync(distDir, { recursive: true, force: true });
  if (!redisUp) return;
  const admin = new Redis(redisUrl);
  const keys = await admin.keys(`${prefix}*`);
  if (keys.length > 0) await admin.del(...keys);
  admin.disconnect();
});

describe.each([
  { mode: "on Next's file-system cache", url: null as string | null, run: true },
  { mode: "on Redis", url: redisUrl, run: redisUp },
])("a page rendered across an edit, $mode", ({ url, run }) => {
  it.runIf(run)("is outdated by that edit; the next render is kept", async () => {
    const handler = await loadHandler(url);
    const key = `/stores/ridge-${Math.random().toString(36).slice(2)}`;

    // The lookup misses and a render starts; it reads one product...
    expect(await handler.get(key, CTX)).toBeNull();
    await tick();
    // ...while the farmer adds a second one, and the add expires the store's tags...
    await handler.revalidateTag(["store:ridge"], { expire: 0 });
    await tick();
    // ...then the render stores its page with the one product.
    await handler.set(key, page("<li>Chard</li>"), SET_CTX);
    expect(isOutdated(await handler.get(key, CTX))).toBe(true);

    // The render that follows starts after the add and is served from then on.
    await tick();
    await handler.set(key, page("<li>Chard</li><li>Duck eggs</li>"), SET_CTX);
    const kept = await handler.get(key, CTX);
    expect(isOutdated(kept)).toBe(false);
    expect(kept?.value).toMatchObject({ html: "<ul><li>Chard</li><li>Duck eggs</li></ul>" });

    // An edit after a render is stored outdates it too, as before.
    await tick();
    await handler.revalidateTag(["products"], { expire: 0 });
    expect(isOutdated(await handler.get(key, CTX))).toBe(true);
  });
});

describe("a lookup long before its render", () => {
  it("dates the page from the store when no lookup is younger than the render window", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const handler = await loadHandler(null);
      const key = "/stores/old-lookup";
      expect(await handler.get(key, CTX)).toBeNull();
      vi.setSystemTime(Date.now() + 60_000);
      const before = Date.now();
      await handler.set(key, page("<li>Kale</li>"), SET_CTX);
      expect((await handler.get(key, CTX))?.lastModified).toBeGreaterThanOrEqual(before);
    } finally {
      vi.useRealTimers();
    }
  });
});

/**
 * Registers the 'use cache' handlers as `next start` does: Next's built-in one first, then (with
 * Redis, as next.config.ts names it) ours for both kinds. Next never takes the built-in one out of
 * the set its revalidations go through, and calls it first.
 */
async function registerUseCacheHandlers(shared: boolean) {
  for (const name of ["map", "set", "built-in"])
    delete (globalThis as Record<symbol, unknown>)[Symbol.for(`@next/cache-handlers-${name}`)];
  initializeCacheHandlers(50 * 1024 * 1024);
  if (!shared) return;
  const { default: useCache } = await import("./use-cache-handler.mjs");
  setCacheHandler("default", useCache);
  setCacheHandler("remote", useCache);
}

const MAX_PROFILE = { stale: 300, revalidate: 30 * 24 * 3600, expire: 365 * 24 * 3600 };

/** What Next runs when an action that called `revalidateTag(tag, profile)` ends. */
async function revalidateTag(handler: Handler, tag: string, profile: "max" | { expire: number }) {
  await executeRevalidates({
    pendingRevalidatedTags: [{ tag, profile }],
    pendingRevalidates: {},
    pendingRevalidateWrites: [],
    incrementalCache: handler,
    cacheLifeProfiles: { max: MAX_PROFILE },
  } as never);
}

describe.each([
  { mode: "on Next's file-system cache", url: null as string | null, run: true },
  { mode: "on Redis", url: redisUrl, run: redisUp },
])(
  "an expiry in force, then a revalidation that only marks the tag stale, $mode",
  ({ url, run }) => {
    it.runIf(run)("keeps the page rendered before the expiry outdated", async () => {
      const handler = await loadHandler(url);
      await registerUseCacheHandlers(url !== null);
      const key = `/stores/ridge-${Math.random().toString(36).slice(2)}`;

      expect(await handler.get(key, CTX)).toBeNull();
      await handler.set(key, page("<li>Chard</li>"), SET_CTX);
      await tick();
      // A farmer adds a product (its lists expire now)...
      await revalidateTag(handler, "products", { expire: 0 });
      const added = tagsManifest.get("products")?.expired;
      await tick();
      // A visitor asks for the page in between (with Redis, its lookup reads the tag state).
      expect(isOutdated(await handler.get(key, CTX))).toBe(true);
      await tick();
      // ...and a moment later a review elsewhere marks the same lists stale ("max").
      await revalidateTag(handler, "products", "max");
      // Before: the review's far expiry replaced the add's, and the page was only stale (served once
      // more, without the product).
      expect(isOutdated(await handler.get(key, CTX))).toBe(true);
      expect(tagsManifest.get("products")?.expired).toBe(added);
      if (url) {
        // What every other instance reads.
        const admin = new Redis(url);
        const shared = JSON.parse((await admin.hget(`${prefix}tags`, "products")) ?? "{}");
        admin.disconnect();
        expect(shared.expired).toBe(added);
      }

      // A render after both is kept, and is stale only after the next "max".
      await tick();
      await handler.set(key, page("<li>Chard</li><li>Duck eggs</li>"), SET_CTX);
      expect(isOutdated(await handler.get(key, CTX))).toBe(false);
      await tick();
      await revalidateTag(handler, "products", "max");
      expect(isOutdated(await handler.get(key, CTX))).toBe(false);

      // The next add outdates that render too: its expiry replaces the one kept, whichever clock
      // each writer read (Next's built-in handler rounds the performance clock up to half a ms).
      await tick();
      await revalidateTag(handler, "products", { expire: 0 });
      expect(isOutdated(await handler.get(key, CTX))).toBe(true);
    });
  },
);
