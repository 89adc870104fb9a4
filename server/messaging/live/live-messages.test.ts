import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { closeDb, createNodePgDb, isEmbedded, type Db, type NodePgDb } from "@/server/db/client";
import { conversations } from "@/server/db/schema";
import { closeTestDb, createTestDb } from "@/tests/db";
import {
  createConversation,
  createCustomer,
  createMerchant,
  createMessage,
  createSubscription,
  type Member,
} from "@/server/db/seed/factories";
import { sseReader } from "@/tests/sse";
import { sendMessage } from "..";
import {
  MessageHub,
  NEW_MESSAGE_CHANNEL,
  noticeSourceFor,
  notifyNewMessage,
  openMessageStream,
  parseLastEventId,
} from ".";

let db: Db;
let farm: Member;
let alice: Member;
let bob: Member;
// One conversation per farm and customer: each test has customers of its own.
beforeEach(async () => {
  alice = await createCustomer(db);
  bob = await createCustomer(db);
});
const hubs: MessageHub[] = [];
const aborts: AbortController[] = [];

beforeAll(async () => {
  db = await createTestDb();
  farm = await createMerchant(db);
  await createSubscription(db, { memberId: farm.id, plan: "harvest" });
});
afterAll(async () => {
  aborts.forEach((a) => a.abort());
  await Promise.all(hubs.map((hub) => hub.close()));
  await closeTestDb(db);
});

function hubOn(database: Db): MessageHub {
  const hub = new MessageHub(database, noticeSourceFor(database));
  hubs.push(hub);
  return hub;
}

async function stream(hub: MessageHub, memberId: number, lastEventId: number | null = null) {
  const abort = new AbortController();
  aborts.push(abort);
  const body = await openMessageStream({
    db,
    hub,
    memberId,
    lastEventId,
    signal: abort.signal,
  });
  return { ...sseReader(body), abort };
}

type Event = { conversationId: number; message: { id: number; message: string; mine: boolean } };
const parse = (data: string) => JSON.parse(data) as Event;

describe("the live stream", () => {
  it("carries a message of the member's conversation, as each side sees it, and no one else's", async () => {
    const hub = hubOn(db);
    const own = await createConversation(db, { merchantId: farm.id, customerId: alice.id });
    const others = await createConversation(db, { merchantId: farm.id, customerId: bob.id });
    const aliceStream = await stream(hub, alice.id);
    const farmStream = await stream(hub, farm.id);

    await sendMessage(db, { memberId: bob.id, conversationId: others.id, body: "Bob's secret" });
    const sent = await sendMessage(db, {
      memberId: farm.id,
      conversationId: own.id,
      body: "Strawberries are ripe",
    });

    const forAlice = await aliceStream.next();
    expect(forAlice.event).toBe("message");
    expect(forAlice.id).toBe(String(sent.id));
    expect(parse(forAlice.data)).toMatchObject({
      conversationId: own.id,
      message: { id: sent.id, message: "Strawberries are ripe", mine: false },
    });
    // The farm gets Bob's message, then its own (its other tabs follow), in order.
    expect(parse((await farmStream.next()).data).message.message).toBe("Bob's secret");
    expect(parse((await farmStream.next()).data).message).toMatchObject({
      id: sent.id,
      mine: true,
    });
    // Alice's stream never carried Bob's conversation.
    expect(await aliceStream.isQuietFor(300)).toBe(true);
    expect(aliceStream.comments).toContain("connected");
  });

  it("answers a reconnect with the messages missed since Last-Event-ID, once each and in order", async () => {
    const hub = hubOn(db);
    const conversation = await createConversation(db, {
      merchantId: farm.id,
      customerId: alice.id,
    });
    const seen = await createMessage(db, {
      conversationId: conversation.id,
      senderMemberId: farm.id,
      body: "seen",
    });
    const missed1 = await createMessage(db, {
      conversationId: conversation.id,
      senderMemberId: farm.id,
      body: "missed 1",
    });
    const missed2 = await createMessage(db, {
      conversationId: conversation.id,
      senderMemberId: alice.id,
      body: "missed 2",
    });
    // Someone else's conversation written meanwhile is not replayed to Alice.
    const others = await createConversation(db, { merchantId: farm.id, customerId: bob.id });
    await createMessage(db, {
      conversationId: others.id,
      senderMemberId: bob.id,
      body: "not hers",
    });

    const again = await stream(hub, alice.id, seen.id);
    const replayed = [await again.next(), await again.next()];
    expect(replayed.map((e) => [e.id, parse(e.data).message.message])).toEqual([
      [String(missed1.id), "missed 1"],
      [String(missed2.id), "missed 2"],
    ]);
    expect(parse(replayed[1]!.data).message.mine).toBe(true);

    const live = await sendMessage(db, {
      memberId: farm.id,
      conversationId: conversation.id,
      body: "live after the replay",
    });
    const next = await again.next();
    expect([next.id, parse(next.data).message.message]).toEqual([
      String(live.id),
      "live after the replay",
    ]);
    expect(await again.isQuietFor(300)).toBe(true);
  });

  it("does not replay messages from before the member deleted the conversation", async () => {
    const hub = hubOn(db);
    const conversation = await createConversation(db, {
      merchantId: farm.id,
      customerId: alice.id,
    });
    const before = await createMessage(db, {
      conversationId: conversation.id,
      senderMemberId: farm.id,
      body: "before",
    });
    await createMessage(db, {
      conversationId: conversation.id,
      senderMemberId: farm.id,
      body: "deleted",
    });
    await db
      .update(conversations)
      .set({ customerDeletedAt: sql`now()` })
      .where(eq(conversations.id, conversation.id));
    const again = await stream(hub, alice.id, before.id - 1);
    expect(await again.isQuietFor(300)).toBe(true);
  });

  it("stops delivering and forgets the stream when the browser goes away", async () => {
    const hub = hubOn(db);
    const s = await stream(hub, bob.id);
    expect(hub.streamCount).toBe(1);
    s.abort.abort();
    expect(hub.streamCount).toBe(0);
  });

  it("reads Last-Event-ID as a message id, ignoring anything else", () => {
    expect(parseLastEventId("42")).toBe(42);
    for (const bad of [null, "", "-1", "1e3", "abc", "99999999999"])
      expect(parseLastEventId(bad)).toBeNull();
  });

  it("sends no notification for a message whose transaction rolled back", async () => {
    const hub = hubOn(db);
    const s = await stream(hub, alice.id);
    const conversation = await createConversation(db, {
      merchantId: farm.id,
      customerId: alice.id,
    });
    await expect(
      db.transaction(async (tx) => {
        await notifyNewMessage(tx, {
          conversationId: conversation.id,
          messageId: 1,
          memberIds: [alice.id],
        });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await s.isQuietFor(300)).toBe(true);
  });
});

describe("a lost listening connection", () => {
  // PGlite has no second session to lose; on PostgreSQL the LISTEN session is cut from outside.
  it.runIf(process.env.TEST_DATABASE_URL)(
    "comes back and the streams catch up by id with what was sent meanwhile",
    async () => {
      // Every hub of this file listens on this database: the others close, each one cut comes back.
      await Promise.all(hubs.splice(0).map((other) => other.close()));
      const hub = hubOn(db);
      const conversation = await createConversation(db, {
        merchantId: farm.id,
        customerId: alice.id,
      });
      const s = await stream(hub, alice.id);
      const listening = async () =>
        (
          await db.execute<{ pid: number }>(
            sql`select pid from pg_stat_activity where datname = current_database() and query ilike 'listen new_message%' and pid <> pg_backend_pid()`,
          )
        ).rows.map((r) => r.pid);
      const pids = await listening();
      expect(pids.length).toBeGreaterThan(0);
      for (const pid of pids) await db.execute(sql`select pg_terminate_backend(${pid})`);
      const meanwhile = await sendMessage(db, {
        memberId: farm.id,
        conversationId: conversation.id,
        body: "sent while nobody listened",
      });
      expect(parse((await s.next()).data).message.id).toBe(meanwhile.id);

      const after = await sendMessage(db, {
        memberId: farm.id,
        conversationId: conversation.id,
        body: "live again",
      });
      expect(parse((await s.next()).data).message.id).toBe(after.id);
    },
  );
});

describe("two app instances", () => {
  it("delivers a message written through one instance to a stream open on the other", async () => {
    // Each instance is what an app process runs: its own database connection(s) and its own hub
    // with one LISTEN connection. On PostgreSQL they are two pools and two listening sessions;
    // PGlite has one connection per process, so there the two hubs share it.
    const url = isEmbedded(db) ? null : (db as NodePgDb).$client.options.connectionString!;
    const instanceA = url ? createNodePgDb(url, { max: 2 }) : db;
    const instanceB = url ? createNodePgDb(url, { max: 2 }) : db;
    try {
      const hubA = hubOn(instanceA);
      const hubB = hubOn(instanceB);
      const conversation = await createConversation(db, {
        merchantId: farm.id,
        customerId: bob.id,
      });
      const onB = await stream(hubB, bob.id);
      const onA = await stream(hubA, farm.id);

      const started = performance.now();
      const sent = await sendMessage(instanceA, {
        memberId: farm.id,
        conversationId: conversation.id,
        body: "Picked up on the other instance?",
      });
      const event = await onB.next(1_000);
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(parse(event.data)).toMatchObject({
        conversationId: conversation.id,
        message: { id: sent.id, message: "Picked up on the other instance?", mine: false },
      });
      expect(parse((await onA.next(1_000)).data).message).toMatchObject({
        id: sent.id,
        mine: true,
      });
    } finally {
      if (url) {
        aborts.forEach((a) => a.abort());
        await Promise.all(hubs.splice(0).map((hub) => hub.close()));
        await closeDb(instanceA);
        await closeDb(instanceB);
      }
    }
  });

  it("uses one channel, whose payload carries ids and never the text", () => {
    expect(NEW_MESSAGE_CHANNEL).toBe("new_message");
  });
});
