"use client";

import { useState, type FormEvent } from "react";
import { send } from "@/components/account/send";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogContent } from "@/components/ui/dialog";
import {
  REVIEW_REPORT_REASON_LABELS,
  REVIEW_REPORT_REASONS,
  type ReviewReportReason,
  type ReviewReportTarget,
} from "@/lib/review-trust";

/** Report a review or the farm's reply once, with a reason from the short list (issue 44). */
export function ReportDialog({
  reviewId,
  target,
  about,
  onDone,
}: {
  reviewId: number;
  target: ReviewReportTarget;
  /** Whose words: "the review by maya_chen". */
  about: string;
  onDone: (message: string) => void;
}) {
  const [reason, setReason] = useState<ReviewReportReason | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) return setError("Please choose a reason.");
    setBusy(true);
    const result = await send<{ message: string }>(`/api/reviews/${reviewId}/reports`, {
      json: { target, reason },
    });
    setBusy(false);
    if (result.ok) return onDone(result.data.message);
    setError(result.fieldErrors.reason ?? result.message);
  }

  return (
    <DialogContent title="Report" description={`Why should our moderators look at ${about}?`}>
      <form onSubmit={(e) => void submit(e)} className="mt-5 flex flex-col gap-4" noValidate>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-stone-800">Reason</legend>
          {REVIEW_REPORT_REASONS.map((value) => (
            <label key={value} className="flex items-center gap-2 text-stone-800">
              <input
                type="radio"
                name="report-reason"
                value={value}
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  setError(null);
                }}
                className="size-4"
              />
              {REVIEW_REPORT_REASON_LABELS[value]}
            </label>
          ))}
        </fieldset>
        {error ? (
          <p role="alert" className="text-sm font-semibold text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="ghost">Cancel</Button>
          </DialogClose>
          <Button type="submit" disabled={busy} aria-busy={busy}>
            Send report
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
