"use client";

import { Pencil } from "lucide-react";
import { useState } from "react";
import { useHydrated } from "@/components/layout/use-hydrated";
import { Dialog, DialogContent, DialogTrigger } from "@/components/ui/dialog";
import { buttonClasses } from "@/components/ui/button";
import type { Reseller } from "@/lib/resellers/types";
import { ResellerCopyLink } from "./reseller-copy-link";
import { ResellerForm } from "./reseller-form";

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
  const name = `${row.firstName} ${row.lastName}`;
  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 text-lg font-bold break-words text-stone-900">{name}</h3>
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogTrigger
            disabled={!hydrated}
            aria-label={`Edit ${name}`}
            className={buttonClasses({ variant: "ghost", size: "sm" })}
          >
            <Pencil aria-hidden />
            Edit
          </DialogTrigger>
          <DialogContent
            title={`Edit ${name}`}
            className="max-h-[calc(100dvh-2rem)] max-w-xl overflow-y-auto"
          >
            <div className="mt-4">
              <ResellerForm reseller={row} />
            </div>
          </DialogContent>
        </Dialog>
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
