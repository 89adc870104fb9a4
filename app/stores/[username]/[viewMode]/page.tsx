import type { Metadata } from "next";
import { StorePage, storeMetadata } from "@/components/store/store-page";

type Props = { params: Promise<{ username: string; viewMode: string }> };

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return storeMetadata(params);
}

// store: /stores/{username}/{viewMode}: public or deleted, the owner's only; others go back to the store (spec part 1 section 4)
export default function Page({ params }: Props) {
  return <StorePage params={params} />;
}
