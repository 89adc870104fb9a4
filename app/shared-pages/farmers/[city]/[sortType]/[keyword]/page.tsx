import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { FarmersListPage, farmersListMetadata } from "@/components/catalog/farmers-list";
import {
  readSharedSearch,
  sharedStaticParams,
  type SharedSearchParams,
} from "@/components/catalog/shared-search";
import { farmerSortTypeOfSegment } from "@/lib/catalog/shared-pages";

type Props = { params: Promise<SharedSearchParams> };

export const generateStaticParams = sharedStaticParams;

const readSearch = (params: Props["params"]) => readSharedSearch(params, farmerSortTypeOfSegment);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const read = await readSearch(params);
  return read ? farmersListMetadata(read.search.keyword, read.city) : { title: "Page not found" };
}

// The farmers list as everyone without My Local sees it (next.config.ts rewrites /merchants/list here:
// lib/catalog/shared-pages.ts). Read outside <Suspense>: rendered on its first visit, then cached.
export default async function SharedFarmersListPage({ params }: Props) {
  const read = await readSearch(params);
  if (!read) notFound();
  return <FarmersListPage search={Promise.resolve(read.search)} lists="shared" />;
}
