"use client";

import { useEffect, useState, type FormEvent } from "react";
import { FormInput, FormStatus, type Status } from "@/components/account/form-field";
import { MessageField } from "@/components/account/message-field";
import { fetchOwnContact } from "@/components/account/own-contact";
import { useViewerState } from "@/components/layout/viewer-context";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { FarmReplyNote } from "./farm-reply-note";
import { joinFieldErrors, toFieldErrors } from "@/lib/validation/field-errors";
import { MSG } from "@/lib/validation/messages";
import { askTheFarmerSchema } from "@/lib/validation/messaging";

/** Spec part 1 section 8: the contact farmer texts. */
export const ASK_TEXTS = {
  sent: "Successfully Sent!",
  failed: "Oopsy. Something went wrong. Please try it again later.",
} as const;

type Fields = {
  contactFirstName: string;
  contactLastName: string;
  contactEmail: string;
  contactContent: string;
};
const EMPTY: Fields = {
  contactFirstName: "",
  contactLastName: "",
  contactEmail: "",
  contactContent: "",
};

/**
 * Ask The Farmer: a visitor gives their name and email, a signed-in member's are filled in; the
 * message reaches the farmer through the product (`prodId`) or directly (`farmerId`).
 */
export function AskTheFarmerDialog({
  farmerName,
  farmerId,
  prodId,
  open,
  onOpenChange: setOpen,
  returnFocus,
}: {
  farmerName: string;
  farmerId?: string;
  prodId?: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it (loaded before this form), focused again when it closes. */
  returnFocus: () => void;
}) {
  const { state } = useViewerState();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status | null>(null);
  const [sending, setSending] = useState(false);
  const signedIn = state.status === "ready" && state.answer.viewer !== null;

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next) return;
    // Closed: the next opening starts without the last one's messages.
    setErrors({});
    setStatus(null);
  }

  // Each opening fills in a signed-in member's details, once.
  useEffect(() => {
    if (!open || !signedIn || fields.contactEmail) return;
    let live = true;
    void fetchOwnContact().then((contact) => {
      if (!live || !contact) return;
      const { firstName, lastName, email } = contact;
      setFields((f) => ({
        ...f,
        contactFirstName: firstName,
        contactLastName: lastName,
        contactEmail: email,
      }));
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on opening only
  }, [open, signedIn]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = { ...fields, prodId: prodId ? String(prodId) : undefined, farmerId };
    const checked = askTheFarmerSchema.safeParse(body);
    if (!checked.success) {
      const fieldErrors = joinFieldErrors(toFieldErrors(checked.error), "space");
      setErrors(fieldErrors);
      setStatus({
        kind: "error",
        text: fieldErrors.prodId ? MSG.contactFarmerIssue : MSG.contactFarmerFormFailed,
      });
      return;
    }
    setSending(true);
    setStatus(null);
    try {
      const response = await fetch("/api/merchants/contact", {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const answer = (await response.json().catch(() => ({}))) as {
        message?: string;
        errors?: Record<string, string[]>;
      };
      if (response.ok) {
        setErrors({});
        setFields((f) => ({ ...f, contactContent: "" }));
        setStatus({ kind: "success", text: ASK_TEXTS.sent });
        return;
      }
      const fieldErrors = answer.errors ? joinFieldErrors(answer.errors, "space") : {};
      setErrors(fieldErrors);
      const onFields = Object.keys(fieldErrors).some((k) => k !== "prodId" && k !== "farmerId");
      setStatus({
        kind: "error",
        text: onFields ? MSG.contactFarmerFormFailed : (answer.message ?? ASK_TEXTS.failed),
      });
    } catch {
      setStatus({ kind: "error", text: ASK_TEXTS.failed });
    } finally {
      setSending(false);
    }
  }

  const set = (name: keyof Fields) => (value: string) =>
    setFields((f) => ({ ...f, [name]: value }));
  const id = (name: string) => `ask-farmer-${name}`;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Ask The Farmer"
        description={`Send a message to ${farmerName}.`}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
      >
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-4 flex flex-col gap-4">
          <FarmReplyNote farmName={farmerName} farmerId={farmerId} prodId={prodId} />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormInput
              id={id("first-name")}
              label="First Name"
              error={errors.contactFirstName}
              value={fields.contactFirstName}
              onChange={set("contactFirstName")}
              autoComplete="given-name"
            />
            <FormInput
              id={id("last-name")}
              label="Last Name"
              error={errors.contactLastName}
              value={fields.contactLastName}
              onChange={set("contactLastName")}
              autoComplete="family-name"
            />
          </div>
          <FormInput
            id={id("email")}
            label="Email"
            type="email"
            error={errors.contactEmail}
            value={fields.contactEmail}
            onChange={set("contactEmail")}
            autoComplete="email"
          />
          <MessageField
            id={id("message")}
            error={errors.contactContent}
            value={fields.contactContent}
            onChange={set("contactContent")}
            rows={5}
          />
          <FormStatus status={status} />
          <Button type="submit" disabled={sending}>
            {sending ? "Sending…" : "Send"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
