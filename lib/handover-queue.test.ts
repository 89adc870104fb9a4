import { describe, expect, it } from "vitest";
import {
  flushHandoverQueue,
  isRetryable,
  memoryHandoverStore,
  queueHandover,
  SIGN_IN_TO_SEND,
  withHandoverQueueLock,
  type HandoverAnswer,
  type QueuedHandover,
} from "./handover-queue";

let ids = 0;
const newId = () => `h${++ids}`;

/** A server that confirms each code once and answers already_confirmed after, like the real one. */
function idempotentServer(refuse: Record<string, { status: number; message: string }> = {}) {
  const confirmed: string[] = [];
  let online = true;
  const send = async (item: QueuedHandover): Promise<HandoverAnswer> => {
    await Promise.resolve();
    if (!online) return { ok: false, status: 0, message: "offline" };
    const refusal = refuse[item.code];
    if (refusal) return { ok: false, ...refusal };
    if (confirmed.includes(item.code))
      return { ok: true, outcome: "already_confirmed", message: "already", orderNo: item.code };
    confirmed.push(item.code);
    return { ok: true, outcome: "confirmed", message: "confirmed", orderNo: item.code };
  };
  return {
    confirmed,
    send,
    setOnline: (value: boolean) => {
      online = value;
    },
  };
}

describe("the handover queue", () => {
  it("keeps the time the handover happened and one item per code", async () => {
    const store = memoryHandoverStore();
    const at = new Date("2026-11-21T16:02:11.000Z");
    const first = await queueHandover(store, { code: "1042-7kq2-m9xd", now: at, newId });
    const again = await queueHandover(store, {
      code: " 10427KQ2M9XD ",
      now: new Date("2026-11-21T16:05:00.000Z"),
      newId,
    });
    expect(again).toEqual(first);
    expect(await store.list()).toEqual([
      { id: first.id, code: "1042-7kq2-m9xd", handedOverAt: at.toISOString() },
    ]);
  });

  it("stays queued while offline and is sent once when the network returns", async () => {
    const store = memoryHandoverStore();
    const server = idempotentServer();
    await queueHandover(store, { code: "1-AAAA-AAAA", newId });
    server.setOnline(false);
    expect(await flushHandoverQueue(store, server.send)).toMatchObject([{ result: "kept" }]);
    expect(await store.list()).toHaveLength(1);

    server.setOnline(true);
    expect(await flushHandoverQueue(store, server.send)).toMatchObject([
      { code: "1-AAAA-AAAA", result: "confirmed" },
    ]);
    expect(await store.list()).toEqual([]);
    expect(await flushHandoverQueue(store, server.send)).toEqual([]);
    expect(server.confirmed).toEqual(["1-AAAA-AAAA"]);
  });

  it("confirms once when the same queue is replayed twice at the same time", async () => {
    const store = memoryHandoverStore();
    const server = idempotentServer();
    await queueHandover(store, { code: "1-AAAA-AAAA", newId });
    await queueHandover(store, { code: "2-BBBB-BBBB", newId });
    const flush = () => withHandoverQueueLock(() => flushHandoverQueue(store, server.send));
    const [first, second] = await Promise.all([flush(), flush()]);
    expect(first.map((f) => f.result)).toEqual(["confirmed", "confirmed"]);
    expect(second).toEqual([]);
    expect(server.confirmed).toEqual(["1-AAAA-AAAA", "2-BBBB-BBBB"]);
  });

  it("a replay after a lost answer is told already_confirmed, not confirmed twice", async () => {
    const store = memoryHandoverStore();
    const server = idempotentServer();
    const item = await queueHandover(store, { code: "3-CCCC-CCCC", newId });
    await server.send(item); // confirmed, but the phone never heard back
    expect(await flushHandoverQueue(store, server.send)).toMatchObject([
      { result: "already_confirmed" },
    ]);
    expect(server.confirmed).toEqual(["3-CCCC-CCCC"]);
  });

  it("drops a tampered or expired code with the server's message and sends the rest", async () => {
    const store = memoryHandoverStore();
    const server = idempotentServer({
      "9-ZZZZ-ZZZZ": { status: 403, message: "This QR code is not valid for your farm." },
      "8-YYYY-YYYY": { status: 422, message: "This confirmation waited on your phone too long." },
    });
    const base = Date.parse("2026-11-21T10:00:00Z");
    await queueHandover(store, { code: "9-ZZZZ-ZZZZ", now: new Date(base), newId });
    await queueHandover(store, { code: "8-YYYY-YYYY", now: new Date(base + 1000), newId });
    await queueHandover(store, { code: "1-AAAA-AAAA", now: new Date(base + 2000), newId });
    const flushed = await flushHandoverQueue(store, server.send);
    expect(flushed.map(({ code, result, message }) => ({ code, result, message }))).toEqual([
      {
        code: "9-ZZZZ-ZZZZ",
        result: "refused",
        message: "This QR code is not valid for your farm.",
      },
      {
        code: "8-YYYY-YYYY",
        result: "refused",
        message: "This confirmation waited on your phone too long.",
      },
      { code: "1-AAAA-AAAA", result: "confirmed", message: "confirmed" },
    ]);
    expect(await store.list()).toEqual([]);
  });

  it("keeps everything and asks to sign in when the session ended", async () => {
    const store = memoryHandoverStore();
    await queueHandover(store, { code: "1-AAAA-AAAA", newId });
    await queueHandover(store, { code: "2-BBBB-BBBB", newId });
    const signedOut = async (): Promise<HandoverAnswer> => ({
      ok: false,
      status: 401,
      message: "Please log in to continue.",
    });
    expect(await flushHandoverQueue(store, signedOut)).toMatchObject([
      { result: "kept", message: SIGN_IN_TO_SEND },
    ]);
    expect(await store.list()).toHaveLength(2);
  });

  it.each([
    [0, true],
    [401, true],
    [429, true],
    [503, true],
    [403, false],
    [404, false],
    [409, false],
    [422, false],
  ])("status %i is retryable: %s", (status, retryable) => {
    expect(isRetryable(status)).toBe(retryable);
  });
});
