import type { Metadata } from "next";
import {
  STORE_PLACEHOLDER_USERNAME,
  StorePage,
  storeMetadata,
} from "@/components/store/store-page";
import { STORE_VIEW_MODES } from "@/lib/constants";

type Props = { params: Promise<{ username: string; viewMode: string }> };

/** A name no store can have (see STORE_PLACEHOLDER_USERNAME): real stores are prerendered on their first visit, so an unknown one is a real 404. */
export function generateStaticParams(): Array<{ username: string; viewMode: string }> {
  return STORE_VIEW_MODES.map((viewMode) => ({ username: STORE_PLACEHOLDER_USERNAME, viewMode }));
}

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return storeMetadata(params);
}

// store: /stores/{username}/{viewMode}: public or deleted, the owner's only; others go back to the store (spec part 1 section 4).
// proxy.ts redirects visitors, customers and admins before rendering (a real 307); the page checks the session itself.
export default function Page({ params }: Props) {
  return <StorePage params={params} />;
}
