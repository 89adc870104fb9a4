import type { Metadata } from "next";
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

/**
 * The product page's parts, shared by its two routes: this folder's (cached whole, decision 0035)
 * and app/proxied-pages/products (rendered per request for a caching proxy, decision 0055).
 */
export async function loadProduct(productId: string): Promise<ProductDetail | null> {
  const id = parseRowId(productId);
  return id === null ? null : getCachedProductDetail(id);
}

export function productPageMetadata(product: ProductDetail | null): Metadata {
  if (!product) return { title: "Product not found", robots: { index: false } };
  return productMetadata(product);
}

// Public: the same HTML for every viewer; the review form learns who is looking in the browser.
export async function ProductPageContent({ product }: { product: ProductDetail }) {
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
