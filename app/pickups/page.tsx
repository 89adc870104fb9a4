import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { PickupTime } from "@/components/checkout/pickup-time";
import { PrintButton } from "@/components/orders/print-button";
import { PageIntro } from "@/components/static/page-intro";
import { requireRole } from "@/server/auth/guards";
import { getDb } from "@/server/db/client";
import {
  listFarmPickups,
  type PickupDay,
  type PickupWindowDay,
} from "@/server/pickup/farm-pickups";

export const metadata: Metadata = { title: "Pickups", robots: { index: false } };

type Props = { searchParams: Promise<{ day?: string | string[] }> };

// pickups: /pickups?day=YYYY-MM-DD (farms only; issue 41 item 5): the next two weeks' pickup days,
// and one day's windows (today's or the next by default) with their orders, what to pack and the
// handover state; printable
export default function PickupsPage({ searchParams }: Props) {
  return (
    <>
      <PageIntro
        eyebrow="Your farm"
        title="Pickups"
        lead="Today's and the next pickup windows: who comes, what to pack, and what was handed over."
      />
      <div className="container-page py-8 sm:py-12" data-print-page>
        <Suspense fallback={<p className="text-stone-600">Loading your pickups…</p>}>
          <Pickups searchParams={searchParams} />
        </Suspense>
      </div>
    </>
  );
}

async function Pickups({ searchParams }: Props) {
  const member = await requireRole("/pickups", ["merchant"]);
  const asked = (await searchParams).day;
  const { days, day, windows } = await listFarmPickups(await getDb(), member.id, {
    day: typeof asked === "string" ? asked : null,
  });
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <PrintButton label="Print pickups" />
        <Link
          href="/settings?section=pickup"
          className="text-leaf-800 text-sm font-semibold underline-offset-2 hover:underline"
        >
          Edit pickup windows
        </Link>
      </div>
      {days.length > 1 ? <DayLinks days={days} current={day} /> : null}
      {windows.length === 0 ? (
        <p className="rounded-2xl border border-stone-200 bg-white p-5 text-stone-700">
          No orders to hand over in the next two weeks.
        </p>
      ) : (
        windows.map((w) => <WindowCard key={`${w.windowId}:${w.day}`} window={w} />)
      )}
    </div>
  );
}

const dayLabel = new Intl.DateTimeFormat("en-CA", {
  weekday: "short",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

/** The days with pickups, each a link; the one shown is marked for screen readers too. */
function DayLinks({ days, current }: { days: PickupDay[]; current: string | null }) {
  return (
    <nav aria-label="Pickup days" className="print:hidden">
      <ul className="flex gap-2 overflow-x-auto pb-1">
        {days.map((d) => {
          const isCurrent = d.day === current;
          return (
            <li key={d.day} className="shrink-0">
              <Link
                href={`/pickups?day=${d.day}`}
                aria-current={isCurrent ? "date" : undefined}
                className={
                  isCurrent
                    ? "bg-leaf-800 flex min-h-11 flex-col justify-center rounded-xl px-3 py-1 text-sm text-white"
                    : "hover:border-leaf-600 flex min-h-11 flex-col justify-center rounded-xl border border-stone-300 bg-white px-3 py-1 text-sm text-stone-800"
                }
              >
                <span className="font-semibold">
                  {dayLabel.format(new Date(`${d.day}T00:00:00Z`))}
                </span>
                <span>
                  {d.orders} {d.orders === 1 ? "order" : "orders"}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function WindowCard({ window: w }: { window: PickupWindowDay }) {
  const headingId = `pickup-${w.windowId}-${w.day}`;
  const waiting = w.orders.filter((o) => !o.handedOver).length;
  return (
    <section
      aria-labelledby={headingId}
      className="break-inside-avoid rounded-2xl border border-stone-200 bg-white p-4 sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-bold text-stone-900">
        <PickupTime startsAt={w.startsAt} endsAt={w.endsAt} timeZone={w.timeZone} />
      </h2>
      <p className="text-sm text-stone-600">
        {w.placeName}
        {w.placeAddress ? ` · ${w.placeAddress}` : ""} · {w.orders.length}{" "}
        {w.orders.length === 1 ? "order" : "orders"}, {waiting} to hand over
      </p>
      <h3 className="mt-4 font-semibold text-stone-900">What to pack</h3>
      {w.pack.length === 0 ? (
        <p className="text-sm text-stone-600">Everything was handed over.</p>
      ) : (
        <ul aria-label="What to pack" className="mt-1 grid gap-1 text-stone-800 sm:grid-cols-2">
          {w.pack.map((p) => (
            <li key={`${p.productName}|${p.unit}`}>
              <strong>{p.qty}</strong> {p.unit === "ea" ? "×" : p.unit} {p.productName}
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-4 font-semibold text-stone-900">Orders</h3>
      <ul aria-label="Orders" className="mt-1 flex flex-col divide-y divide-stone-200">
        {w.orders.map((o) => (
          <li key={o.orderNo} className="py-2">
            <p className="flex flex-wrap justify-between gap-2">
              <span className="font-medium text-stone-900">
                {o.customerName} · #{o.orderNo}
              </span>
              <span className={o.handedOver ? "text-leaf-800 text-sm" : "text-sm text-amber-800"}>
                {o.handedOver ? "Handed over" : "To hand over"}
              </span>
            </p>
            <p className="text-sm text-stone-600">
              {o.lines
                .map((l) => `${l.qty} ${l.unit === "ea" ? "×" : l.unit} ${l.productName}`)
                .join(", ")}
              {o.phone ? ` · ${o.phone}` : ""}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
