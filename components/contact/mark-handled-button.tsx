"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useHydrated } from "@/components/layout/viewer-context";
import { postJson } from "@/components/password/post-json";
import { Button } from "@/components/ui/button";

const FAILED = "Something went wrong. Please try again.";

/** The inbox's "Mark handled": once done (here or by another admin), the list is read again. */
export function MarkHandledButton({
  messageId,
  senderName,
}: {
  messageId: number;
  senderName: string;
}) {
  const router = useRouter();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function markHandled() {
    setBusy(true);
    setError(null);
    const answer = await postJson<{ message: string }>(
      `/api/contact/admin/${messageId}/handled`,
      {},
    );
    setBusy(false);
    // 409: another admin was quicker; either way the message now belongs to the handled list.
    if (answer.ok || answer.status === 409) router.refresh();
    else setError(answer.message ?? FAILED);
  }

  return (
    <div className="flex flex-col items-start gap-1">
      <Button
        variant="secondary"
        size="sm"
        disabled={!hydrated || busy}
        aria-label={`Mark the message from ${senderName} handled`}
        onClick={() => void markHandled()}
      >
        {busy ? "Marking…" : "Mark handled"}
      </Button>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
