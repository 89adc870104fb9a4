import "server-only";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { log } from "@/server/log";
import { NEW_MESSAGE_CHANNEL } from "./notify-new-message";

export type NoticeHandlers = {
  /** A payload of the channel, in commit order. */
  onPayload: (payload: string) => void;
  /** The listening connection was lost and is back: notifications in between may be missing. */
  onGap: () => void;
};

/** One LISTEN connection: what a hub (one per app instance) receives notifications through. */
export interface NoticeSource {
  start(handlers: NoticeHandlers): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The embedded database: PGlite has one connection, shared with the queries, and delivers the
 * notifications of its own commits to its `listen` callbacks.
 */
export function pgliteNoticeSource(client: PGlite): NoticeSource {
  let unlisten: (() => Promise<void>) | null = null;
  return {
    async start({ onPayload }) {
      unlisten = await client.listen(NEW_MESSAGE_CHANNEL, onPayload);
    },
    async stop() {
      await unlisten?.();
      unlisten = null;
    },
  };
}

const RECONNECT_DELAYS_MS = [100, 500, 1000, 2000, 5000];

/**
 * PostgreSQL: one dedicated client outside the pool (a pooled connection would be handed to
 * queries, and LISTEN belongs to a session). A lost connection is opened again with growing
 * delays; once back, `onGap` lets each stream catch up by message id.
 */
export function postgresNoticeSource(connectionString: string): NoticeSource {
  let client: pg.Client | null = null;
  let stopped = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;

  async function connect(handlers: NoticeHandlers, isRetry: boolean): Promise<void> {
    const next = new pg.Client({ connectionString });
    next.on("notification", (message) => {
      if (message.channel === NEW_MESSAGE_CHANNEL && message.payload)
        handlers.onPayload(message.payload);
    });
    next.on("error", (error) => {
      log.warn({ err: error }, "live messages: listening connection failed");
      void next.end().catch(() => {});
    });
    next.on("end", () => {
      if (client !== next || stopped) return;
      client = null;
      scheduleReconnect(handlers);
    });
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${NEW_MESSAGE_CHANNEL}`);
    } catch (error) {
      // Not a lost connection to come back from: the caller decides whether to try again.
      if (client === next) client = null;
      void next.end().catch(() => {});
      throw error;
    }
    attempt = 0;
    if (isRetry) handlers.onGap();
  }

  function scheduleReconnect(handlers: NoticeHandlers) {
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt++, RECONNECT_DELAYS_MS.length - 1)];
    timer = setTimeout(() => {
      timer = null;
      if (stopped) return;
      connect(handlers, true).catch((error: unknown) => {
        log.warn({ err: error }, "live messages: reconnecting the listener failed");
        if (!stopped) scheduleReconnect(handlers);
      });
    }, delay);
    timer.unref();
  }

  return {
    start: (handlers) => connect(handlers, false),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
