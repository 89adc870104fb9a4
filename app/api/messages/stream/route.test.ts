import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import type { Db } from "@/server/db/client";
import { getMessageHub } from "@/server/messaging/live";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import {
  createConversation,
  createCustomer,
  createMerchant,
  createMessage,
  createSubscription,
  type Member,
} from "@/server/db/seed/factories";
import { sseReader } from "@/tests/sse";
import { POST as sendMessage } from "../conversations/[conversationId]/messages/route";
import { GET } from "./route";

const SITE = "http://localhost:3000";
let db: Db;
let farm: Member;
let customer: Member;
let stranger: Member;
const aborts: AbortController[] = [];

beforeAll(async () => {
  db = await createRouteTestDb();
  farm = await createMerchant(db);
  await createSubscription(db, { memberId: farm.id, plan: "harvest" });
  customer = await createCustomer(db);
  stranger = await createCustomer(db);
});
afterAll(async () => {
  aborts.forEach((a) => a.abort());
  await getMessageHub(db).close();
  await closeTestDb(db);
});

async function headersOf(member?: Member, extra: Record<string, string> = {}) {
  const headers = new Headers({ origin: SITE, ...extra });
  if (member)
    headers.set(
      "cookie",
      `_token=${await encodeSessionToken({
        memberId: member.id,
        sessionVersion: member.sessionVersion,
        signedInAt: nowSeconds(),
      })}`,
    );
  return headers;
}

async function open(member?: Member, extra: Record<string, string> = {}) {
  const abort = new AbortController();
  aborts.push(abort);
  const req = new Request(`${SITE}/api/messages/stream`, {
    headers: await headersOf(member, extra),
    signal: abort.signal,
  });
  return GET(req, { params: Promise.resolve({}) });
}

async function send(member: Member, conversationId: number, message: string) {
  const headers = await headersOf(member, { "content-type": "application/json" });
  const response = await sendMessage(
    new Request(`${SITE}/api/messages/conversations/${conversationId}/messages`, {
      method: "POST",
      headers,
      body: JSON.stringify({ message }),
    }),
    { params: Promise.resolve({ conversationId: String(conversationId) }) },
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { result: { id: number } }).result;
}

type Event = { conversationId: number; message: { id: number; message: string; mine: boolean } };

describe("GET /api/messages/stream", () => {
  it("refuses a visitor with 401", async () => {
    const response = await open();
    expect(response.status).toBe(401);
  });

  it("streams the member's own new messages as server-sent events, and not a stranger's", async () => {
    const conversation = await createConversation(db, {
      merchantId: farm.id,
      customerId: customer.id,
    });
    const response = await open(customer);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store, no-transform");
    const events = sseReader(response.body!);
    const strangerEvents = sseReader((await open(stranger)).body!);

    const sent = await send(farm, conversation.id, "Come by at noon");
    const event = await events.next();
    expect(event.id).toBe(String(sent.id));
    expect(JSON.parse(event.data) as Event).toEqual({
      conversationId: conversation.id,
      message: expect.objectContaining({ id: sent.id, message: "Come by at noon", mine: false }),
    });
    expect(await strangerEvents.isQuietFor(300)).toBe(true);
  });

  it("answers Last-Event-ID with the member's messages after that id, then live ones", async () => {
    const other = await createCustomer(db);
    const conversation = await createConversation(db, {
      merchantId: farm.id,
      customerId: other.id,
    });
    const last = await createMessage(db, {
      conversationId: conversation.id,
      senderMemberId: farm.id,
    });
    const missed = await createMessage(db, {
      conversationId: conversation.id,
      senderMemberId: farm.id,
      body: "You missed this",
    });
    const response = await open(other, { "last-event-id": String(last.id) });
    const events = sseReader(response.body!);
    const replayed = await events.next();
    expect([replayed.id, (JSON.parse(replayed.data) as Event).message.message]).toEqual([
      String(missed.id),
      "You missed this",
    ]);
    const live = await send(other, conversation.id, "Thanks!");
    const next = JSON.parse((await events.next()).data) as Event;
    expect(next.message).toMatchObject({ id: live.id, mine: true });
  });
});
