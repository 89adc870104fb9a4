"use client";

import { Dialog } from "@/components/ui/dialog";
import type { ReviewReportTarget } from "@/lib/review-trust";
import { ReportDialog } from "./report-dialog";

/**
 * The report dialog with its root, mounted open when a member taps Report (review-item.tsx loads
 * it then, so the dialog's code is not part of the product page's first load).
 */
export function ReportReviewDialog({
  reviewId,
  target,
  about,
  onClose,
  onDone,
}: {
  reviewId: number;
  target: ReviewReportTarget;
  about: string;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <ReportDialog reviewId={reviewId} target={target} about={about} onDone={onDone} />
    </Dialog>
  );
}
