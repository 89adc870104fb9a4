import {
  flushHandoverQueue,
  withHandoverQueueLock,
  type FlushedHandover,
} from "@/lib/handover-queue";
import { handoverStore } from "./handover-store";
import { sendHandover } from "./send-handover";

/** Tells the scanner screen, when it is open, what a flush did. */
export const QUEUE_FLUSHED_EVENT = "farm-app:queue-flushed";

/** Sends what the queue holds, one flush at a time across tabs (the Web Locks API). */
export async function flushQueueNow(): Promise<FlushedHandover[]> {
  const flushed = await withHandoverQueueLock(() =>
    flushHandoverQueue(handoverStore(), sendHandover),
  );
  if (flushed.length > 0)
    window.dispatchEvent(new CustomEvent(QUEUE_FLUSHED_EVENT, { detail: flushed }));
  return flushed;
}

/** Asks for Background Sync, where the browser has it, so the queue goes out when the network returns. */
export async function requestQueueSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (registration as { sync?: { register(tag: string): Promise<void> } } | undefined)
      ?.sync;
    await sync?.register("handover-queue");
  } catch {
    // No Background Sync: the app sends the queue when it sees the network again, or on next open.
  }
}
