// The shared part of the page cache (decision 0024): one Redis connection per process, the
// key layout, a codec for cache values, and the tag state that every instance reads.
//
// Plain JavaScript, no "server-only": Next loads cache handlers with a bare `import()` at run time,
// outside any bundle, so this file must run on Node as it is.
//
// Tag state: Next checks every cached page and fetch entry against one in-process map of
// revalidated tags (`tagsManifest`), and the built-in "use cache" handler does the same. Here a
// revalidation is also written to a Redis hash under a new version stamp; before a cache read
// each instance reads the stamp (one small GET) and, when it changed, copies the hash into its own
// map. So an edit made through one instance is seen by the next request on any other.
import tagsManifestModule from "next/dist/server/lib/incremental-cache/tags-manifest.external.js";
import { randomUUID } from "node:crypto";
import Redis from "ioredis";

const { tagsManifest } = tagsManifestModule;

/** Every key this deployment writes starts with it; tests use their own and delete it after. */
export const KEY_PREFIX = process.env.REDIS_KEY_PREFIX || "lpm:";
// Reads and writes give up after this long: a slow Redis costs a miss, never a stuck request.
const COMMAND_TIMEOUT_MS = Number(process.env.REDIS_TIMEOUT_MS) || 500;
// Entries whose lifetime is "max" (Next says about a year) are kept this long at most.
export const MAX_TTL_SECONDS = 30 * 24 * 3600;

const TAGS_KEY = `${KEY_PREFIX}tags`;
const TAGS_VERSION_KEY = `${KEY_PREFIX}tags:version`;

const state = (globalThis[Symbol.for("lpm.sharedCache")] ??= {
  client: undefined,
  firstConnect: undefined,
  seenVersion: undefined,
  sync: undefined,
  inSync: false,
  lastWarning: 0,
});

// Lookups by cache and outcome, read by the metrics (server/base/metrics.ts), which live
// in the bundle: a plain tally on globalThis is what both sides can reach.
const lookups = (globalThis[Symbol.for("marketplace.cacheLookups")] ??= {});

/** Counts one lookup in `cache` ("pages" or "data"): a hit or a miss. */
export function countCacheLookup(cache, hit) {
  const key = `${cache}:${hit ? "hit" : "miss"}`;
  lookups[key] = (lookups[key] ?? 0) + 1;
}

export function isSharedCacheOn() {
  return Boolean(process.env.REDIS_URL) && process.env.NEXT_PHASE !== "phase-production-build";
}

/** A warning in the log's JSON shape (pino's level 40), at most one per 10 s so an outage stays readable. */
export function warn(msg, error) {
  const now = Date.now();
  if (now - state.lastWarning < 10_000) return;
  state.lastWarning = now;
  console.warn(
    JSON.stringify({
      level: 40,
      time: now,
      msg: `shared cache: ${msg}`,
      err: error instanceof Error ? error.message : String(error),
    }),
  );
}

function getClient() {
  if (!state.client) {
    state.client = new Redis(process.env.REDIS_URL, {
      // Fail at once while disconnected instead of queueing: the caller treats it as a miss.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: 2_000,
      retryStrategy: (times) => Math.min(times * 200, 2_000),
    });
    state.client.on("error", (error) => warn("Redis connection error", error));
    // Settles on the first outcome: connected, refused, or still nothing after 2 s.
    state.firstConnect = new Promise((resolve) => {
      for (const event of ["ready", "error", "end"]) state.client.once(event, resolve);
      setTimeout(resolve, 2_000).unref();
    });
  }
  return state.client;
}

/** Runs a command on the shared client; rejects when Redis is down or slow. */
export async function redis(run) {
  const client = getClient();
  // Only the very first connection is waited for (a server just started); later, down means down.
  if (client.status !== "ready") await state.firstConnect;
  return run(client);
}

// --- Tag state -------------------------------------------------------------------------------

// The clock Next's tag checks read (`areTagsExpired`).
const clock = () => performance.timeOrigin + performance.now();
// An expiry this close to now counts as in force: the writers read different clocks (Date.now(),
// the performance clock rounded to the ms), so an edit's immediate expiry can sit a moment ahead
// of the clock here, and must still replace the one before it. A profile's expiry ("max": a
// year) is never this close.
const IMMEDIATE_MS = 10_000;

/**
 * Which of two expiries a tag keeps (decision 0033): of two in force, the later; an expiry in force
 * over one still to come; of two still to come, the sooner. A tag has one `expired` time, and
 * Next's own writers (the file-system page cache, the built-in 'use cache' handler, which Next
 * calls first on every revalidation even when ours is configured) let the newer call replace it:
 * after a farmer's add (`expire: 0` on the product lists) a review a moment later (`"max"`: expired
 * a year out) made a list page rendered before the add merely stale, and it was served once more
 * without the new product. The cost: such a tag keeps no year-long hard expiry for the pages
 * rendered after it (they are refreshed on their next visit once stale, as Next intends).
 */
export function keptExpiry(a, b, now = clock()) {
  // An immediate expiry a moment ahead of this clock is in force now (in whole ms, as the writers
  // keep it): Next checks with this clock.
  const at = (t) =>
    typeof t === "number" && t > now && t <= now + IMMEDIATE_MS ? Math.floor(now) : t;
  [a, b] = [at(a), at(b)];
  if (typeof a !== "number") return typeof b === "number" ? b : undefined;
  if (typeof b !== "number") return a;
  const aInForce = a <= now;
  const bInForce = b <= now;
  if (aInForce && bInForce) return Math.max(a, b);
  if (aInForce !== bInForce) return aInForce ? a : b;
  return Math.min(a, b);
}

/**
 * Every write to the tag map, Next's and ours, keeps its expiry by `keptExpiry`: one rule at the
 * one place all of them pass, in every mode and whichever handler runs first.
 */
const KEEPS_EXPIRIES = Symbol.for("lpm.tagsManifest.keepsExpiries");
if (!tagsManifest[KEEPS_EXPIRIES]) {
  const setEntry = Map.prototype.set;
  Object.defineProperty(tagsManifest, KEEPS_EXPIRIES, { value: true });
  tagsManifest.set = function set(tag, entry) {
    const expired = keptExpiry(this.get(tag)?.expired, entry?.expired);
    return setEntry.call(this, tag, entry?.expired === expired ? entry : { ...entry, expired });
  };
}

function mergeTag(tag, entry) {
  const local = tagsManifest.get(tag) ?? {};
  const merged = { ...local, expired: entry.expired };
  if (typeof entry.stale === "number" && !(local.stale >= entry.stale)) merged.stale = entry.stale;
  tagsManifest.set(tag, merged);
}

/**
 * Brings this process's tag map up to date with Redis. One GET when nothing changed; resolves false
 * (and logs) when Redis cannot be read, and the caller must then not serve a cached entry.
 */
export function syncTags() {
  state.sync ??= (async () => {
    try {
      const version = await redis((r) => r.get(TAGS_VERSION_KEY));
      if (version !== state.seenVersion) {
        const all = await redis((r) => r.hgetall(TAGS_KEY));
        for (const [tag, json] of Object.entries(all)) mergeTag(tag, JSON.parse(json));
        state.seenVersion = version;
      }
      state.inSync = true;
    } catch (error) {
      warn("could not read tag state; serving misses", error);
      state.inSync = false;
    } finally {
      state.sync = undefined;
    }
    return state.inSync;
  })();
  return state.sync;
}

/** Whether the last tag read succeeded (a "use cache" read after a failed refresh is a miss). */
export const areTagsInSync = () => state.inSync;

/** A tag's state after a revalidation, as Next's own handlers make it (`tagsManifest.set` keeps an expiry in force). */
export function revalidatedTag(entry, durations, now) {
  if (!durations) return { ...entry, expired: now };
  const next = { ...entry, stale: now };
  if (durations.expire !== undefined) next.expired = now + durations.expire * 1000;
  return next;
}

/** Records revalidated tags here and in Redis (`revalidatedTag` says how). */
export async function revalidateTags(tags, durations) {
  const list = typeof tags === "string" ? [tags] : tags;
  if (list.length === 0) return;
  // Here at once, before any wait: this instance's next request must already see it.
  const now = Date.now();
  for (const tag of list)
    tagsManifest.set(tag, revalidatedTag(tagsManifest.get(tag) ?? {}, durations, now));
  // Then the other instances' state (an expiry in force there must not be written over), merged.
  await syncTags();
  const changed = {};
  for (const tag of list) changed[tag] = JSON.stringify(tagsManifest.get(tag));
  try {
    // A version never used before (not a counter: a restarted Redis would count the same numbers
    // again, and an instance that had seen them would skip the new revalidations).
    const version = `${now}-${randomUUID()}`;
    await redis((r) => r.multi().hset(TAGS_KEY, changed).set(TAGS_VERSION_KEY, version).exec());
  } catch (error) {
    // The edit is saved; other instances keep serving the old page until their entry expires.
    warn(`could not share the revalidation of ${list.join(", ")}`, error);
  }
}

export { tagsManifest };

// --- Values ----------------------------------------------------------------------------------

// Cache values hold Buffers (RSC payloads, route bodies) and Maps (segment data): JSON keeps
// them as tagged objects.
function encode(value) {
  if (Buffer.isBuffer(value) || value instanceof Uint8Array)
    return { $b: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("base64") };
  if (value instanceof Map) return { $m: [...value].map(([k, v]) => [k, encode(v)]) };
  if (Array.isArray(value)) return value.map(encode);
  if (value && typeof value === "object") {
    const out = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = encode(v);
    return out;
  }
  return value;
}

function decode(value) {
  if (Array.isArray(value)) return value.map(decode);
  if (value && typeof value === "object") {
    if (typeof value.$b === "string") return Buffer.from(value.$b, "base64");
    if (Array.isArray(value.$m)) return new Map(value.$m.map(([k, v]) => [k, decode(v)]));
    const out = {};
    for (const [k, v] of Object.entries(value)) out[k] = decode(v);
    return out;
  }
  return value;
}

export const serialize = (value) => JSON.stringify(encode(value));
export const deserialize = (text) => decode(JSON.parse(text));

/** Seconds an entry may live in Redis: its own expiry when it has one, capped. */
export function ttlSeconds(expire) {
  return typeof expire === "number" && expire > 0 && expire < MAX_TTL_SECONDS
    ? Math.ceil(expire)
    : MAX_TTL_SECONDS;
}

/**
 * What an instance last read or wrote, in front of Redis (Next keeps one the same way in front of
 * its disk), least recently used out first past `maxBytes`. A copy is only served while none of
 * its tags is expired in the synced tag map, which the callers check exactly as for a Redis copy.
 */
export function createMemoryFront(maxBytes) {
  const held = new Map();
  let bytes = 0;
  const remove = (key) => {
    const item = held.get(key);
    if (item) {
      held.delete(key);
      bytes -= item.size;
    }
  };
  return {
    get(key) {
      const item = held.get(key);
      if (!item) return undefined;
      held.delete(key);
      held.set(key, item);
      return item.value;
    },
    set(key, value, size) {
      remove(key);
      held.set(key, { value, size });
      bytes += size;
      for (const [oldest, { size: oldSize }] of held) {
        if (bytes <= maxBytes) break;
        held.delete(oldest);
        bytes -= oldSize;
      }
    },
    delete: remove,
  };
}

/** Closes the connection (tests). */
export async function closeSharedCache() {
  const client = state.client;
  state.client = undefined;
  state.seenVersion = undefined;
  state.inSync = false;
  if (client) await client.quit().catch(() => client.disconnect());
}
