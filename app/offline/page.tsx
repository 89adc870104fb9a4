import { WifiOff } from "lucide-react";
import type { Metadata } from "next";

export const metadata: Metadata = { title: "You are offline", robots: { index: false } };

// /offline: what the farm app's service worker shows for a page it did not keep (decision 0054).
// Static, the same for everyone: the worker stores it when it installs.
export default function OfflinePage() {
  return (
    <div className="container-page flex flex-col items-center py-20 text-center sm:py-28">
      <span className="bg-leaf-100 text-leaf-700 inline-flex size-16 items-center justify-center rounded-3xl">
        <WifiOff aria-hidden className="size-8" strokeWidth={1.5} />
      </span>
      <h1 className="mt-6 text-3xl font-extrabold sm:text-4xl">You are offline</h1>
      <p className="mt-4 max-w-md text-lg leading-relaxed text-stone-700">
        This page needs the network. Your recent customer orders and the handover scanner still
        work: confirmations you make now are sent when you are back online.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        {/* Plain links: a full load, which the service worker answers from what it kept. */}
        <a
          href="/customerOrders/manage"
          className="bg-leaf-700 inline-flex h-12 items-center rounded-full px-6 font-semibold text-white"
        >
          Customer Orders
        </a>
        <a
          href="/customerOrders/scan"
          className="border-leaf-700 text-leaf-800 inline-flex h-12 items-center rounded-full border px-6 font-semibold"
        >
          Scan a customer&rsquo;s code
        </a>
      </div>
    </div>
  );
}
