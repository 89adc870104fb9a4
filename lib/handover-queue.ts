/**
 * The farm app's queue of handover confirmations made while the phone was offline (decision 0054).
 * Pure logic over a small store interface: the browser keeps the queue in IndexedDB
 * (components/farm-app/handover-store.ts), the tests in memory.
 *
 * Exactly once: an item leaves the queue only after the server gave a final answer for it (confirmed,
 * already confirmed, or refused), flushes never overlap (the caller's lock), and the server's call
 * is idempotent, so an item sent again after a lost answer confirms nothing twice.
 */

export type QueuedHandover = {
  id: string;
  /** The scanned link or the typed short code, as the farm entered it. */
  code: string;
  /** When the farm confirmed on the phone (ISO 8601): the server keeps it as the handover time. */
  handedOverAt: string;
};

export interface HandoverQueueStore {
  list(): Promise<QueuedHandover[]>;
  put(item: QueuedHandover): Promise<void>;
  remove(id: string): Promise<void>;
}

/** What POST /api/orders/confirmByCode answered; status 0 when the request never got an answer. */
export type HandoverAnswer =
  | {
      ok: true;
      outcome: "confirmed" | "already_confirmed";
      message: string;
      orderNo: string;
    }
  | { ok: false; status: number; message: string };

export type SendHandover = (item: QueuedHandover) => Promise<HandoverAnswer>;

/** One item's fate in a flush. `kept` items stay queued for the next try. */
export type FlushedHandover = QueuedHandover &
  (
    | { result: "confirmed" | "already_confirmed"; message: string; orderNo: string }
    | { result: "refused"; message: string }
    | { result: "kept"; message: string }
  );

export const SIGN_IN_TO_SEND =
  "You were signed out. Please sign in again to send the waiting confirmations.";

/**
 * A failure worth trying again later: no answer (offline), the server's fault, a rate limit, or
 * the farm signed out. Every other refusal (a tampered, foreign, expired or cancelled code) is
 * final: trying again would be refused the same way.
 */
export function isRetryable(status: number): boolean {
  return status === 0 || status === 401 || status === 408 || status === 429 || status >= 500;
}

/** The code as the queue compares it: a typed short code without case, spaces or dashes. */
export function normaliseCode(code: string): string {
  const trimmed = code.trim();
  return /^[\w\s-]+$/.test(trimmed) ? trimmed.toUpperCase().replace(/[\s-]/g, "") : trimmed;
}

/**
 * Puts a confirmation in the queue with the time it happened. The same code twice (a double scan
 * while offline) stays one item, the first time kept.
 */
export async function queueHandover(
  store: HandoverQueueStore,
  { code, now = new Date(), newId }: { code: string; now?: Date; newId: () => string },
): Promise<QueuedHandover> {
  const existing = (await store.list()).find(
    (item) => normaliseCode(item.code) === normaliseCode(code),
  );
  if (existing) return existing;
  const item = { id: newId(), code: code.trim(), handedOverAt: now.toISOString() };
  await store.put(item);
  return item;
}

/**
 * Sends the queued confirmations oldest first. A final answer removes the item; a retryable one
 * keeps it and stops the flush (the network is down, or the farm must sign in again: the rest
 * would fail the same way). Answers what happened to each item it tried.
 */
export async function flushHandoverQueue(
  store: HandoverQueueStore,
  sendHandover: SendHandover,
): Promise<FlushedHandover[]> {
  const items = [...(await store.list())].sort((a, b) =>
    a.handedOverAt.localeCompare(b.handedOverAt),
  );
  const flushed: FlushedHandover[] = [];
  for (const item of items) {
    const answer = await sendHandover(item);
    if (answer.ok) {
      await store.remove(item.id);
      flushed.push({
        ...item,
        result: answer.outcome,
        message: answer.message,
        orderNo: answer.orderNo,
      });
      continue;
    }
    if (isRetryable(answer.status)) {
      flushed.push({
        ...item,
        result: "kept",
        message: answer.status === 401 ? SIGN_IN_TO_SEND : answer.message,
      });
      break;
    }
    await store.remove(item.id);
    flushed.push({ ...item, result: "refused", message: answer.message });
  }
  return flushed;
}

/** A HandoverQueueStore in memory: the tests', and a browser's without IndexedDB. */
export function memoryHandoverStore(initial: QueuedHandover[] = []): HandoverQueueStore {
  const items = new Map(initial.map((item) => [item.id, item]));
  return {
    list: async () => [...items.values()],
    put: async (item) => void items.set(item.id, item),
    remove: async (id) => void items.delete(id),
  };
}

let tail: Promise<unknown> = Promise.resolve();

/**
 * Runs `task` when no other flush of this queue runs: across the tabs and the service worker with
 * the Web Locks API where the browser has it, else within this page.
 */
export function withHandoverQueueLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (locks) return locks.request("handover-queue", task) as Promise<T>;
  const run = tail.then(task, task);
  tail = run.catch(() => undefined);
  return run;
}
