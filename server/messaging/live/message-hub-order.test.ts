// The hub hands a member's messages on in the order their notifications came, even when reading
// the second message from the database finishes first (two reads at once on a PostgreSQL pool).
import { describe, expect, it, vi } from "vitest";
import type { Db } from "@/server/db/client";
import type { NoticeHandlers, NoticeSource } from "./notice-source";

const reads = vi.hoisted(() => new Map<number, Promise<unknown>>());
vi.mock("./load-live-messages", () => ({
  loadNotifiedMessage: (_db: unknown, { messageId }: { messageId: number }) => reads.get(messageId),
  toLiveMessage: (row: { messageId: number }) => ({
    conversationId: 1,
    message: { id: row.messageId },
  }),
}));

const { MessageHub } = await import("./message-hub");

function later<T>(value: T, ms: number): Promise<T> {
  return new Promise((resolve) => setTimeout(() => resolve(value), ms));
}

describe("the message hub", () => {
  it("delivers in notification order when the first message is read last", async () => {
    let handlers: NoticeHandlers | null = null;
    const source: NoticeSource = {
      start: async (h) => void (handlers = h),
      stop: async () => {},
    };
    const hub = new MessageHub({} as Db, source);
    const delivered: number[] = [];
    await hub.subscribe(7, {
      deliver: (event) => delivered.push(event.message.id),
      resync: () => {},
    });

    reads.set(10, later({ messageId: 10 }, 60));
    reads.set(11, later({ messageId: 11 }, 0));
    for (const messageId of [10, 11])
      handlers!.onPayload(JSON.stringify({ conversationId: 1, messageId, memberIds: [7] }));

    await vi.waitFor(() => expect(delivered).toHaveLength(2));
    expect(delivered).toEqual([10, 11]);
  });
});
