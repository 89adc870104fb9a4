"use client";

import { Pencil } from "lucide-react";
import dynamic from "next/dynamic";
import { useRef, useState } from "react";
import { useHydrated } from "@/components/layout/use-hydrated";
import { buttonClasses } from "@/components/ui/button";
import type { Reseller } from "@/lib/resellers/types";
import { ResellerCopyLink } from "./reseller-copy-link";

// The Edit dialog (Radix dialog, tailwind-merge) loads when an Edit is first pressed; the page
// ships the buttons and the Add form only.
const ResellerEditDialog = dynamic(
  () => import("./reseller-edit-dialog").then((m) => m.ResellerEditDialog),
  { ssr: false },
);

type Row = Reseller & { link: string };

/**
 * One page of resellers as cards (one column on a phone, two from 768 px, so nothing scrolls
 * sideways), each with its registration link to copy and an Edit dialog.
 */
export function ResellerList({ rows, label }: { rows: Row[]; label: string }) {
  return (
    <ul aria-label={label} className="grid gap-4 md:grid-cols-2">
      {rows.map((row) => (
        <ResellerCard key={row.identifier} row={row} />
      ))}
    </ul>
  );
}

function ResellerCard({ row }: { row: Row }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const name = `${row.firstName} ${row.lastName}`;
  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 text-lg font-bold break-words text-stone-900">{name}</h3>
        <button
          ref={button}
          type="button"
          disabled={!hydrated}
          aria-label={`Edit ${name}`}
          aria-haspopup="dialog"
          aria-expanded={open}
          className={buttonClasses({ variant: "ghost", size: "sm" })}
          onClick={() => {
            setRequested(true);
            setOpen(true);
          }}
        >
          <Pencil aria-hidden />
          Edit
        </button>
        {requested ? (
          <ResellerEditDialog
            reseller={row}
            name={name}
            open={open}
            onOpenChange={setOpen}
            returnFocus={() => button.current?.focus()}
          />
        ) : null}
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-[0.9375rem]">
        <dt className="text-stone-600">Email</dt>
        <dd className="break-words">{row.email}</dd>
        <dt className="text-stone-600">Phone</dt>
        <dd>{row.phone ?? "—"}</dd>
        <dt className="text-stone-600">Rate</dt>
        <dd className="tabular-nums">{row.rate}</dd>
      </dl>
      <ResellerCopyLink link={row.link} name={name} />
    </li>
  );
}
