"use client";

import { useEffect, useState } from "react";
import { messagingApi } from "./messaging-api";

/**
 * Said as a form to a farm opens, before anyone writes (issue 42, item 2): a farm whose plan does
 * not include messaging reads what it is sent but answers once its plan allows. The message is
 * still sent and kept; the note says what else works meanwhile. Nothing shows while the answer is
 * on its way, nor when the call fails (the form works as before).
 */
export function FarmReplyNote({
  farmName,
  farmerId,
  prodId,
}: {
  farmName: string;
  farmerId?: string;
  prodId?: number;
}) {
  const [canReply, setCanReply] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    messagingApi
      .farmReply({ farmerId, prodId })
      .then((answer) => live && setCanReply(answer.farmCanReply))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [farmerId, prodId]);

  if (canReply !== false) return null;
  return (
    <p role="note" className="rounded-lg bg-amber-50 p-3 text-sm text-stone-800">
      {farmName} reads your message but replies by message only once its plan includes messaging;
      the farm is told you wrote. Meanwhile you can order from its store, and once you have ordered,
      My Purchases gives the farm&apos;s email and phone.
    </p>
  );
}
