import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// This file's site address, set before anything reads the environment.
vi.hoisted(() => {
  process.env.APP_URL = "https://market.example.com";
});

// Outside Next the data cache is a plain call.
vi.mock("next/cache", () => ({ cacheLife: () => {}, cacheTag: () => {}, revalidateTag: () => {} }));

import { generateMetadata } from "@/app/products/[productId]/page";
import { getProductDetail, type ProductDetail } from "@/server/catalog/get-product-detail";
import type { Db } from "@/server/db/client";
import { JsonLd, serializeJsonLd } from "@/server/seo";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import {
  createCustomer,
  createMerchant,
  createProduct,
  createReview,
} from "@/server/db/seed/factories";
import { productJsonLd, productMetadata } from "./product-seo";

let db: Db;
let reviewed: ProductDetail;
let unreviewed: ProductDetail;

beforeAll(async () => {
  db = await createRouteTestDb();
  const farm = await createMerchant(db, { username: "maple_ridge_farm" });
  const product = await createProduct(db, {
    merchantId: farm.id,
    name: "Honeycrisp Apples",
    detail: `Crisp, sweet and juicy. ${"Picked by hand in the morning. ".repeat(8)}`,
    unitPriceCents: 450,
    unitWeightSymbol: "lbs",
    image: "product/00112233445566778899aabbccddeeff",
  });
  const [a, b] = await Promise.all([createCustomer(db), createCustomer(db)]);
  await createReview(db, { productId: product.id, memberId: a.id, score: 5 });
  await createReview(db, { productId: product.id, memberId: b.id, score: 4 });
  reviewed = (await getProductDetail(db, product.id))!;
  const plain = await createProduct(db, {
    merchantId: farm.id,
    name: "Kale </script><script>alert(1)</script>",
    inStock: false,
    image: null,
  });
  unreviewed = (await getProductDetail(db, plain.id))!;
});
afterAll(() => closeTestDb(db));

const params = (productId: string) => ({ params: Promise.resolve({ productId }) });

describe("product page metadata", () => {
  it("has its own title, a cut description, the canonical URL and the product image for previews", async () => {
    const metadata = await generateMetadata(params(String(reviewed.id)));
    const url = `https://market.example.com/products/${reviewed.id}`;
    expect(metadata.title).toBe("Honeycrisp Apples from maple_ridge_farm");
    expect(typeof metadata.description).toBe("string");
    expect(metadata.description!.length).toBeLessThanOrEqual(158);
    expect(metadata.description).toMatch(/^Crisp, sweet and juicy\. Picked by hand.*\.\.\.$/);
    expect(metadata.alternates?.canonical).toBe(url);
    expect(metadata.openGraph).toMatchObject({
      url,
      title: "Honeycrisp Apples from maple_ridge_farm",
      siteName: "Local Produce Marketplace",
      images: [
        {
          url: "https://market.example.com/uploads/product/00112233445566778899aabbccddeeff-lg.webp",
          alt: "Honeycrisp Apples",
        },
      ],
    });
    expect(metadata.twitter).toMatchObject({ card: "summary_large_image" });
  });

  it.each(["0", "abc", "012", "99999999999", "424242"])(
    "is a not-found, unindexed title for %s",
    async (id) => {
      expect(await generateMetadata(params(id))).toEqual({
        title: "Product not found",
        robots: { index: false },
      });
    },
  );

  it("uses a summary card without an image", () => {
    expect(productMetadata(unreviewed).twitter).toMatchObject({ card: "summary" });
    expect(productMetadata(unreviewed).openGraph?.images).toBeUndefined();
  });
});

describe("product JSON-LD", () => {
  it("describes the product, its farm, the offer and the rating", () => {
    const url = `https://market.example.com/products/${reviewed.id}`;
    expect(productJsonLd(reviewed)).toEqual({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Honeycrisp Apples",
      image: [
        "https://market.example.com/uploads/product/00112233445566778899aabbccddeeff-lg.webp",
      ],
      description: reviewed.detail,
      sku: String(reviewed.id),
      url,
      brand: { "@type": "Brand", name: "maple_ridge_farm" },
      offers: {
        "@type": "Offer",
        price: "4.50",
        priceCurrency: "CAD",
        availability: "https://schema.org/InStock",
        url,
        seller: {
          "@type": "Organization",
          name: "maple_ridge_farm",
          url: "https://market.example.com/stores/maple_ridge_farm",
        },
      },
      aggregateRating: {
        "@type": "AggregateRating",
        ratingValue: 4.5,
        reviewCount: 2,
        bestRating: 5,
        worstRating: 1,
      },
    });
  });

  it("says out of stock and leaves the rating out without reviews", () => {
    const data = productJsonLd(unreviewed);
    expect(data).not.toHaveProperty("aggregateRating");
    expect(data).not.toHaveProperty("image");
    expect(data.offers).toMatchObject({ availability: "https://schema.org/OutOfStock" });
  });

  it("cannot close its script element, whatever the product is called", () => {
    const html = renderToStaticMarkup(createElement(JsonLd, { data: productJsonLd(unreviewed) }));
    expect(html.startsWith('<script type="application/ld+json">')).toBe(true);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain(
      "Kale \\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e",
    );
    const json = html.slice(html.indexOf(">") + 1, html.lastIndexOf("</script>"));
    expect(JSON.parse(json)).toMatchObject({ name: "Kale </script><script>alert(1)</script>" });
  });

  it("escapes &, > and the JavaScript line separators too", () => {
    expect(serializeJsonLd({ a: "x & y > z \u2028\u2029" })).toBe(
      '{"a":"x \\u0026 y \\u003e z \\u2028\\u2029"}',
    );
  });
});
