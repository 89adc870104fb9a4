import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.APP_URL = "https://market.example.com";
});
vi.mock("next/cache", () => ({ cacheLife: () => {}, cacheTag: () => {} }));

import type { Db } from "@/server/db/client";
import { closeTestDb, createTestDb } from "@/tests/db";
import {
  createCustomer,
  createMerchant,
  createProduct,
  type Product,
} from "@/server/db/seed/factories";
import { buildSitemap } from "./build-sitemap";

const SITE = "https://market.example.com";
let db: Db;
let active: Product[];
let deleted: Product;
let removed: Product;

beforeAll(async () => {
  db = await createTestDb();
  const selling = await createMerchant(db, { username: "green_acres" });
  const idle = await createMerchant(db, { username: "idle_farm" });
  await createCustomer(db, { username: "just_a_customer" });
  active = [
    await createProduct(db, { merchantId: selling.id }),
    await createProduct(db, { merchantId: selling.id }),
  ];
  deleted = await createProduct(db, { merchantId: idle.id, status: "deleted" });
  removed = await createProduct(db, { merchantId: idle.id, status: "removed" });
  active.push(await createProduct(db, { merchantId: selling.id, inStock: false }));
});
afterAll(() => closeTestDb(db));

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe("buildSitemap", () => {
  it("lists the public pages, the stores that sell something and every active product", async () => {
    const xml = (await buildSitemap(db, "root"))!;
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    const urls = locs(xml);
    expect(urls).toEqual(
      expect.arrayContaining([
        `${SITE}/`,
        `${SITE}/pricing`,
        `${SITE}/products/filtered`,
        `${SITE}/termsOfUse`,
      ]),
    );
    expect(urls).toContain(`${SITE}/stores/green_acres`);
    expect(urls).not.toContain(`${SITE}/stores/idle_farm`);
    expect(urls.filter((u) => u!.includes("/stores/"))).toHaveLength(1);
    const productUrls = urls.filter((u) => u!.includes("/products/") && !u!.endsWith("/filtered"));
    expect(productUrls).toEqual(active.map((p) => `${SITE}/products/${p.id}`));
    expect(urls).not.toContain(`${SITE}/products/${deleted.id}`);
    expect(urls).not.toContain(`${SITE}/products/${removed.id}`);
    // Account, checkout and admin pages are never listed; Contact Us is a public page.
    expect(urls).toContain(`${SITE}/contactUs`);
    expect(
      urls.some((u) =>
        /login|cart|checkout|profile|settings|Manager|adminInbox|adminAudit/.test(u!),
      ),
    ).toBe(false);
    expect(xml).toMatch(
      new RegExp(
        `<loc>${SITE}/products/${active[0]!.id}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}T[^<]+Z</lastmod>`,
      ),
    );
  });

  it("becomes an index of parts past the URL limit, each part within it", async () => {
    const limit = 14;
    const index = (await buildSitemap(db, "root", { maxUrls: limit }))!;
    expect(index).toContain("<sitemapindex");
    const maxId = Math.max(...[...active, deleted, removed].map((p) => p.id));
    const blocks = Math.ceil(maxId / limit);
    expect(locs(index)).toEqual([
      `${SITE}/sitemaps/pages.xml`,
      ...Array.from({ length: blocks }, (_, n) => `${SITE}/sitemaps/products-${n}.xml`),
    ]);

    const pages = locs((await buildSitemap(db, "pages", { maxUrls: limit }))!);
    expect(pages).toContain(`${SITE}/stores/green_acres`);
    const products = [];
    for (let n = 0; n < blocks; n++) {
      const part = locs((await buildSitemap(db, `products-${n}`, { maxUrls: limit }))!);
      expect(part.length).toBeLessThanOrEqual(limit);
      products.push(...part);
    }
    expect(products).toEqual(active.map((p) => `${SITE}/products/${p.id}`));
  });

  it.each(["nothing", "products-x", "products-1234567", "root2"])(
    "knows no part called %s",
    async (part) => {
      expect(await buildSitemap(db, part)).toBeNull();
    },
  );
});
