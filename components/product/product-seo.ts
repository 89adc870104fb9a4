import "server-only";
import type { Metadata } from "next";
import { truncate } from "@/lib/format";
import type { ProductDetail } from "@/server/catalog/get-product-detail";
import type { ReviewView } from "@/server/reviews";
import { absoluteUrl, pageMetadata } from "@/server/pages";

/** Search results show about this many characters of a description. */
const DESCRIPTION_MAX_CHARS = 155;

/**
 * The product image's slot on the page (5:4). Stored images keep their own shape (at most 1200
 * wide), so link previews are not told a size.
 */
export const PRODUCT_IMAGE_SIZE = { width: 1200, height: 960 } as const;

export const productPath = (id: number) => `/products/${id}`;

/** "Heirloom Tomatoes from maple_ridge_farm" (the layout adds " | Local Produce Marketplace"). */
export function productTitle(product: Pick<ProductDetail, "name" | "merchant_username">): string {
  return `${product.name} from ${product.merchant_username}`;
}

/** The product page's title, description, canonical URL and link preview (its own image). */
export function productMetadata(product: ProductDetail): Metadata {
  return pageMetadata({
    title: productTitle(product),
    description: truncate(product.detail.replace(/\s+/g, " ").trim(), DESCRIPTION_MAX_CHARS),
    path: productPath(product.id),
    image: product.product_image ? { url: product.product_image, alt: product.name } : null,
  });
}

/**
 * A schema.org Product: name, image, description, sku (our id), the farm as brand and seller, an
 * offer with price, currency, availability and URL, and the rating only when there are reviews
 * (search engines reject an aggregateRating with no reviews), with the reviews the page shows
 * (its first page), as Google's product snippets read them. `JsonLd` escapes the text, so a
 * review holding quotes, `</script>` or line breaks stays one valid JSON value.
 */
export function productJsonLd(
  product: ProductDetail,
  reviews: readonly ReviewView[] = [],
): Record<string, unknown> {
  const url = absoluteUrl(productPath(product.id));
  const farm = {
    "@type": "Organization",
    name: product.merchant_username,
    url: absoluteUrl(`/stores/${encodeURIComponent(product.merchant_username)}`),
  };
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    ...(product.product_image ? { image: [absoluteUrl(product.product_image)] } : {}),
    description: product.detail,
    sku: String(product.id),
    url,
    brand: { "@type": "Brand", name: product.merchant_username },
    offers: {
      "@type": "Offer",
      price: product.unit_price,
      priceCurrency: product.currency,
      availability: product.in_stock
        ? "https://schema.org/InStock"
        : "https://schema.org/OutOfStock",
      url,
      seller: farm,
    },
    ...(product.review_count > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.score,
            reviewCount: product.review_count,
            bestRating: 5,
            worstRating: 1,
          },
          ...(reviews.length > 0 ? { review: reviews.map(reviewJsonLd) } : {}),
        }
      : {}),
  };
}

/** A schema.org Review: who wrote it, when, what, and the stars given. */
function reviewJsonLd(review: ReviewView): Record<string, unknown> {
  return {
    "@type": "Review",
    author: { "@type": "Person", name: review.username },
    datePublished: review.created_on.slice(0, 10),
    reviewBody: review.review,
    reviewRating: { "@type": "Rating", ratingValue: review.score, bestRating: 5, worstRating: 1 },
  };
}
