import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { loadProduct, ProductPageContent, productPageMetadata } from "./product-page";

type Props = { params: Promise<{ productId: string }> };

/**
 * Cache Components needs at least one param to prerender. The build has no database to read, so
 * it prerenders id 0, which names no product (a 404 without a query). Every real product page is
 * rendered on its first visit and then served from the cache until its tags are revalidated
 * (an edit, a review, a store change): `params` is awaited outside <Suspense> for that reason.
 * Behind a caching proxy, the proxy's requests go to app/proxied-pages/products instead
 * (next.config.ts, decision 0055).
 */
export function generateStaticParams() {
  return [{ productId: "0" }];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return productPageMetadata(await loadProduct((await params).productId));
}

// productDetail: /products/{productId} (spec part 1 sections 2, 3, 5 and 8). Public and cached
// whole: the same HTML for every viewer.
export default async function ProductPage({ params }: Props) {
  const product = await loadProduct((await params).productId);
  if (!product) notFound();
  return <ProductPageContent product={product} />;
}
