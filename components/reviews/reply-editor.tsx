"use client";

import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { inputClasses } from "@/components/account/form-field";
import { send } from "@/components/account/send";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import type { ReviewView } from "./types";

/**
 * The product's farm writes, edits or deletes its one public reply under a review (issue 44).
 * The page is read again from the server afterwards (its cache was expired by the call).
 */
export function ReplyEditor({ review }: { review: ReviewView }) {
  const router = useRouter();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [content, setContent] = useState(review.reply?.reply ?? "");
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await send<{ message: string }>(`/api/reviews/${review.id}/reply`, {
      method: review.reply ? "PUT" : "POST",
      json: { replyContent: content },
    });
    setBusy(false);
    if (!result.ok)
      return setStatus({ ok: false, text: result.fieldErrors.replyContent ?? result.message });
    setStatus({ ok: true, text: result.data.message });
    setOpen(false);
    router.refresh();
  }

  async function remove() {
    setBusy(true);
    const result = await send<{ message: string }>(`/api/reviews/${review.id}/reply`, {
      method: "DELETE",
    });
    setBusy(false);
    setStatus({ ok: result.ok, text: result.ok ? result.data.message : result.message });
    if (result.ok) {
      setContent("");
      router.refresh();
    }
  }

  return (
    <div className="flex flex-col gap-2">
      {open ? (
        <form onSubmit={(e) => void save(e)} noValidate className="flex flex-col gap-2">
          <label htmlFor={`${id}-reply`} className="text-sm font-semibold text-stone-800">
            Your reply to {review.username}
          </label>
          <textarea
            id={`${id}-reply`}
            value={content}
            onChange={(e) => setContent(e.target.value)}
            rows={3}
            className={cn(inputClasses, "h-auto py-2")}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={busy} aria-busy={busy}>
              {review.reply ? "Save reply" : "Post reply"}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
            {review.reply ? "Edit reply" : "Reply"}
            <span className="sr-only"> to {review.username}</span>
          </Button>
          {review.reply ? (
            <Button variant="ghost" size="sm" disabled={busy} onClick={() => void remove()}>
              Delete reply<span className="sr-only"> to {review.username}</span>
            </Button>
          ) : null}
        </div>
      )}
      <p
        role={status && !status.ok ? "alert" : "status"}
        className={cn("text-sm font-semibold", status?.ok ? "text-leaf-800" : "text-red-700")}
      >
        {status?.text ?? ""}
      </p>
    </div>
  );
}
