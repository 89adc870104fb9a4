import "server-only";
import { eq, inArray } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { members, products } from "@/server/db/schema";
import { getEnv } from "@/server/env";
import { log } from "@/server/log";
import { CACHE_TAGS } from "./cache-tags";

/** Keys per purge request: a store's product tags can be thousands, and headers have a limit. */
const KEYS_PER_PURGE = 200;
/**
 * A render that read the data before the change and finishes after the first purge would be kept
 * (the proxy has no date to compare, unlike Next's cache, decision 0029): a second purge this much
 * later drops it. Renders take tens of milliseconds.
 */
const SECOND_PURGE_MS = 1_500;

const STORE_TAG = /^store:(.+)$/;

/**
 * Beside every `revalidateTag`: purges the caching proxy in front (decision 0055) of the pages
 * carrying these tags, on every proxy of CACHE_PROXY_PURGE_URL. A product page carries
 * `product:<id>` only (its URL names no store), so a store's tag also purges its products' pages.
 * Sent without waiting (a failure is logged, the page then lives until its s-maxage) and again a
 * moment later; a no-op without a proxy.
 */
export function purgeCacheProxy(tags: Iterable<string>): void {
  const { CACHE_PROXY_PURGE_URL: urls, CACHE_PROXY_PURGE_SECRET: secret } = getEnv();
  if (!urls || !secret) return;
  const list = [...new Set(tags)];
  if (list.length === 0) return;
  const run = async () => {
    const keys = await withStoresProducts(list);
    for (let i = 0; i < keys.length; i += KEYS_PER_PURGE) {
      const xkey = keys.slice(i, i + KEYS_PER_PURGE).join(" ");
      await Promise.all(urls.map((url) => sendPurge(url, secret, xkey)));
    }
  };
  const attempt = () =>
    run().catch((error: unknown) =>
      log.warn({ err: error, tags: list }, "cache proxy purge failed"),
    );
  void attempt();
  setTimeout(() => void attempt(), SECOND_PURGE_MS).unref();
}

async function sendPurge(url: string, secret: string, xkey: string): Promise<void> {
  const res = await fetch(url, {
    method: "PURGE",
    headers: { "x-purge-secret": secret, xkey },
    signal: AbortSignal.timeout(5_000),
  });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
}

/** The tags, plus `product:<id>` of every product of each store named by a `store:` tag. */
async function withStoresProducts(tags: string[]): Promise<string[]> {
  const usernames = tags.flatMap((tag) => STORE_TAG.exec(tag)?.[1] ?? []);
  if (usernames.length === 0) return tags;
  const db = await getDb();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(members, eq(members.id, products.merchantId))
    .where(inArray(members.username, usernames));
  return [...new Set([...tags, ...rows.map((r) => CACHE_TAGS.product(r.id))])];
}
