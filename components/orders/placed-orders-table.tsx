"use client";

import { useState } from "react";
import { useHydrated } from "@/components/layout/use-hydrated";
import { HeadingCells, ScrollTable } from "@/components/ui/scroll-table";
import type { PlacedOrder } from "@/lib/orders/types";
import { Messenger } from "@/components/messaging/messenger";
import { isFeatureOn } from "@/lib/features";
import { ContactDialog } from "./contact-dialog";
import { OrderDialog } from "./order-dialog";
import { formatOrderDate } from "./order-date";
import { StatusBadge } from "./status-badge";
import type { PickupDetails } from "@/components/checkout/delivery-summary";
import { PickupTime } from "@/components/checkout/pickup-time";

/** A line's pickup window: the one its order chose at the line's farm (decision 0050). */
type RowPickup = PickupDetails & { orderId: number };

/**
 * The member's purchases, one row per order line: the order number opens the order modal (its lines,
 * handover QR codes and Cancel), the farmer's name their contact; a line picked up in a window
 * names its time and place. A table from 768 px, cards below.
 */
export function PlacedOrdersTable({
  rows,
  caption,
  pickups = [],
}: {
  rows: PlacedOrder[];
  caption: string;
  pickups?: readonly RowPickup[];
}) {
  const [open, setOpen] = useState<string | null>(null);
  // Disabled until hydrated: a tap before the handlers exist would open nothing.
  const hydrated = useHydrated();

  const orderButton = (row: PlacedOrder) => (
    <button
      type="button"
      disabled={!hydrated}
      onClick={() => setOpen(row.orderNo)}
      aria-label={`Order ${row.orderNo}`}
      className="text-leaf-800 hover:text-leaf-900 focus-visible:outline-leaf-600 decoration-leaf-300 rounded font-mono font-semibold underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2"
    >
      {row.orderNo}
    </button>
  );
  const product = (row: PlacedOrder) =>
    row.productUrl ? (
      <a href={row.productUrl} className="hover:text-leaf-800 underline-offset-4 hover:underline">
        {row.productName}
      </a>
    ) : (
      row.productName
    );
  const pickupOf = (row: PlacedOrder) =>
    pickups.find((p) => p.orderId === row.orderId && p.farmName === row.merchantName);
  const pickupText = (p: RowPickup) => (
    <>
      <PickupTime startsAt={p.startsAt} endsAt={p.endsAt} timeZone={p.timeZone} />
      <span className="block text-stone-600">
        {p.placeName}
        {p.placeAddress ? ` · ${p.placeAddress}` : ""}
      </span>
    </>
  );
  const farmer = (row: PlacedOrder) => (
    <div className="flex flex-col items-start gap-1">
      <ContactDialog
        role="Farmer"
        name={row.merchantName}
        email={row.merchantEmail}
        phone={row.merchantPhone}
      />
      {isFeatureOn("messaging") ? (
        <Messenger
          target={{ orderNo: row.orderNo, name: row.merchantName, farmer: row.merchantName }}
        />
      ) : null}
    </div>
  );

  return (
    <>
      <ScrollTable
        caption={caption}
        className="hidden md:block"
        tableClassName="min-w-[48rem]"
        head={
          <HeadingCells
            headings={["Order No", "Farmer", "Product", "Qty", "Status", "Purchased"]}
          />
        }
      >
        {rows.map((row, index) => (
          <tr key={`${row.orderNo}-${index}`}>
            <td className="px-4 py-3 whitespace-nowrap">{orderButton(row)}</td>
            <td className="px-4 py-3">{farmer(row)}</td>
            <td className="px-4 py-3">
              {product(row)}
              {pickupOf(row) ? (
                <p className="mt-1 text-sm text-stone-800">
                  <span className="font-semibold">Pickup: </span>
                  {pickupText(pickupOf(row)!)}
                </p>
              ) : null}
            </td>
            <td className="px-4 py-3 tabular-nums">{row.quantity}</td>
            <td className="px-4 py-3">
              <StatusBadge status={row.status} refundPending={row.refundPending === 1} />
            </td>
            <td className="px-4 py-3 whitespace-nowrap">
              <time dateTime={row.purchasedDate}>{formatOrderDate(row.purchasedDate)}</time>
            </td>
          </tr>
        ))}
      </ScrollTable>

      <ul className="flex flex-col gap-3 md:hidden" aria-label={caption}>
        {rows.map((row, index) => (
          <li
            key={`${row.orderNo}-${index}`}
            className="rounded-2xl border border-stone-200 bg-white p-4"
          >
            <div className="flex items-start justify-between gap-3">
              <p className="font-semibold text-stone-900">
                {product(row)} <span className="font-normal text-stone-700">× {row.quantity}</span>
              </p>
              <StatusBadge status={row.status} refundPending={row.refundPending === 1} />
            </div>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-stone-600">Order No</dt>
              <dd>{orderButton(row)}</dd>
              <dt className="text-stone-600">Farmer</dt>
              <dd>{farmer(row)}</dd>
              {pickupOf(row) ? (
                <>
                  <dt className="text-stone-600">Pickup</dt>
                  <dd>{pickupText(pickupOf(row)!)}</dd>
                </>
              ) : null}
              <dt className="text-stone-600">Purchased</dt>
              <dd>
                <time dateTime={row.purchasedDate}>{formatOrderDate(row.purchasedDate)}</time>
              </dd>
            </dl>
          </li>
        ))}
      </ul>

      <OrderDialog orderNo={open} onClose={() => setOpen(null)} />
    </>
  );
}
