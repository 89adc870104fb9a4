import type { Metadata } from "next";
import { Suspense } from "react";
import { DreamTrackerView } from "@/components/cart/dream-tracker-view";
import { ListSkeleton } from "@/components/cart/list-skeleton";
import { loadCartList } from "@/server/pages";

export const metadata: Metadata = { title: "Dream Tracker", robots: { index: false } };

// GET /dreamtracker: the wish list of the member or the visitor
export default function DreamTrackerPage() {
  return (
    <div className="container-page py-8 sm:py-12">
      <h1 className="text-2xl font-extrabold sm:text-3xl">Dream Tracker</h1>
      <p className="mt-2 max-w-2xl text-stone-700">
        Products you would like to buy one day. Move them to your cart when you are ready.
      </p>
      <div className="mt-6 max-w-3xl">
        <Suspense fallback={<ListSkeleton label="Loading your dream tracker…" />}>
          <DreamTracker />
        </Suspense>
      </div>
    </div>
  );
}

async function DreamTracker() {
  const { list, signedIn } = await loadCartList("dreamtracker");
  return <DreamTrackerView initial={list} signedIn={signedIn} />;
}
