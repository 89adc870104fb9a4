import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ProductSearchPage, productSearchMetadata } from "@/components/catalog/product-search";
import { canonicalProductsPath } from "@/components/catalog/product-search-params";
import {
  readSharedSearch,
  sharedStaticParams,
  type SharedSearchParams,
} from "@/components/catalog/shared-search";
import { sortTypeOfSegment } from "@/lib/catalog/shared-pages";

type Props = { params: Promise<SharedSearchParams> };

export const generateStaticParams = sharedStaticParams;

const readSearch = (params: Props["params"]) => readSharedSearch(params, sortTypeOfSegment);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const read = await readSearch(params);
  if (!read) return { title: "Page not found" };
  return productSearchMetadata(read.search, read.city, canonicalProductsPath(read.search));
}

// A search as everyone without My Local sees it (next.config.ts rewrites /products/filtered here:
// lib/catalog/shared-pages.ts). Read outside <Suspense>: rendered on its first visit, then cached.
export default async function SharedProductSearchPage({ params }: Props) {
  const read = await readSearch(params);
  if (!read) notFound();
  return <ProductSearchPage search={Promise.resolve(read.search)} lists="shared" />;
}
