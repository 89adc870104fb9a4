"use client";

import Link from "next/link";
import { useState } from "react";
import { send } from "@/components/account/send";
import { sendSensitive, StepUpDialog } from "@/components/admin/step-up";
import { formatOrderDate } from "@/components/orders/order-date";
import { StatusBadge } from "@/components/orders/status-badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent } from "@/components/ui/dialog";
import type { AdminOrder } from "@/server/admin/find-orders-by-keyword";
import { AdminSearch, AdminSearchOutcome } from "./admin-search";

/** The spec's empty search text (part 2 section 8, "Admin"). */
export const NO_ORDER_MESSAGE = "There's no order with that keyword.";

type Row = AdminOrder;
type Confirming = { row: Row; what: "cancel" | "pay" };

const money = (row: Row) => `${row.currency === "USD" ? "US$" : "$"}${row.unitPrice}`;

/**
 * Orders Manager: search order lines (POST /api/scripts/findOrdersByKeyword), view one in a modal
 * that links to its confirmation page, cancel a line and pay a farm (each after a confirm dialog).
 * Pay Merchant shows on a line that can be paid, a disabled Merchant Paid once paid (decision
 * 0020). A table from 1024 px, cards below.
 */
export function OrderManager() {
  const [rows, setRows] = useState<Row[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [viewing, setViewing] = useState<Row | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [keyword, setKeyword] = useState("");

  async function search(next: string, { keepNotice = false } = {}) {
    setBusy(true);
    setError(null);
    if (!keepNotice) setNotice(null);
    setKeyword(next);
    const result = await send<{ orders: Row[] }>("/api/scripts/findOrdersByKeyword", {
      json: { keyword: next },
    });
    setBusy(false);
    if (result.ok) setRows(result.data.orders);
    else setError(result.message);
  }

  async function act({ row, what }: Confirming) {
    const url = what === "cancel" ? "/api/scripts/cancelOrderLine" : "/api/scripts/payMerchant";
    const result = await sendSensitive<{ message: string }>(url, { json: { id: row.id } });
    setConfirming(null);
    if (result.ok) setNotice(result.data.message);
    else setError(result.message);
    // The line's state as the server has it now (another admin or the farm may have acted too).
    await search(keyword, { keepNotice: true });
  }

  const summary = rows
    ? rows.length === 0
      ? NO_ORDER_MESSAGE
      : rows.length === 1
        ? "1 order line"
        : `${rows.length} order lines, newest first`
    : null;

  return (
    <div className="flex flex-col gap-6">
      <AdminSearch
        label="Search orders"
        placeholder="Order number, customer, farm or product"
        busy={busy}
        onSearch={(next) => void search(next)}
      />
      <AdminSearchOutcome error={error} notice={notice} summary={summary} />
      {rows && rows.length > 0 ? (
        <>
          <ul className="grid gap-3 lg:hidden">
            {rows.map((row) => (
              <li key={row.id} className="rounded-2xl border border-stone-200 bg-white p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold text-stone-900">Order {row.orderNo}</p>
                  <StatusBadge status={row.status} />
                </div>
                <p className="mt-1 text-sm break-words text-stone-700">
                  {row.productName} × {row.qty} at {money(row)}
                </p>
                <p className="text-sm break-all text-stone-700">
                  {row.customerName} → {row.merchantUsername}
                </p>
                <p className="text-sm text-stone-600">{formatOrderDate(row.createdAt)}</p>
                <RowActions view="card" row={row} onView={setViewing} onConfirm={setConfirming} />
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-2xl border border-stone-200 bg-white lg:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Order lines found</caption>
              <thead className="bg-stone-50 text-stone-700">
                <tr>
                  {["Order", "Customer", "Farm", "Product", "Price", "Qty", "Date", "Status"].map(
                    (label) => (
                      <th key={label} scope="col" className="px-3 py-3">
                        {label}
                      </th>
                    ),
                  )}
                  <th scope="col" className="px-3 py-3">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} className="border-t border-stone-100 align-top">
                    <td className="px-3 py-3 font-mono">{row.orderNo}</td>
                    <td className="px-3 py-3">
                      {row.customerName}
                      <span className="block break-all text-stone-600">{row.customerEmail}</span>
                    </td>
                    <td className="px-3 py-3">
                      {row.merchantUsername}
                      <span className="block break-all text-stone-600">{row.merchantEmail}</span>
                    </td>
                    <td className="px-3 py-3">{row.productName}</td>
                    <td className="px-3 py-3 tabular-nums">{money(row)}</td>
                    <td className="px-3 py-3 tabular-nums">{row.qty}</td>
                    <td className="px-3 py-3 whitespace-nowrap">
                      {formatOrderDate(row.createdAt)}
                    </td>
                    <td className="px-3 py-3">
                      <StatusBadge status={row.status} />
                    </td>
                    <td className="px-3 py-3">
                      <RowActions
                        view="table"
                        row={row}
                        onView={setViewing}
                        onConfirm={setConfirming}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      <Dialog open={viewing !== null} onOpenChange={(open) => !open && setViewing(null)}>
        {viewing ? <OrderDialog row={viewing} /> : null}
      </Dialog>
      <Dialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        {confirming ? <ConfirmDialog confirming={confirming} onConfirm={act} /> : null}
      </Dialog>
      <StepUpDialog />
    </div>
  );
}

function RowActions({
  view,
  row,
  onView,
  onConfirm,
}: {
  /** The phone's card or the wide table: both are in the page, so each names its own notes. */
  view: "card" | "table";
  row: Row;
  onView: (row: Row) => void;
  onConfirm: (confirming: Confirming) => void;
}) {
  const label = `order ${row.orderNo}, ${row.productName}`;
  // A disabled button says why beside it, not only in a tooltip a phone cannot show (issue 42).
  const cancelNoteId = `${view}-cancel-note-${row.id}`;
  const payNoteId = `${view}-pay-note-${row.id}`;
  return (
    <div className="mt-3 flex flex-col gap-2 lg:mt-0 lg:items-end">
      <div className="flex flex-wrap gap-2 lg:justify-end">
        <Button variant="secondary" size="sm" onClick={() => onView(row)}>
          View<span className="sr-only"> {label}</span>
        </Button>
        {row.cancel === "cancel" ? (
          <Button variant="secondary" size="sm" onClick={() => onConfirm({ row, what: "cancel" })}>
            Cancel<span className="sr-only"> {label}</span>
          </Button>
        ) : row.cancel === "handed_over" ? (
          <Button variant="secondary" size="sm" disabled aria-describedby={cancelNoteId}>
            Cancel<span className="sr-only"> {label}</span>
          </Button>
        ) : null}
        {row.merchantPayment === "payable" ? (
          <Button size="sm" onClick={() => onConfirm({ row, what: "pay" })}>
            Pay Merchant<span className="sr-only"> for {label}</span>
          </Button>
        ) : (
          <Button size="sm" variant="secondary" disabled aria-describedby={payNoteId}>
            {row.merchantPayment === "paid" ? "Merchant Paid" : PAYMENT_LABEL[row.merchantPayment]}
          </Button>
        )}
      </div>
      <div className="text-sm text-stone-600 lg:text-right">
        {row.cancel === "handed_over" ? <p id={cancelNoteId}>{HANDED_OVER_NOTE}</p> : null}
        {row.merchantPayment === "payable" ? null : (
          <p id={payNoteId}>{PAYMENT_NOTE[row.merchantPayment]}</p>
        )}
      </div>
    </div>
  );
}

const HANDED_OVER_NOTE = "Handed over and paid in person: nothing to cancel.";

const PAYMENT_LABEL = {
  paid: "Merchant Paid",
  in_person: "Paid in person",
  closed: "Nothing to pay",
};
const PAYMENT_NOTE = {
  paid: "The farm has been paid for this order.",
  in_person: "The customer pays the farm at the handover.",
  closed: "Cancelled, refunded or not paid by card.",
};

function OrderDialog({ row }: { row: Row }) {
  const facts: [string, string][] = [
    ["Customer", `${row.customerName} (${row.customerEmail})`],
    ["Farm", `${row.merchantName}, @${row.merchantUsername} (${row.merchantEmail})`],
    ["Product", row.productName],
    ["Unit price", money(row)],
    ["Quantity", String(row.qty)],
    ["Ordered", formatOrderDate(row.createdAt)],
    ["Payment", row.paymentType === "card" ? "Card" : "In person"],
    ["Active", row.active === 1 ? "Yes" : "No (cancelled by an admin)"],
    // What an operator needs of the handover (issue 42): whether and when the farm confirmed it.
    [
      "Handover",
      row.confirmedAt
        ? `Confirmed by the farm (QR code) on ${formatOrderDate(row.confirmedAt)}`
        : row.status === "customer_received"
          ? "Marked received by the farm, not confirmed by the QR code"
          : "Not handed over yet",
    ],
  ];
  return (
    <DialogContent title={`Order ${row.orderNo}`} className="max-w-lg">
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-semibold text-stone-700">{term}</dt>
            <dd className="break-words text-stone-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex flex-wrap gap-3">
        {row.productUrl ? (
          <Link href={row.productUrl} className={buttonClasses({ variant: "ghost", size: "sm" })}>
            Product page
          </Link>
        ) : null}
      </div>
    </DialogContent>
  );
}

function ConfirmDialog({
  confirming,
  onConfirm,
}: {
  confirming: Confirming;
  onConfirm: (confirming: Confirming) => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const { row, what } = confirming;
  const title = what === "cancel" ? "Cancel this order line?" : "Pay the farm?";
  const description =
    what === "cancel"
      ? `${row.productName} × ${row.qty} of order ${row.orderNo} is cancelled${row.paymentType === "card" ? " and, if it was paid by card, refunded to the customer" : ""}. The customer and the farm are emailed.`
      : `${row.merchantUsername} is paid for its lines of order ${row.orderNo}, minus the fees, once.`;
  return (
    <DialogContent title={title} description={description}>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <DialogClose asChild>
          <Button variant="secondary">Keep it</Button>
        </DialogClose>
        <Button
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            await onConfirm(confirming);
          }}
        >
          {busy ? "Processing ..." : what === "cancel" ? "Cancel the line" : "Pay Merchant"}
        </Button>
      </div>
    </DialogContent>
  );
}
