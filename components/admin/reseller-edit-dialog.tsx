"use client";

import { Dialog, DialogContent } from "@/components/ui/dialog";
import type { Reseller } from "@/lib/resellers/types";
import { ResellerForm } from "./reseller-form";

/** A reseller card's Edit dialog: the same form as Add, filled in (loaded when first opened). */
export function ResellerEditDialog({
  reseller,
  name,
  open,
  onOpenChange,
  returnFocus,
}: {
  reseller: Reseller;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Edit ${name}`}
        className="max-h-[calc(100dvh-2rem)] max-w-xl overflow-y-auto"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
      >
        <div className="mt-4">
          <ResellerForm reseller={reseller} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
