// Next's `cacheHandler` (decision 0024): prerendered pages, route answers and the fetch cache.
// With REDIS_URL, entries live in Redis under the build's id (so an old build's pages never reach a
// new build's instances) and tag state is shared (shared-cache.mjs). Without it, or while Next
// builds, this is exactly Next's own file-system cache.
//
// Fail safe: when Redis cannot be read the answer is a miss (the page is rendered), and a failed
// write is logged and dropped. A page stored here is the same for every viewer (decision 0007).
//
// In both modes an entry is dated from the lookup that started its render, not from when it was
// stored (decision 0029): a render that read the data before an edit and finished after the edit's
// revalidateTag is then older than the edit, and is rendered again instead of served stale.
import { readFileSync } from "node:fs";
import path from "node:path";
import fileSystemCacheModule from "next/dist/server/lib/incremental-cache/file-system-cache.js";
import {
  KEY_PREFIX,
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

// Node's ESM gives the CommonJS exports object; loaders that honour `__esModule` (vitest) the class.
const FileSystemCache = fileSystemCacheModule.default ?? fileSystemCacheModule;
const TAGS_HEADER = "x-next-cache-tags";

function isExpired(tags, lastModified) {
  const now = Date.now();
  return tags.some((tag) => {
    const expired = tagsManifest.get(tag)?.expired;
    return typeof expired === "number" && expired <= now && expired > lastModified;
  });
}

/** What an instance reads once from its build: the key prefix and the routes the build prerendered. */
const builds = new Map();
function readBuild(serverDistDir) {
  let build = builds.get(serverDistDir);
  if (!build) {
    // The build's own files, read at run time (not traced: they are the build output itself).
    const read = (file) =>
      readFileSync(/*turbopackIgnore: true*/ path.join(serverDistDir, "..", file), "utf8");
    let buildId = "dev"; // `next dev` has no BUILD_ID: its entries are kept apart under "dev"
    let routes = [];
    try {
      buildId = read("BUILD_ID").trim();
      routes = Object.keys(JSON.parse(read("prerender-manifest.json")).routes ?? {});
    } catch {
      // no build output: nothing prerendered
    }
    build = { keyPrefix: `${KEY_PREFIX}${buildId}:page:`, buildRoutes: new Set(routes) };
    builds.set(serverDistDir, build);
  }
  return build;
}

/**
 * The entries this instance last read or wrote, in front of Redis. A copy stays right while its
 * tags are not expired (tags are synced before every read): a page re-rendered elsewhere was
 * re-rendered because a tag moved, or because its own lifetime ran out, which Next checks from
 * `lastModified`. Module level, since Next makes a handler per request.
 */
const memory = createMemoryFront(50 * 1024 * 1024);

/**
 * When the renders of each key began (decision 0029). Next dates a stored page `Date.now()` at
 * `set`, after the render: a render that read the database before a product was added and stored
 * its page after that add's `revalidateTag` looked newer than the add and kept the old list until
 * the next edit. Every render of a key follows a lookup of that key here (Next's response cache
 * reads before it renders, and renders once per key at a time), so a lookup notes its time when
 * none younger than RENDER_WINDOW_MS is waiting, and `set` dates its entry from the oldest waiting
 * note. Never later than the render's start; at worst earlier (a note left by a lookup that was a
 * hit), which costs one more render after an edit, never a stale page. Kept per instance: the
 * render runs where its lookup did.
 */
const RENDER_WINDOW_MS = 30_000;
const MAX_NOTED_KEYS = 10_000;
const renderStarts = new Map();

function noteLookup(key, now = Date.now()) {
  const waiting = renderStarts.get(key);
  if (waiting !== undefined && now - waiting < RENDER_WINDOW_MS) return;
  renderStarts.delete(key);
  renderStarts.set(key, now);
  if (renderStarts.size > MAX_NOTED_KEYS) renderStarts.delete(renderStarts.keys().next().value);
}

/** The time the render being stored began: its lookup's note, or now when there is none. */
function takeRenderStart(key, now = Date.now()) {
  const waiting = renderStarts.get(key);
  renderStarts.delete(key);
  return waiting !== undefined && now - waiting < RENDER_WINDOW_MS ? waiting : now;
}

/**
 * Without Redis Next's file-system cache dates entries itself: each entry stored here is
 * remembered with its render's start and its own date, and read back with the start.
 */
const localDates = new Map();

function rememberLocalDate(key, startedAt, storedAt) {
  localDates.delete(key);
  localDates.set(key, { startedAt, storedAt });
  if (localDates.size > MAX_NOTED_KEYS) localDates.delete(localDates.keys().next().value);
}

function withRenderStart(key, data) {
  const dates = localDates.get(key);
  if (!data || !dates || data.lastModified === -1 || data.lastModified < dates.storedAt)
    return data;
  return { ...data, lastModified: dates.startedAt };
}

function isCurrent(data, ctx) {
  const tagsHeader = data.value?.headers?.[TAGS_HEADER];
  if (typeof tagsHeader === "string" && isExpired(tagsHeader.split(","), data.lastModified))
    return false;
  if (data.value?.kind === "FETCH")
    return !isExpired([...(ctx.tags ?? []), ...(ctx.softTags ?? [])], data.lastModified);
  return true;
}

// Next makes one of these per request: everything lasting lives at module level.
export default class SharedIncrementalCache extends FileSystemCache {
  constructor(ctx) {
    super(ctx);
    this.shared = isSharedCacheOn();
    if (this.shared) Object.assign(this, readBuild(ctx.serverDistDir));
  }

  async get(key, ctx) {
    const entry = await this.readEntry(key, ctx);
    countCacheLookup("pages", entry != null);
    return entry;
  }

  async readEntry(key, ctx) {
    noteLookup(key);
    if (!this.shared) return withRenderStart(key, await super.get(key, ctx));
    if (!(await syncTags())) return null;
    const held = memory.get(key);
    if (held && isCurrent(held, ctx)) return held;
    let stored;
    try {
      stored = await redis((r) => r.get(this.keyPrefix + key));
    } catch (error) {
      warn("could not read a page entry; rendering it", error);
      return null;
    }
    if (stored === null) {
      memory.delete(key);
      // A page the build prerendered is read from this instance's own output. Nothing else is: a
      // page another run wrote there may come from other data (decision 0007's consequences).
      const marker = key.indexOf("/$/");
      const isBuildPage = marker !== -1 && this.buildRoutes.has(key.slice(marker + 2));
      return isBuildPage ? super.get(key, ctx) : null;
    }
    const data = deserialize(stored);
    if (!isCurrent(data, ctx)) return null;
    memory.set(key, data, stored.length);
    return data;
  }

  async set(key, data, ctx) {
    const startedAt = takeRenderStart(key);
    if (!this.shared) {
      rememberLocalDate(key, startedAt, Date.now());
      return super.set(key, data, ctx);
    }
    const cacheControl = ctx.fetchCache ? undefined : ctx.cacheControl;
    const entry = { lastModified: startedAt, value: data, cacheControl };
    const ttl = ttlSeconds(cacheControl?.expire ?? data?.revalidate);
    memory.delete(key);
    try {
      if (data === null) {
        await redis((r) => r.del(this.keyPrefix + key));
      } else {
        const stored = serialize(entry);
        memory.set(key, entry, stored.length);
        await redis((r) => r.set(this.keyPrefix + key, stored, "EX", ttl));
      }
    } catch (error) {
      warn("could not store a page entry", error);
    }
  }

  async revalidateTag(tags, durations) {
    if (this.shared) return revalidateTags(tags, durations);
    return super.revalidateTag(tags, durations);
  }
}
