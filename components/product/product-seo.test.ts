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
import { listReviews } from "@/server/reviews";
import { productJsonLd, productMetadata } from "./product-seo";

let db: Db;
let reviewed: ProductDetail;
let unreviewed: ProductDetail;
let awkward: ProductDetail;

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
  const jam = await createProduct(db, { merchantId: farm.id, name: 'Jam "the best"' });
  const c = await createCustomer(db);
  await createReview(db, {
    productId: jam.id,
    memberId: c.id,
    score: 3,
    content: 'Said "wow".\nThen </script><script>alert(1)</script> \u2028 and \\ done',
  });
  awkward = (await getProductDetail(db, jam.id))!;
});

/**
 * The structure Google's Rich Results test asks of a product snippet (developers.google.com,
 * "Product snippet" and "Review snippet" structured data): a Product with a name and a review or
 * an aggregateRating; an AggregateRating with a numeric ratingValue within its best and worst and
 * a whole reviewCount above 0; each Review with an author (a Person or Organization with a name),
 * a Rating with a ratingValue in range, and an ISO date. Returns what is wrong, [] when nothing.
 */
function richResultProblems(data: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === "object" && v !== null && !Array.isArray(v);
  if (data["@context"] !== "https://schema.org") problems.push("@context");
  if (data["@type"] !== "Product") problems.push("@type Product");
  if (typeof data.name !== "string" || data.name === "") problems.push("name");
  if (!("review" in data) && !("aggregateRating" in data) && !("offers" in data))
    problems.push("review, aggregateRating or offers");
  const inRange = (rating: Record<string, unknown>, where: string) => {
    const best = rating.bestRating ?? 5;
    const worst = rating.worstRating ?? 1;
    if (typeof rating.ratingValue !== "number") problems.push(`${where}.ratingValue is a number`);
    else if (rating.ratingValue < Number(worst) || rating.ratingValue > Number(best))
      problems.push(`${where}.ratingValue within ${worst}-${best}`);
  };
  if ("aggregateRating" in data) {
    const agg = data.aggregateRating;
    if (!isObject(agg) || agg["@type"] !== "AggregateRating") problems.push("AggregateRating");
    else {
      inRange(agg, "aggregateRating");
      if (!Number.isInteger(agg.reviewCount) || Number(agg.reviewCount) < 1)
        problems.push("aggregateRating.reviewCount is a whole number above 0");
    }
  }
  if ("review" in data) {
    if (!Array.isArray(data.review) || data.review.length === 0) problems.push("review list");
    for (const [i, review] of (Array.isArray(data.review) ? data.review : []).entries()) {
      const where = `review[${i}]`;
      if (!isObject(review) || review["@type"] !== "Review") {
        problems.push(`${where} @type Review`);
        continue;
      }
      const author = review.author;
      if (!isObject(author) || !["Person", "Organization"].includes(String(author["@type"])))
        problems.push(`${where}.author is a Person or Organization`);
      else if (typeof author.name !== "string" || author.name === "" || author.name.length > 100)
        problems.push(`${where}.author.name`);
      const rating = review.reviewRating;
      if (!isObject(rating) || rating["@type"] !== "Rating") problems.push(`${where}.reviewRating`);
      else inRange(rating, `${where}.reviewRating`);
      if (
        typeof review.datePublished !== "string" ||
        !/^\d{4}-\d{2}-\d{2}/.test(review.datePublished)
      )
        problems.push(`${where}.datePublished is an ISO date`);
      if ("reviewBody" in review && typeof review.reviewBody !== "string")
        problems.push(`${where}.reviewBody is text`);
    }
  }
  return problems;
}

/** The JSON-LD as a browser and a crawler read it from the rendered page. */
function parsedFromPage(data: Record<string, unknown>): Record<string, unknown> {
  const html = renderToStaticMarkup(createElement(JsonLd, { data }));
  expect(html.match(/<\/script>/g)).toHaveLength(1);
  const json = html.slice(html.indexOf(">") + 1, html.lastIndexOf("</script>"));
  expect(json).not.toMatch(/[\n\r\u2028\u2029]/);
  return JSON.parse(json) as Record<string, unknown>;
}
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

  it("carries the shown reviews and the rating in the structure Google's product snippets require", async () => {
    const { reviews } = await listReviews(db, { productId: reviewed.id });
    const data = parsedFromPage(productJsonLd(reviewed, reviews));
    expect(richResultProblems(data)).toEqual([]);
    expect(data.aggregateRating).toMatchObject({ ratingValue: 4.5, reviewCount: 2 });
    expect(data.review).toHaveLength(2);
    expect((data.review as unknown[])[0]).toEqual({
      "@type": "Review",
      author: { "@type": "Person", name: expect.any(String) },
      datePublished: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      reviewBody: "Fresh and tasty, will buy again!",
      reviewRating: {
        "@type": "Rating",
        ratingValue: expect.any(Number),
        bestRating: 5,
        worstRating: 1,
      },
    });
  });

  it("stays valid JSON with the review's own text whatever it holds: quotes, </script>, line breaks", async () => {
    const { reviews } = await listReviews(db, { productId: awkward.id });
    const data = parsedFromPage(productJsonLd(awkward, reviews));
    expect(richResultProblems(data)).toEqual([]);
    expect(data.name).toBe('Jam "the best"');
    expect((data.review as Array<{ reviewBody: string }>)[0]!.reviewBody).toBe(
      'Said "wow".\nThen </script><script>alert(1)</script> \u2028 and \\ done',
    );
  });

  it("finds what a snippet would lack", () => {
    expect(
      richResultProblems({
        "@context": "https://schema.org",
        "@type": "Product",
        name: "",
        aggregateRating: { "@type": "AggregateRating", ratingValue: "4", reviewCount: 0 },
        review: [
          {
            "@type": "Review",
            author: "someone",
            reviewRating: { "@type": "Rating", ratingValue: 9 },
          },
        ],
      }),
    ).toEqual([
      "name",
      "aggregateRating.ratingValue is a number",
      "aggregateRating.reviewCount is a whole number above 0",
      "review[0].author is a Person or Organization",
      "review[0].reviewRating.ratingValue within 1-5",
      "review[0].datePublished is an ISO date",
    ]);
  });

  it("escapes &, > and the JavaScript line separators too", () => {
    expect(serializeJsonLd({ a: "x & y > z \u2028\u2029" })).toBe(
      '{"a":"x \\u0026 y \\u003e z \\u2028\\u2029"}',
    );
  });
});
