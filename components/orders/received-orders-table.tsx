"use client";

import { Pencil } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { send } from "@/components/account/send";
import { useHydrated } from "@/components/layout/use-hydrated";
import { Button } from "@/components/ui/button";
import { HeadingCells, ScrollTable } from "@/components/ui/scroll-table";
import { orderStatusesFor, type OrderStatus } from "@/lib/constants";
import { formatStatusLabel } from "@/lib/format";
import type { ReceivedOrder } from "@/lib/orders/types";
import { Messenger } from "@/components/messaging/messenger";
import { isFeatureOn } from "@/lib/features";
import { ContactDialog } from "./contact-dialog";
import { formatOrderDate } from "./order-date";
import { StatusBadge } from "./status-badge";

/** The spec's text for a failed status change (part 2 section 8, "Received orders"). */
export const RECEIVED_ORDERS_ERROR = "Oops. Something went wrong...";

type View = "table" | "card";

type Editing = { orderId: number; from: OrderStatus; busy: boolean };

/**
 * The farmer's received order lines with inline status change: one row at a time is in edit mode
 * (every other Edit button is disabled meanwhile), its select offers the statuses of that line's
 * kind (pickup or delivery), and Save posts to /api/orders/updateStatus. A table from 768 px, a
 * stack of cards below (farmers use phones); only one of the two is displayed.
 */
export function ReceivedOrdersTable({ rows, caption }: { rows: ReceivedOrder[]; caption: string }) {
  const router = useRouter();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [saved, setSaved] = useState<Record<number, OrderStatus>>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const statusOf = (row: ReceivedOrder) => saved[row.orderId] ?? row.status;

  function start(row: ReceivedOrder) {
    setEditing({ orderId: row.orderId, from: statusOf(row), busy: false });
    setError(null);
    setNotice(null);
  }

  // Back to the row's Edit button once the editor is gone (after React has committed, so the
  // button is there), in whichever view is displayed; a cancelled or refunded line has none any
  // more, so to its status instead (else focus would fall to the page).
  const refocus = useRef<number | null>(null);
  useEffect(() => {
    const orderId = refocus.current;
    if (orderId === null || editing !== null) return;
    refocus.current = null;
    for (const view of ["table", "card"] as const) {
      const target =
        document.getElementById(editButtonId(view, orderId)) ??
        document.getElementById(statusId(view, orderId));
      if (target && target.offsetParent !== null) target.focus();
    }
  }, [editing]);

  function stop(orderId: number) {
    refocus.current = orderId;
    setEditing(null);
  }

  async function save(row: ReceivedOrder, status: OrderStatus) {
    if (!editing) return;
    setEditing({ ...editing, busy: true });
    setError(null);
    const result = await send<{ message: string }>("/api/orders/updateStatus", {
      json: { order_id: row.orderId, order_status: status },
    });
    if (!result.ok) {
      setEditing({ ...editing, busy: false });
      setError(result.message);
      return;
    }
    setSaved((current) => ({ ...current, [row.orderId]: status }));
    setNotice(result.data.message);
    stop(row.orderId);
    router.refresh();
  }

  const controls = (row: ReceivedOrder, view: View) => (
    <StatusControls
      row={row}
      view={view}
      status={statusOf(row)}
      editing={editing?.orderId === row.orderId ? editing : null}
      locked={editing !== null && editing.orderId !== row.orderId}
      onEdit={() => start(row)}
      onSave={(chosen) => void save(row, chosen)}
      onCancel={() => stop(row.orderId)}
    />
  );

  return (
    <div>
      <div role="alert" className="empty:hidden">
        {error ? (
          <div className="border-tomato-500 mb-4 rounded-xl border bg-white p-4">
            <p className="text-tomato-600 font-semibold">{RECEIVED_ORDERS_ERROR}</p>
            <p className="mt-1 text-stone-700">{error}</p>
          </div>
        ) : null}
      </div>
      <p role="status" className="text-leaf-800 mb-4 font-medium empty:hidden">
        {notice ?? ""}
      </p>

      <ScrollTable
        caption={caption}
        className="hidden md:block"
        tableClassName="min-w-[56rem]"
        head={
          <HeadingCells
            headings={["Order No", "Method", "Customer", "Product", "Qty", "Status", "Order Date"]}
          />
        }
      >
        {rows.map((row) => (
          <tr
            key={row.orderId}
            className={editing?.orderId === row.orderId ? "bg-leaf-50/60" : undefined}
          >
            <td className="px-4 py-3 font-mono text-sm whitespace-nowrap">{row.orderNo}</td>
            <td className="px-4 py-3">{methodLabel(row)}</td>
            <td className="px-4 py-3">
              <CustomerContact row={row} />
            </td>
            <td className="px-4 py-3">{row.productName}</td>
            <td className="px-4 py-3 tabular-nums">{row.quantity}</td>
            <td className="px-4 py-3">{controls(row, "table")}</td>
            <td className="px-4 py-3 whitespace-nowrap">
              <time dateTime={row.orderDate}>{formatOrderDate(row.orderDate)}</time>
            </td>
          </tr>
        ))}
      </ScrollTable>

      <ul className="flex flex-col gap-3 md:hidden" aria-label={caption}>
        {rows.map((row) => (
          <li
            key={row.orderId}
            className={`rounded-2xl border bg-white p-4 ${editing?.orderId === row.orderId ? "border-leaf-600" : "border-stone-200"}`}
          >
            <div className="flex items-start justify-between gap-3">
              <p className="font-semibold text-stone-900">
                {row.productName}{" "}
                <span className="font-normal text-stone-700">× {row.quantity}</span>
              </p>
              <span className="text-sm whitespace-nowrap text-stone-700">{methodLabel(row)}</span>
            </div>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-stone-600">Order No</dt>
              <dd className="font-mono">{row.orderNo}</dd>
              <dt className="text-stone-600">Customer</dt>
              <dd>
                <CustomerContact row={row} />
              </dd>
              <dt className="text-stone-600">Order Date</dt>
              <dd>
                <time dateTime={row.orderDate}>{formatOrderDate(row.orderDate)}</time>
              </dd>
            </dl>
            <div className="mt-3">{controls(row, "card")}</div>
          </li>
        ))}
      </ul>
    </div>
  );
}

const methodLabel = (row: ReceivedOrder) =>
  row.orderMethod === "delivery" ? "Delivery" : "Pickup";
const editButtonId = (view: View, orderId: number) => `order-${view}-edit-${orderId}`;
const statusId = (view: View, orderId: number) => `order-${view}-status-${orderId}`;
const rowName = (row: ReceivedOrder) => `${row.productName} in order ${row.orderNo}`;

type StatusControlsProps = {
  row: ReceivedOrder;
  view: View;
  status: OrderStatus;
  editing: Editing | null;
  /** Another row is in edit mode. */
  locked: boolean;
  onEdit: () => void;
  onSave: (status: OrderStatus) => void;
  onCancel: () => void;
};

function StatusControls({
  row,
  view,
  status,
  editing,
  locked,
  onEdit,
  onSave,
  onCancel,
}: StatusControlsProps) {
  // Disabled until hydrated: a tap before the handlers exist would otherwise do nothing.
  const hydrated = useHydrated();
  if (editing) {
    const selectId = `order-${view}-status-${row.orderId}`;
    return (
      <form
        className="flex flex-wrap items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          // What the select shows, read when Save is pressed: a draft kept in state could still be
          // the one from before a choice made a moment earlier (CI saved "Order Created" once).
          onSave(new FormData(event.currentTarget).get("status") as OrderStatus);
        }}
      >
        <label htmlFor={selectId} className="sr-only">
          Status of {rowName(row)}
        </label>
        <select
          id={selectId}
          name="status"
          defaultValue={editing.from}
          autoFocus
          disabled={editing.busy}
          onKeyDown={(event) => {
            if (event.key === "Escape") onCancel();
          }}
          className="focus-visible:outline-leaf-600 h-10 rounded-lg border border-stone-300 bg-white px-2 text-[0.9375rem] focus-visible:outline-2"
        >
          {orderStatusesFor(row.deliveryService).map((option) => (
            <option key={option} value={option}>
              {formatStatusLabel(option)}
            </option>
          ))}
        </select>
        <Button
          type="submit"
          size="sm"
          disabled={editing.busy}
          aria-busy={editing.busy}
          aria-label={`Save status of ${rowName(row)}`}
        >
          {editing.busy ? "Saving…" : "Save"}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={onCancel}
          disabled={editing.busy}
          aria-label={`Cancel editing the status of ${rowName(row)}`}
        >
          Cancel
        </Button>
      </form>
    );
  }
  const closed = status === "cancelled" || status === "refunded" || row.refundPending === 1;
  return (
    <div
      id={statusId(view, row.orderId)}
      tabIndex={-1}
      className="focus-visible:outline-leaf-600 flex flex-wrap items-center gap-2 rounded-lg focus-visible:outline-2"
    >
      <StatusBadge status={status} refundPending={row.refundPending === 1} />
      {closed ? null : (
        <button
          type="button"
          id={editButtonId(view, row.orderId)}
          onClick={onEdit}
          disabled={locked || !hydrated}
          aria-label={`Edit status of ${rowName(row)}`}
          className="text-leaf-800 hover:bg-leaf-50 focus-visible:outline-leaf-600 inline-flex h-9 items-center gap-1 rounded-full px-3 text-sm font-semibold focus-visible:outline-2 disabled:pointer-events-none disabled:opacity-50"
        >
          <Pencil aria-hidden className="size-4" />
          Edit
        </button>
      )}
    </div>
  );
}

/** The customer of an order line: their contact details and, with messaging on, Send Message. */
function CustomerContact({ row }: { row: ReceivedOrder }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <ContactDialog
        role="Customer"
        name={row.customerName}
        email={row.customerEmail}
        phone={row.customerPhone}
      />
      {isFeatureOn("messaging") ? (
        <Messenger target={{ orderNo: row.orderNo, name: row.customerName }} />
      ) : null}
    </div>
  );
}
