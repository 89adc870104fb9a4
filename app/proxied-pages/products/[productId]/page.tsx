import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import {
  loadProduct,
  ProductPageContent,
  productPageMetadata,
} from "@/app/products/[productId]/product-page";

type Props = { params: Promise<{ productId: string }> };

/**
 * /products/{productId} as a caching proxy asks for it (decision 0055; the rewrite and the
 * answer's Cache-Control and xkey are in next.config.ts): rendered once per request, with no
 * prerender to fill Next's page cache, its data from the same 'use cache' entries. The proxy keeps
 * the answer; the app purges it by its tags. Blocking (`instant = false`), so a product that does
 * not exist still answers 404, never a streamed 200.
 */
export const instant = false;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await connection();
  return productPageMetadata(await loadProduct((await params).productId));
}

export default async function ProxiedProductPage({ params }: Props) {
  await connection();
  const product = await loadProduct((await params).productId);
  if (!product) notFound();
  return <ProductPageContent product={product} />;
}
