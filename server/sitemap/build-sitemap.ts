import "server-only";
import { and, asc, eq, exists, gt, lte, max, sql } from "drizzle-orm";
import { cacheLife, cacheTag } from "next/cache";
import { isFeatureOn, type Feature } from "@/lib/features";
import { CACHE_TAGS } from "@/server/catalog/cache-tags";
import { getDb, type Db } from "@/server/db/client";
import { members, products } from "@/server/db/schema";
import { absoluteUrl } from "@/server/seo";

/** The sitemap protocol's limit of URLs in one file (and of files in one index). */
export const SITEMAP_MAX_URLS = 50_000;

/** The public pages anyone may land on, each shown only while its area is shipped. */
const STATIC_PAGES: ReadonlyArray<{ path: string; feature: Feature | null }> = [
  { path: "/", feature: null },
  { path: "/products/filtered", feature: "catalog" },
  { path: "/merchants/list", feature: "catalog" },
  { path: "/pricing", feature: null },
  { path: "/howItWorks", feature: null },
  { path: "/howItWorks/merchant", feature: null },
  { path: "/contactUs", feature: "contact" },
  { path: "/register", feature: "accounts" },
  { path: "/merchants/register", feature: "accounts" },
  { path: "/termsOfUse", feature: null },
  { path: "/privacyPolicy", feature: null },
  { path: "/credits", feature: null },
];

/** Crawlers may keep a sitemap for an hour; the data behind it is cached and tag-invalidated. */
export const SITEMAP_HEADERS = {
  "Content-Type": "application/xml; charset=utf-8",
  "Cache-Control": "public, max-age=3600",
} as const;

type Entry = { path: string; lastModified?: Date };

/** Where the parts of a large sitemap are served: `/sitemaps/pages.xml`, `/sitemaps/products-0.xml`... */
export const sitemapPartPath = (part: string) => `/sitemaps/${part}.xml`;

/**
 * The sitemap documents. `root` (served as /sitemap.xml) lists every public page, every store with
 * an active product and every active product when they fit in one file; past 50,000 URLs it is an
 * index of `pages` (static pages and stores) and `products-{n}` (active products with ids in the
 * n-th block of 50,000, so each part is one primary-key range). Null for an unknown part.
 * At most three statements per document, each on an index.
 */
export async function buildSitemap(
  db: Db,
  part: string,
  { maxUrls = SITEMAP_MAX_URLS }: { maxUrls?: number } = {},
): Promise<string | null> {
  if (part === "root") {
    const [maxId, pages] = [await maxProductId(db), await listPages(db, maxUrls)];
    // Active products never outnumber the highest id, so this decides without counting them.
    if (pages.length + maxId <= maxUrls)
      return urlSet([...pages, ...(await listProducts(db, 0, maxId))]);
    const blocks = Math.ceil(maxId / maxUrls);
    return sitemapIndex(["pages", ...Array.from({ length: blocks }, (_, n) => `products-${n}`)]);
  }
  if (part === "pages") return urlSet(await listPages(db, maxUrls));
  const block = /^products-(\d{1,6})$/.exec(part);
  if (block) {
    const n = Number(block[1]);
    return urlSet(await listProducts(db, n * maxUrls, (n + 1) * maxUrls));
  }
  return null;
}

/** `buildSitemap` through the data cache, refreshed when products or farms change. */
export async function getCachedSitemap(part: string): Promise<string | null> {
  "use cache";
  cacheLife("hours");
  cacheTag(CACHE_TAGS.PRODUCT_LISTS, CACHE_TAGS.MERCHANT_LISTS);
  return buildSitemap(await getDb(), part);
}

async function maxProductId(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(products.id) }).from(products);
  return row?.id ?? 0;
}

/** Static pages, then the farms that sell something (an index probe per farm, by id). */
async function listPages(db: Db, maxUrls: number): Promise<Entry[]> {
  const pages: Entry[] = STATIC_PAGES.filter((p) => isFeatureOn(p.feature)).map(({ path }) => ({
    path,
  }));
  if (!isFeatureOn("catalog")) return pages;
  const stores = await db
    .select({ username: members.username, updatedAt: members.updatedAt })
    .from(members)
    .where(
      and(
        eq(members.memberType, "merchant"),
        exists(
          db
            .select({ one: sql`1` })
            .from(products)
            .where(and(eq(products.merchantId, members.id), eq(products.status, "active"))),
        ),
      ),
    )
    .orderBy(asc(members.id))
    .limit(maxUrls - pages.length);
  return [
    ...pages,
    ...stores.map((s) => ({
      path: `/stores/${encodeURIComponent(s.username)}`,
      lastModified: s.updatedAt,
    })),
  ];
}

/** Active products with `afterId < id <= upToId`, in id order (a primary-key range scan). */
async function listProducts(db: Db, afterId: number, upToId: number): Promise<Entry[]> {
  if (!isFeatureOn("catalog")) return [];
  const rows = await db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(and(gt(products.id, afterId), lte(products.id, upToId), eq(products.status, "active")))
    .orderBy(asc(products.id));
  return rows.map((r) => ({ path: `/products/${r.id}`, lastModified: r.updatedAt }));
}

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};
const xmlText = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

function urlSet(entries: Entry[]): string {
  const urls = entries.map(({ path, lastModified }) => {
    const lastmod = lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : "";
    return `<url><loc>${xmlText(absoluteUrl(path))}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

function sitemapIndex(parts: string[]): string {
  const items = parts.map(
    (part) => `<sitemap><loc>${xmlText(absoluteUrl(sitemapPartPath(part)))}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`;
}
