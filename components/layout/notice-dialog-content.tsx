"use client";

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
        <div className="mt-6 flex justify-end">
          <DialogClose asChild>
            <Button>OK</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
