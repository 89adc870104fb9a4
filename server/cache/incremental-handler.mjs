// Next's `cacheHandler` (decision 0024): prerendered pages, route answers and the fetch cache.
// With REDIS_URL, entries live in Redis under the build's id (so an old build's pages never reach a
// new build's instances) and tag state is shared (shared-cache.mjs). Without it, or while Next
// builds, this is exactly Next's own file-system cache.
//
// Fail safe: when Redis cannot be read the answer is a miss (the page is rendered), and a failed
// write is logged and dropped. A page stored here is the same for every viewer (decision 0007).
import { readFileSync } from "node:fs";
import path from "node:path";
import fileSystemCacheModule from "next/dist/server/lib/incremental-cache/file-system-cache.js";
import {
  KEY_PREFIX,
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

const FileSystemCache = fileSystemCacheModule.default;
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
    const read = (file) => readFileSync(path.join(serverDistDir, "..", file), "utf8");
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
    if (!this.shared) return super.get(key, ctx);
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
    if (!this.shared) return super.set(key, data, ctx);
    const cacheControl = ctx.fetchCache ? undefined : ctx.cacheControl;
    const entry = { lastModified: Date.now(), value: data, cacheControl };
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
    if (!this.shared) return super.revalidateTag(tags, durations);
    await revalidateTags(tags, durations);
  }
}
