import type { Metadata } from "next";
import { StorePage, storeMetadata } from "@/components/store/store-page";

type Props = { params: Promise<{ username: string }> };

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return storeMetadata(params);
}

// store: /stores/{username}: the farm's profile and products; its owner gets edit mode (spec part 1 section 2)
export default function Page({ params }: Props) {
  return <StorePage params={params} />;
}
