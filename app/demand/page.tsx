import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { DemandTable } from "@/components/demand/demand-table";
import { PageIntro } from "@/components/static/page-intro";
import { DEMAND_AREA_KM } from "@/lib/demand/cells";
import { MIN_PEOPLE } from "@/lib/demand/publish";
import { requireRole } from "@/server/auth/guards";
import { getDb } from "@/server/db/client";
import { getFarmDemand } from "@/server/demand/get-farm-demand";

export const metadata: Metadata = { title: "Demand", robots: { index: false } };

const PATH = "/demand";

// demand: /demand (merchants only; issue 44, item 5): what people around the farm saved in their
// Dream Trackers and searched for without finding much, this week and the eight weeks before
export default function DemandPage() {
  return (
    <>
      <PageIntro
        eyebrow="Your farm"
        title="Demand"
        lead={`What people within about ${DEMAND_AREA_KM} km of your farm are looking for: what they saved in their Dream Trackers, and what they searched for and found little of nearby.`}
      />
      <div className="container-page max-w-3xl py-8 sm:py-12">
        <Suspense fallback={<p className="text-stone-600">Loading demand near you…</p>}>
          <FarmDemand />
        </Suspense>
      </div>
    </>
  );
}

async function FarmDemand() {
  const member = await requireRole(PATH, "merchant");
  const demand = await getFarmDemand(await getDb(), { merchantId: member.id });
  if (!demand.located)
    return (
      <p className="text-stone-700">
        We could not place your farm on the map yet. Add your address in your{" "}
        <Link href="/profile" className="text-leaf-700 underline">
          profile
        </Link>{" "}
        to see what people near you look for.
      </p>
    );
  return (
    <>
      <p className="text-stone-700">
        Counts are people, never names: a product or search shows only once at least {MIN_PEOPLE}{" "}
        different people in a part of your area looked for it in a week, and this week&apos;s counts
        go up in steps of {MIN_PEOPLE}. &quot;&lt;5&quot; means fewer than {MIN_PEOPLE} so far.
      </p>
      <DemandTable
        caption="Saved in Dream Trackers"
        termHeading="Product"
        rows={demand.saved}
        pastWeekStarts={demand.pastWeekStarts}
        empty="Not enough people near you have saved the same product yet."
      />
      <DemandTable
        caption="Searched for, little found"
        termHeading="Search"
        rows={demand.searches}
        pastWeekStarts={demand.pastWeekStarts}
        empty="Not enough people near you have searched for the same thing yet."
      />
    </>
  );
}
