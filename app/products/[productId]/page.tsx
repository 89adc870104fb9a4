import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ProductDetailView } from "@/components/product/product-detail";
import { RatingDistribution } from "@/components/product/rating-distribution";
import { productJsonLd, productMetadata } from "@/components/product/product-seo";
import { getCachedProductDetail, type ProductDetail } from "@/server/catalog/get-product-detail";
import { getEnv } from "@/server/env";
import { parseRowId } from "@/lib/row-id";
import { JsonLd } from "@/server/seo";
import { getCachedFirstReviewsOf } from "@/server/reviews/first-reviews";
import { OwnersFreshCopy } from "./owners-fresh-copy";
import { ProductReviews } from "./product-reviews";

type Props = { params: Promise<{ productId: string }> };

/**
 * Cache Components needs at least one param to prerender. The build has no database to read, so
 * it prerenders id 0, which names no product (a 404 without a query). Every real product page is
 * rendered on its first visit and then served from the cache until its tags are revalidated
 * (an edit, a review, a store change): `params` is awaited outside <Suspense> for that reason.
 */
export function generateStaticParams() {
  return [{ productId: "0" }];
}

async function loadProduct(params: Props["params"]): Promise<ProductDetail | null> {
  const id = parseRowId((await params).productId);
  return id === null ? null : getCachedProductDetail(id);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const product = await loadProduct(params);
  if (!product) return { title: "Product not found", robots: { index: false } };
  return productMetadata(product);
}

// productDetail: /products/{productId} (spec part 1 sections 2, 3, 5 and 8). Public and cached
// whole: the same HTML for every viewer; the review form learns who is looking in the browser.
export default async function ProductPage({ params }: Props) {
  const product = await loadProduct(params);
  if (!product) notFound();
  // The review count comes with the product: the first page is then one statement (none if 0).
  const firstReviews = await getCachedFirstReviewsOf(product.id, product.review_count);

  return (
    <div className="container-page flex flex-col gap-12 py-8 sm:py-12">
      <JsonLd data={productJsonLd(product, firstReviews.reviews)} />
      <OwnersFreshCopy productId={product.id} copyVersion={product.updated_at} />
      <ProductDetailView product={product} cardPaymentsEnabled={getEnv().cardPaymentsEnabled} />
      <section
        id="reviews"
        aria-labelledby="reviews-heading"
        className="flex scroll-mt-20 flex-col gap-5"
      >
        <h2 id="reviews-heading" className="text-2xl font-extrabold">
          Reviews
        </h2>
        <RatingDistribution
          score={product.score}
          counts={product.rating_counts}
          total={product.review_count}
        />
        {/* The viewer's own review and the form's state come with the shell's viewer call. */}
        <ProductReviews
          productId={product.id}
          merchantUsername={product.merchant_username}
          initial={firstReviews}
        />
      </section>
    </div>
  );
}
