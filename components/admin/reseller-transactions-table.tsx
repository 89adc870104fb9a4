"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { send } from "@/components/account/send";
import { useHydrated } from "@/components/layout/use-hydrated";
import { Alert } from "@/components/password/alert";
import { Button } from "@/components/ui/button";
import { HeadingCells, ScrollTable } from "@/components/ui/scroll-table";
import { formatStatusLabel } from "@/lib/format";
import { formatTimeStamp, type ResellerTransaction } from "@/lib/resellers/types";

// Spec part 2 section 8, "Admin".
export const MARKED_AS_PAID = "Successfully marked as paid";
export const MARK_AS_PAID_FAILED = "Oops, Something went wrong. Please try again.";

const HEADINGS = ["ID", "Reseller", "Farmer", "Product", "Rate", "Time Stamp", "Pay Status"];

/**
 * One page of reseller transactions with a checkbox per pending row (and one for all pending rows
 * of the page) and Mark as paid: a table from 768 px, and below it one card per transaction, so a
 * phone shows each one whole (the table's Pay Status column was off-screen there).
 */
export function ResellerTransactionsTable({
  rows,
  caption,
}: {
  rows: ResellerTransaction[];
  caption: string;
}) {
  const router = useRouter();
  const hydrated = useHydrated();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [paid, setPaid] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: "success" | "error"; text: string } | null>(null);

  const statusOf = (row: ResellerTransaction) => (paid.has(row.id) ? "paid" : row.payStatus);
  const pending = rows.filter((row) => statusOf(row) === "pending");
  const allSelected = pending.length > 0 && pending.every((row) => selected.has(row.id));

  function toggle(id: number, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function markAsPaid() {
    setBusy(true);
    setOutcome(null);
    const answer = await send<{ ids: number[] }>("/api/resellerUserListingTrans/markAsPaid", {
      method: "PATCH",
      json: { selectedTrans: [...selected] },
    });
    setBusy(false);
    if (!answer.ok) {
      setOutcome({ kind: "error", text: `${MARK_AS_PAID_FAILED} ${answer.message}` });
      return;
    }
    const marked = answer.data.ids;
    const skipped = selected.size - marked.length;
    setPaid((current) => new Set([...current, ...selected]));
    setSelected(new Set());
    setOutcome({
      kind: "success",
      text: skipped > 0 ? `${MARKED_AS_PAID} (${skipped} had already been paid.)` : MARKED_AS_PAID,
    });
    router.refresh();
  }

  // The table and the phone's cards are both in the page, one of them hidden (display: none).
  const selectAll = (
    <input
      type="checkbox"
      aria-label="Select all pending transactions on this page"
      checked={allSelected}
      disabled={!hydrated || busy || pending.length === 0}
      onChange={(event) =>
        setSelected(event.target.checked ? new Set(pending.map((row) => row.id)) : new Set())
      }
      className="accent-leaf-700 size-5 shrink-0"
    />
  );
  const selectOne = (row: ResellerTransaction) => (
    <input
      type="checkbox"
      aria-label={`Select transaction ${row.id}`}
      checked={selected.has(row.id)}
      disabled={!hydrated || busy || statusOf(row) !== "pending"}
      onChange={(event) => toggle(row.id, event.target.checked)}
      className="accent-leaf-700 size-5 shrink-0"
    />
  );

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          onClick={() => void markAsPaid()}
          disabled={!hydrated || busy || selected.size === 0}
          aria-busy={busy}
        >
          {busy ? "Saving…" : "Mark as paid"}
        </Button>
        <p className="text-sm text-stone-700" aria-live="polite">
          {selected.size === 1 ? "1 selected" : `${selected.size} selected`}
        </p>
      </div>
      <div aria-live="polite">
        {outcome ? <Alert kind={outcome.kind}>{outcome.text}</Alert> : null}
      </div>

      <ScrollTable
        caption={caption}
        className="hidden md:block"
        tableClassName="min-w-[52rem]"
        head={
          <>
            <th scope="col" className="w-12 px-4 py-3">
              {selectAll}
            </th>
            <HeadingCells headings={HEADINGS} />
          </>
        }
      >
        {rows.map((row) => {
          const status = statusOf(row);
          return (
            <tr key={row.id} className={selected.has(row.id) ? "bg-leaf-50/60" : undefined}>
              <td className="px-4 py-3">{selectOne(row)}</td>
              <td className="px-4 py-3 tabular-nums">{row.id}</td>
              <td className="px-4 py-3">
                {row.resellerfirstName} {row.resellerlastName}
              </td>
              <td className="px-4 py-3">{row.farmerUsername}</td>
              <td className="px-4 py-3">{row.productName}</td>
              <td className="px-4 py-3 tabular-nums">{row.rate}</td>
              <td className="px-4 py-3 whitespace-nowrap tabular-nums">
                <time dateTime={row.timeStamp}>{formatTimeStamp(row.timeStamp)}</time>
              </td>
              <td className="px-4 py-3">
                <PayStatus status={status} />
              </td>
            </tr>
          );
        })}
      </ScrollTable>

      <div className="grid gap-3 md:hidden">
        <label className="flex items-center gap-3 text-sm font-semibold text-stone-800">
          {selectAll}
          Select all pending on this page
        </label>
        <ul className="grid gap-3" aria-label={caption}>
          {rows.map((row) => (
            <li
              key={row.id}
              className={`rounded-2xl border p-4 ${selected.has(row.id) ? "border-leaf-600 bg-leaf-50" : "border-stone-200 bg-white"}`}
            >
              <div className="flex items-start justify-between gap-3">
                <div className="flex min-w-0 items-start gap-3">
                  {selectOne(row)}
                  <p className="min-w-0 font-semibold break-words text-stone-900">
                    {row.productName}
                  </p>
                </div>
                <PayStatus status={statusOf(row)} />
              </div>
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-stone-600">ID</dt>
                <dd className="tabular-nums">{row.id}</dd>
                <dt className="text-stone-600">Reseller</dt>
                <dd className="min-w-0 break-words">
                  {row.resellerfirstName} {row.resellerlastName}
                </dd>
                <dt className="text-stone-600">Farmer</dt>
                <dd className="min-w-0 break-words">{row.farmerUsername}</dd>
                <dt className="text-stone-600">Rate</dt>
                <dd className="tabular-nums">{row.rate}</dd>
                <dt className="text-stone-600">Time Stamp</dt>
                <dd className="tabular-nums">
                  <time dateTime={row.timeStamp}>{formatTimeStamp(row.timeStamp)}</time>
                </dd>
              </dl>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function PayStatus({ status }: { status: ResellerTransaction["payStatus"] }) {
  return (
    <span
      className={
        status === "paid"
          ? "bg-leaf-100 text-leaf-900 shrink-0 rounded-full px-2.5 py-0.5 text-sm font-semibold"
          : "shrink-0 rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-semibold text-amber-900"
      }
    >
      {formatStatusLabel(status)}
    </span>
  );
}
