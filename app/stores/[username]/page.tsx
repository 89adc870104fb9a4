import type { Metadata } from "next";
import {
  STORE_PLACEHOLDER_USERNAME,
  StorePage,
  storeMetadata,
} from "@/components/store/store-page";

type Props = { params: Promise<{ username: string }> };

/** A name no store can have (see STORE_PLACEHOLDER_USERNAME): real stores are prerendered on their first visit, so an unknown one is a real 404. */
export function generateStaticParams(): Array<{ username: string }> {
  return [{ username: STORE_PLACEHOLDER_USERNAME }];
}

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return storeMetadata(params);
}

// store: /stores/{username}: the farm's profile and products; its owner gets edit mode (spec part 1 section 2)
export default function Page({ params }: Props) {
  return <StorePage params={params} />;
}
