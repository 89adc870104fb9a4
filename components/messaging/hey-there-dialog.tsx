"use client";

import Link from "next/link";
import { Button, buttonClasses } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";

/** The states of the 'Hey There!' modal (spec part 1 section 2, Messages). */
export type HeyThereState =
  | "subscription_required"
  | "confirm_message_lead_deletion"
  | "delete_message_lead"
  | "delete_message_lead_error";

const TEXTS: Record<HeyThereState, string> = {
  subscription_required:
    "Messaging with your customers comes with the Engager and Harvest plans. Choose a plan to send and reply to messages.",
  confirm_message_lead_deletion:
    "Do you want to delete this conversation? It leaves your list; the other person keeps it.",
  delete_message_lead: "Deleting the conversation…",
  delete_message_lead_error: "Oopsy. Something went wrong. Please try it again later.",
};

export function HeyThereDialog({
  state,
  onClose,
  onConfirmDelete,
}: {
  state: HeyThereState | null;
  onClose: () => void;
  onConfirmDelete: () => void;
}) {
  return (
    <Dialog open={state !== null} onOpenChange={(open) => (open ? null : onClose())}>
      {state ? (
        <DialogContent title="Hey There!" description={TEXTS[state]}>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            {state === "subscription_required" ? (
              <Link href="/pricing#plans" className={buttonClasses()}>
                View Plans
              </Link>
            ) : null}
            {state === "confirm_message_lead_deletion" ? (
              <>
                <Button variant="secondary" onClick={onClose}>
                  Cancel
                </Button>
                <Button onClick={onConfirmDelete}>Delete</Button>
              </>
            ) : null}
            {state === "delete_message_lead_error" ? <Button onClick={onClose}>OK</Button> : null}
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
