"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { send } from "@/components/account/send";
import { inputClasses } from "@/components/account/form-field";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { REVIEW_REPORT_REASON_LABELS } from "@/lib/review-trust";
import type { ModerationItem } from "@/server/reviews/list-moderation-queue";

const DAY = new Intl.DateTimeFormat("en-CA", { dateStyle: "medium", timeZone: "America/Toronto" });

/**
 * The moderation queue's items (issue 44): the text (as text), its reports, the author's history,
 * and the actions with a required reason. Outcomes are announced in a live region; the list is
 * read again from the server.
 */
export function ModerationQueue({
  view,
  items,
}: {
  view: "reported" | "hidden";
  items: ModerationItem[];
}) {
  const router = useRouter();
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  async function act(item: ModerationItem, action: "hide" | "restore" | "dismiss") {
    const key = `${item.target}:${item.reviewId}`;
    setBusy(key);
    const result = await send<{ message: string }>(
      `/api/admin/reviews/${item.reviewId}/${action}`,
      { json: { target: item.target, reason: reasons[key] ?? "" } },
    );
    setBusy(null);
    setOutcome(
      result.ok
        ? { ok: true, text: result.data.message }
        : { ok: false, text: result.fieldErrors.reason ?? result.message },
    );
    if (result.ok) router.refresh();
  }

  return (
    <section
      aria-label={view === "reported" ? "Reported items" : "Hidden items"}
      className="grid gap-4"
    >
      <p
        role={outcome && !outcome.ok ? "alert" : "status"}
        className={cn("font-semibold", outcome?.ok ? "text-leaf-800" : "text-red-700")}
      >
        {outcome?.text ?? ""}
      </p>
      {items.length === 0 ? (
        <p className="rounded-2xl border border-stone-200 bg-white p-6 text-stone-700">
          {view === "reported"
            ? "Nothing is reported: no review waits for you."
            : "Nothing is hidden."}
        </p>
      ) : (
        <ul className="grid gap-4">
          {items.map((item) => {
            const key = `${item.target}:${item.reviewId}`;
            const what = `${item.target === "review" ? "review" : "reply"} by ${item.author}`;
            return (
              <li key={key}>
                <article
                  aria-label={`The ${what}`}
                  className="grid gap-3 rounded-2xl border border-stone-200 bg-white p-5"
                >
                  <p className="text-sm text-stone-600">
                    {item.target === "review" ? `Review (${item.score} of 5)` : "Farm reply"} of{" "}
                    <a href={`/products/${item.productId}#reviews`} className="underline">
                      {item.productName}
                    </a>{" "}
                    by <strong>{item.author}</strong>, {DAY.format(new Date(item.writtenAt))}
                    {item.hiddenAt ? `, hidden ${DAY.format(new Date(item.hiddenAt))}` : ""}
                  </p>
                  <p className="break-words whitespace-pre-line text-stone-900">{item.text}</p>
                  <div>
                    <h3 className="text-sm font-semibold text-stone-800">Reports</h3>
                    <ul className="list-disc pl-5 text-sm text-stone-700">
                      {item.reports.map((report, i) => (
                        <li key={i}>
                          {REVIEW_REPORT_REASON_LABELS[report.reason]}, by {report.reporter},{" "}
                          {DAY.format(new Date(report.at))}
                          {report.open ? "" : " (closed)"}
                        </li>
                      ))}
                    </ul>
                  </div>
                  <p className="text-sm text-stone-700">
                    Author&apos;s history: {item.history.written}{" "}
                    {item.target === "review" ? "reviews" : "replies"}, {item.history.hidden}{" "}
                    hidden, {item.history.reported} reports; member since{" "}
                    {DAY.format(new Date(item.history.memberSince))}.
                  </p>
                  <label className="grid gap-1 text-sm font-semibold text-stone-800">
                    Reason for the {what}
                    <textarea
                      rows={2}
                      value={reasons[key] ?? ""}
                      onChange={(e) => setReasons({ ...reasons, [key]: e.target.value })}
                      className={cn(inputClasses, "h-auto py-2 font-normal")}
                    />
                  </label>
                  <div className="flex flex-wrap gap-2">
                    {view === "reported" ? (
                      <>
                        <Button
                          size="sm"
                          disabled={busy !== null}
                          onClick={() => void act(item, "hide")}
                        >
                          Hide<span className="sr-only"> the {what}</span>
                        </Button>
                        <Button
                          size="sm"
                          variant="secondary"
                          disabled={busy !== null}
                          onClick={() => void act(item, "dismiss")}
                        >
                          Dismiss reports<span className="sr-only"> on the {what}</span>
                        </Button>
                      </>
                    ) : (
                      <Button
                        size="sm"
                        disabled={busy !== null}
                        onClick={() => void act(item, "restore")}
                      >
                        Restore<span className="sr-only"> the {what}</span>
                      </Button>
                    )}
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
