"use client";

import { PayoutLinkButton } from "@/components/account/payout-buttons";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent } from "@/components/ui/dialog";
import type { Notice } from "@/lib/notices";

/** The notice dialog's body: the notice's title and text, and an OK button (see notice-dialog.tsx). */
export function NoticeDialogContent({
  notice,
  open,
  onDismiss,
}: {
  notice: Notice;
  open: boolean;
  onDismiss: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onDismiss())}>
      <DialogContent title={notice.title} description={notice.message}>
        <div className="mt-6 flex flex-wrap items-start justify-end gap-3">
          {notice.action === "connect_payout" ? (
            <PayoutLinkButton action="onboarding" label="Connect payout account" />
          ) : null}
          <DialogClose asChild>
            <Button variant={notice.action ? "secondary" : "primary"}>OK</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
