import type { Metadata } from "next";
import {
  STORE_PLACEHOLDER_USERNAME,
  StorePage,
  storeMetadata,
} from "@/components/store/store-page";

type Props = { params: Promise<{ username: string }> };

export function generateStaticParams(): Array<{ username: string }> {
  return [{ username: STORE_PLACEHOLDER_USERNAME }];
}

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return storeMetadata(params);
}

// A store as everyone but a farm sees it (next.config.ts rewrites /stores/{username} here:
// lib/catalog/shared-pages.ts): no session read at all, so the whole page is cached.
export default function SharedStorePage({ params }: Props) {
  return <StorePage params={params} shared />;
}
