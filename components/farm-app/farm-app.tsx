"use client";

import { useEffect } from "react";
import { flushQueueNow } from "./flush-queue";
import { InstallPrompt } from "./install-prompt";

/**
 * The farm app, mounted for signed-in farms only (session-islands.tsx): registers /sw.js, sends the
 * confirmations queued offline on open, when the network returns and when Background Sync says so,
 * and offers the install at a sensible moment (install-prompt.tsx).
 */
export function FarmApp() {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    void navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => undefined);
    const onMessage = (event: MessageEvent<{ type?: string }>) => {
      if (event.data?.type === "flush-handovers") void flushQueueNow();
    };
    const onOnline = () => void flushQueueNow();
    navigator.serviceWorker.addEventListener("message", onMessage);
    window.addEventListener("online", onOnline);
    if (navigator.onLine) void flushQueueNow();
    return () => {
      navigator.serviceWorker.removeEventListener("message", onMessage);
      window.removeEventListener("online", onOnline);
    };
  }, []);
  return <InstallPrompt />;
}
