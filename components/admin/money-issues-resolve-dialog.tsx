"use client";

import { useState, type FormEvent } from "react";
import { send } from "@/components/account/send";
import { FormField, inputClasses } from "@/components/account/form-field";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogContent } from "@/components/ui/dialog";
import { checkMoneyNote, MONEY_NOTE_MAX_LENGTH } from "@/lib/money-issues";

/**
 * Mark resolved, for one money issue: a required note (1 to 500 characters, checked with the
 * route's own schema before it is sent) saying what settled it, kept in the audit trail. `onDone`
 * gets the answer's message, or an error that is not the note's (another admin was first: 409).
 */
export function ResolveMoneyIssueDialog({
  issueId,
  about,
  onDone,
  onCloseAutoFocus,
}: {
  issueId: number;
  /** What the issue is, for the dialog's description ("Refund failed, order 7F3A…"). */
  about: string;
  onDone: (outcome: { ok: boolean; message: string }) => void;
  /** Where the focus goes when the dialog closes (Radix: the opener, unless prevented). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The same rule as the server's schema, without shipping zod to the page.
    const checked = checkMoneyNote(note);
    if ("error" in checked) return setFieldError(checked.error);
    setBusy(true);
    setFieldError(undefined);
    const result = await send<{ message: string }>(`/api/admin/money/${issueId}/resolve`, {
      json: { note: checked.note },
    });
    setBusy(false);
    if (result.ok) return onDone({ ok: true, message: result.data.message });
    if (result.fieldErrors.note) return setFieldError(result.fieldErrors.note);
    onDone({ ok: false, message: result.message });
  }

  return (
    <DialogContent
      title="Mark resolved"
      description={`${about}. Say what settled it: the note is kept in the audit trail.`}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <form onSubmit={submit} className="mt-5 flex flex-col gap-4" noValidate>
        <FormField
          id="money-issue-note"
          label="Note"
          error={fieldError}
          hint={`Required, up to ${MONEY_NOTE_MAX_LENGTH} characters.`}
        >
          {(props) => (
            <textarea
              {...props}
              required
              rows={4}
              maxLength={MONEY_NOTE_MAX_LENGTH}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              className={`${inputClasses} h-auto py-2.5`}
            />
          )}
        </FormField>
        <div className="flex flex-wrap justify-end gap-3">
          <DialogClose asChild>
            <Button variant="secondary">Keep it open</Button>
          </DialogClose>
          <Button type="submit" disabled={busy}>
            {busy ? "Processing ..." : "Mark resolved"}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
