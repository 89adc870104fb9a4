import "server-only";
import { PGlite } from "@electric-sql/pglite";
import { Pool } from "pg";
import type { Db, NodePgDb, PgliteDb } from "@/server/db/client";
import { rateLimited } from "@/server/errors";
import { log } from "@/server/log";
import { loadNotifiedMessage, toLiveMessage, type LiveMessage } from "./load-live-messages";
import { pgliteNoticeSource, postgresNoticeSource, type NoticeSource } from "./notice-source";
import { parseNewMessageNotice } from "./notify-new-message";

/** One open event stream of one member on this instance. */
export type LiveSubscriber = {
  deliver: (event: LiveMessage) => void;
  /** Notifications may have been missed (the listener reconnected): catch up by message id. */
  resync: () => void;
};

/** Tabs a member may keep streaming from one instance; more is a client gone wrong. */
export const MAX_STREAMS_PER_MEMBER = 20;

/**
 * The fan-out of one app instance: a single LISTEN connection (however many streams are open)
 * and, per member, the streams open here. A notification is read from the database once, and
 * only if a side of its conversation has a stream here; each side gets it as they see it.
 */
export class MessageHub {
  private readonly subscribers = new Map<number, Set<LiveSubscriber>>();
  private started: Promise<void> | null = null;
  /**
   * Notifications are handled one after another, in the order they came: each reads its message
   * from the database, and two reads at once on a pool can finish in either order, which sent a
   * member's messages out of order (and a reconnect's Last-Event-ID past one not yet sent).
   */
  private dispatched: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly source: NoticeSource,
  ) {}

  /** Adds a stream for `memberId`; resolves once this instance listens. Returns the removal. */
  async subscribe(memberId: number, subscriber: LiveSubscriber): Promise<() => void> {
    const own = this.subscribers.get(memberId) ?? new Set<LiveSubscriber>();
    if (own.size >= MAX_STREAMS_PER_MEMBER) throw rateLimited();
    await this.start();
    own.add(subscriber);
    this.subscribers.set(memberId, own);
    return () => {
      own.delete(subscriber);
      if (own.size === 0 && this.subscribers.get(memberId) === own)
        this.subscribers.delete(memberId);
    };
  }

  /** Open streams on this instance (the benchmark and the tests read it). */
  get streamCount(): number {
    let count = 0;
    for (const own of this.subscribers.values()) count += own.size;
    return count;
  }

  async close(): Promise<void> {
    this.subscribers.clear();
    await this.source.stop();
  }

  private start(): Promise<void> {
    this.started ??= this.source
      .start({
        onPayload: (payload) => {
          this.dispatched = this.dispatched.then(() => this.dispatch(payload)).catch(() => {});
        },
        onGap: () => this.resyncAll(),
      })
      .catch((error: unknown) => {
        this.started = null; // the next stream tries again
        throw error;
      });
    return this.started;
  }

  private async dispatch(payload: string): Promise<void> {
    const notice = parseNewMessageNotice(payload);
    if (!notice) return;
    const waiting = notice.memberIds.filter((id) => this.subscribers.has(id));
    if (waiting.length === 0) return;
    try {
      const row = await loadNotifiedMessage(this.db, notice);
      if (!row) return;
      for (const memberId of waiting) {
        const event = toLiveMessage(row, memberId);
        if (!event) continue;
        for (const subscriber of this.subscribers.get(memberId) ?? []) subscriber.deliver(event);
      }
    } catch (error) {
      log.warn({ err: error, ...notice }, "live messages: reading a notified message failed");
      for (const memberId of waiting)
        for (const subscriber of this.subscribers.get(memberId) ?? []) subscriber.resync();
    }
  }

  private resyncAll(): void {
    for (const own of this.subscribers.values()) for (const subscriber of own) subscriber.resync();
  }
}

/** The LISTEN connection for a database opened by server/db/client.ts. */
export function noticeSourceFor(db: Db): NoticeSource {
  const client = (db as Partial<PgliteDb | NodePgDb>).$client;
  if (client instanceof PGlite) return pgliteNoticeSource(client);
  if (client instanceof Pool && client.options.connectionString)
    return postgresNoticeSource(client.options.connectionString);
  throw new Error("live messages: cannot listen on this database");
}

type HubState = { db?: Db; hub?: MessageHub };
// On globalThis so hot reload keeps one listener per process.
const state: HubState = ((
  globalThis as { __marketplaceMessageHub?: HubState }
).__marketplaceMessageHub ??= {});

/** The live streams open on this instance now (a metric); 0 before the first one. */
export function openStreamCount(): number {
  return state.hub?.streamCount ?? 0;
}

/** This instance's hub, for the process-wide database (one per process, made on first use). */
export function getMessageHub(db: Db): MessageHub {
  if (state.hub && state.db === db) return state.hub;
  // The embedded database was opened again (its backend stopped): follow the new one.
  void state.hub?.close().catch(() => {});
  state.db = db;
  state.hub = new MessageHub(db, noticeSourceFor(db));
  return state.hub;
}
