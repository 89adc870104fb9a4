/**
 * The tab's one EventSource on `GET /api/messages/stream` (decision 0020), shared by whatever
 * listens: the header's message dot, the messages page's list and open conversation. It opens
 * with the first listener and closes with the last. The browser reconnects by itself with
 * Last-Event-ID; when it gives up (the server answered an error) this opens a new one after a
 * while, carrying the last id seen, so the server still replays what was missed.
 */
import type { MessageView } from "./messaging-api";

export type LiveMessage = { conversationId: number; message: MessageView };
type Listener = (event: LiveMessage) => void;

const STREAM_PATH = "/api/messages/stream";
const REOPEN_DELAYS_MS = [2_000, 5_000, 15_000, 30_000];

const listeners = new Set<Listener>();
let source: EventSource | null = null;
let lastEventId: string | null = null;
let reopenAttempt = 0;
let reopenTimer: ReturnType<typeof setTimeout> | null = null;
/** The conversation shown on the messages page: its messages are read as they arrive. */
let openConversationId: number | null = null;

function open(): void {
  if (source || typeof EventSource === "undefined") return;
  const url = lastEventId
    ? `${STREAM_PATH}?lastEventId=${encodeURIComponent(lastEventId)}`
    : STREAM_PATH;
  const next = new EventSource(url, { withCredentials: true });
  source = next;
  next.addEventListener("open", () => {
    reopenAttempt = 0;
  });
  next.addEventListener("message", (event: MessageEvent<string>) => {
    if (event.lastEventId) lastEventId = event.lastEventId;
    let data: LiveMessage;
    try {
      data = JSON.parse(event.data) as LiveMessage;
    } catch {
      return;
    }
    for (const listener of [...listeners]) listener(data);
  });
  next.addEventListener("error", () => {
    if (next.readyState !== EventSource.CLOSED || source !== next) return;
    source = null;
    const delay = REOPEN_DELAYS_MS[Math.min(reopenAttempt++, REOPEN_DELAYS_MS.length - 1)];
    reopenTimer = setTimeout(() => {
      reopenTimer = null;
      if (listeners.size > 0) open();
    }, delay);
  });
}

function close(): void {
  source?.close();
  source = null;
  if (reopenTimer) clearTimeout(reopenTimer);
  reopenTimer = null;
}

/** Calls `listener` with every new message of the signed-in member's conversations. */
export function subscribeLiveMessages(listener: Listener): () => void {
  listeners.add(listener);
  open();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) close();
  };
}

export function setOpenConversation(conversationId: number | null): void {
  openConversationId = conversationId;
}

export function isOpenConversation(conversationId: number): boolean {
  return openConversationId === conversationId;
}
