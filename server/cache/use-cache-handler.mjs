// Next's `cacheHandlers.default` (decision 0024): the entries of 'use cache' functions (product
// data, reviews, a store's public part). With REDIS_URL they live in Redis and their tags are
// shared (shared-cache.mjs); without it this is Next's own in-memory handler, unchanged.
//
// Fail safe: Redis down or slow is a miss (the function runs) and a logged warning.
import defaultHandlerModule from "next/dist/server/lib/cache-handlers/default.js";
import {
  KEY_PREFIX,
  areTagsInSync,
  countCacheLookup,
  createMemoryFront,
  deserialize,
  isSharedCacheOn,
  redis,
  revalidateTags,
  serialize,
  syncTags,
  tagsManifest,
  ttlSeconds,
  warn,
} from "./shared-cache.mjs";

const ENTRY_PREFIX = `${KEY_PREFIX}use-cache:`;
const now = () => performance.timeOrigin + performance.now();

async function streamToBuffer(stream) {
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const bufferToStream = (buffer) =>
  new ReadableStream({
    start(controller) {
      controller.enqueue(new Uint8Array(buffer));
      controller.close();
    },
  });

/** @returns {import("next/dist/server/lib/cache-handlers/types").CacheHandler} */
function createSharedHandler() {
  // A get for a key whose set is still running waits for it (the interface asks for it).
  const pendingSets = new Map();
  // Entries last read or written here, checked against the synced tags as a Redis copy is.
  const memory = createMemoryFront(50 * 1024 * 1024);

  return {
    async get(cacheKey) {
      await pendingSets.get(cacheKey);
      if (!areTagsInSync() && !(await syncTags())) return undefined;
      let held = memory.get(cacheKey);
      if (!held) {
        let stored;
        try {
          stored = await redis((r) => r.get(ENTRY_PREFIX + cacheKey));
        } catch (error) {
          warn("could not read a 'use cache' entry; running the function", error);
          return undefined;
        }
        if (stored === null) return undefined;
        held = deserialize(stored);
        memory.set(cacheKey, held, stored.length);
      }
      const { value, ...entry } = held;
      // As Next's own handler: past `revalidate` or an expired tag is a miss, a stale tag serves
      // once more and refreshes.
      if (now() > entry.timestamp + entry.revalidate * 1000) return undefined;
      let revalidate = entry.revalidate;
      for (const tag of entry.tags) {
        const state = tagsManifest.get(tag);
        if (!state) continue;
        if (typeof state.expired === "number" && state.expired <= now()) {
          if (state.expired > entry.timestamp) return undefined;
        }
        if (typeof state.stale === "number" && state.stale > entry.timestamp) revalidate = -1;
      }
      return { ...entry, revalidate, value: bufferToStream(value) };
    },

    async set(cacheKey, pendingEntry) {
      let done;
      pendingSets.set(cacheKey, new Promise((resolve) => (done = resolve)));
      try {
        memory.delete(cacheKey);
        const entry = await pendingEntry;
        // An `expire: 0` entry is dynamic: Next never serves it back (as its own handler, skip it).
        if (entry.expire === 0) return;
        const value = await streamToBuffer(entry.value);
        const stored = serialize({ ...entry, value });
        memory.set(cacheKey, { ...entry, value }, stored.length);
        await redis((r) => r.set(ENTRY_PREFIX + cacheKey, stored, "EX", ttlSeconds(entry.expire)));
      } catch (error) {
        warn("could not store a 'use cache' entry", error);
      } finally {
        pendingSets.delete(cacheKey);
        done();
      }
    },

    async refreshTags() {
      await syncTags();
    },

    async getExpiration(tags) {
      return Math.max(0, ...tags.map((tag) => tagsManifest.get(tag)?.expired ?? 0));
    },

    async updateTags(tags, durations) {
      await revalidateTags(tags, durations);
    },
  };
}

/** The handler, its lookups counted for the metrics (a hit is an entry handed back). */
function counted(handler) {
  return {
    ...handler,
    async get(...args) {
      const entry = await handler.get(...args);
      countCacheLookup("data", entry !== undefined);
      return entry;
    },
  };
}

export default counted(
  isSharedCacheOn()
    ? createSharedHandler()
    : defaultHandlerModule.createDefaultCacheHandler(50 * 1024 * 1024),
);
