#!/usr/bin/env node
// The page cache handler's own cost per hit (decision 0024): the shared handler (tag stamp GET on
// Redis, then its memory copy) against Next's FileSystemCache memory hit, a handler made per
// request as Next does. Needs Redis (REDIS_URL, default redis://127.0.0.1:6379); uses and deletes
// its own key prefix.
//
// Usage: node scripts/two-instances-handler-bench.mjs [--help]
if (process.argv.includes("--help")) {
  process.stdout.write(
    "Usage: node scripts/two-instances-handler-bench.mjs\n" +
      "Times 2,000 page cache hits through the shared handler and through Next's own.\n" +
      "Environment: REDIS_URL (default redis://127.0.0.1:6379)\n",
  );
  process.exit(0);
}
process.env.REDIS_URL ||= "redis://127.0.0.1:6379";
process.env.REDIS_KEY_PREFIX = `lpm-handler-bench-${process.pid}:`;
const { default: SharedIncrementalCache } = await import("../server/cache/incremental-handler.mjs");
const { default: fileSystemCacheModule } =
  await import("next/dist/server/lib/incremental-cache/file-system-cache.js");
const { closeSharedCache, redis } = await import("../server/cache/shared-cache.mjs");

const HITS = 2000;
// No build output needed: the entry is written through the handler first.
const ctx = {
  fs: {},
  serverDistDir: "/nonexistent",
  flushToDisk: false,
  maxMemoryCacheSize: 50 * 1024 * 1024,
  revalidatedTags: [],
};
const noDisk = { existsSync: () => false, readFile: async () => Promise.reject(new Error("none")) };
// About the size of a product page entry (HTML, RSC payload).
const value = {
  kind: "APP_PAGE",
  html: "x".repeat(150_000),
  rscData: Buffer.alloc(80_000, 1),
  headers: { "x-next-cache-tags": "product:1,products" },
  status: 200,
  segmentData: new Map(),
};
const key = "/route-cache/APP_PAGE/bench/$/products/1";
const getCtx = { kind: "APP_PAGE", isRoutePPREnabled: true };

async function perHit(make) {
  await make().set(key, value, { cacheControl: { revalidate: false } });
  for (let i = 0; i < 200; i++) await make().get(key, getCtx);
  const started = performance.now();
  for (let i = 0; i < HITS; i++) if (!(await make().get(key, getCtx))) throw new Error("a miss");
  return (performance.now() - started) / HITS;
}

try {
  const shared = await perHit(() => new SharedIncrementalCache(ctx));
  const own = await perHit(() => new fileSystemCacheModule.default({ ...ctx, fs: noDisk }));
  process.stdout.write(
    `page cache hit, ${HITS} reads: shared handler ${shared.toFixed(3)} ms, ` +
      `Next's own (memory) ${own.toFixed(3)} ms\n`,
  );
} finally {
  const keys = await redis((r) => r.keys(`${process.env.REDIS_KEY_PREFIX}*`));
  if (keys.length > 0) await redis((r) => r.del(...keys));
  await closeSharedCache();
}
