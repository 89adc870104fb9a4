import "server-only";
import type { Db } from "@/server/db/client";
import { log } from "@/server/log";
import { listMessagesAfter, type LiveMessage } from "./load-live-messages";
import type { MessageHub } from "./message-hub";

/** A comment line often enough that proxies and browsers keep an idle stream open. */
export const HEARTBEAT_MS = 25_000;
/** What the browser waits before reconnecting after a dropped stream. */
export const RETRY_MS = 3_000;
/** Ids remembered to drop a message that arrives both live and in a catch-up. */
const REMEMBERED_IDS = 500;

export type MessageStreamOptions = {
  db: Db;
  hub: MessageHub;
  memberId: number;
  /** `Last-Event-ID`: the highest message id the browser had; null on a first connect. */
  lastEventId: number | null;
  /** Aborted when the browser goes away. */
  signal?: AbortSignal;
  heartbeatMs?: number;
};

const encoder = new TextEncoder();

/**
 * The member's event stream (text/event-stream): each `message` event is one message of one of
 * their own conversations, `id` = the highest message id sent so far. A reconnect carrying
 * Last-Event-ID first gets what it missed, by id; a message arriving both in that catch-up and
 * live is sent once. Subscribes before replaying, so nothing falls between the two.
 *
 * @throws AppError rate_limited past MAX_STREAMS_PER_MEMBER streams on this instance
 */
export async function openMessageStream({
  db,
  hub,
  memberId,
  lastEventId,
  signal,
  heartbeatMs = HEARTBEAT_MS,
}: MessageStreamOptions): Promise<ReadableStream<Uint8Array>> {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  let highest = lastEventId ?? 0;
  const sent = new Set<number>();
  let catchingUp: Promise<void> | null = null;
  let heartbeat: NodeJS.Timeout | null = null;

  const write = (text: string) => {
    if (closed) return;
    try {
      controller.enqueue(encoder.encode(text));
    } catch {
      close();
    }
  };
  const send = (event: LiveMessage) => {
    const { id } = event.message;
    if (sent.has(id)) return;
    sent.add(id);
    if (sent.size > REMEMBERED_IDS) sent.delete(sent.values().next().value!);
    highest = Math.max(highest, id);
    write(`id: ${highest}\nevent: message\ndata: ${JSON.stringify(event)}\n\n`);
  };
  const catchUp = (): Promise<void> => {
    catchingUp ??= listMessagesAfter(db, { memberId, afterId: highest })
      .then((missed) => missed.forEach(send))
      .catch((error: unknown) =>
        log.warn({ err: error, memberId }, "live messages: catch-up failed"),
      )
      .finally(() => {
        catchingUp = null;
      });
    return catchingUp;
  };

  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      close();
    },
  });
  const unsubscribe = await hub.subscribe(memberId, {
    deliver: send,
    resync: () => void catchUp(),
  });

  function close() {
    if (closed) return;
    closed = true;
    unsubscribe();
    if (heartbeat) clearInterval(heartbeat);
    signal?.removeEventListener("abort", close);
    try {
      controller.close();
    } catch {
      // already closed by the reader
    }
  }
  signal?.addEventListener("abort", close);
  if (signal?.aborted) close();

  write(`retry: ${RETRY_MS}\n: connected\n\n`);
  if (lastEventId !== null) await catchUp();
  heartbeat = setInterval(() => write(": ping\n\n"), heartbeatMs);
  heartbeat.unref();
  return stream;
}

/** `Last-Event-ID` (or `?lastEventId=`, for a client that cannot set headers) as a message id. */
export function parseLastEventId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}
