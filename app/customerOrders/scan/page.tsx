import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { HandoverScanner } from "@/components/farm-app/handover-scanner";
import { PageIntro } from "@/components/static/page-intro";
import { requireRole } from "@/server/auth/guards";

export const metadata: Metadata = {
  title: "Scan a customer's code",
  robots: { index: false },
  referrer: "no-referrer",
};

// /customerOrders/scan (farms only; issue 45 item 4): the farm app's handover scanner. The camera
// and its decoder load only here; offline, confirmations wait on the phone (decision 0054).
export default function ScanPage() {
  return (
    <>
      <PageIntro
        eyebrow="Your farm"
        title="Scan a customer's code"
        lead="Scan the QR code the customer shows you, or type the code printed under it. The handover is confirmed at once, or as soon as you are back online."
      />
      <div className="container-page py-8 sm:py-12">
        <Suspense fallback={<p className="text-stone-600">Opening the scanner…</p>}>
          <Scanner />
        </Suspense>
        <Link
          href="/customerOrders/manage"
          className="text-leaf-800 mt-10 inline-block font-semibold underline underline-offset-4"
        >
          Back to Customer Orders
        </Link>
      </div>
    </>
  );
}

async function Scanner() {
  await requireRole("/customerOrders/scan", "merchant");
  return <HandoverScanner />;
}
