import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { askTheFarmerSchema, type AskTheFarmerInput } from "@/lib/validation/messaging";
import type { Db } from "@/server/db/client";
import { clearRateLimitMemoryForTest } from "@/server/rate-limit";
import { closeTestDb, createTestDb } from "@/tests/db";
import {
  createConversation,
  createCustomer,
  createMerchant,
  createMessage,
  createProduct,
  createSubscription,
  type Member,
  type Product,
} from "@/server/db/seed/factories";
import {
  askTheFarmer,
  countUnreadConversations,
  deleteConversation,
  listConversations,
  farmReplyStatus,
  listMessages,
  markConversationRead,
  sendMessage,
} from ".";

let db: Db;
let harvest: Member;
let basic: Member;
let product: Product;

beforeAll(async () => {
  db = await createTestDb();
  harvest = await createMerchant(db);
  await createSubscription(db, { memberId: harvest.id, plan: "harvest" });
  basic = await createMerchant(db);
  product = await createProduct(db, { merchantId: harvest.id });
});
afterAll(() => closeTestDb(db));
beforeEach(() => clearRateLimitMemoryForTest());

let n = 0;
const ask = (change: Partial<AskTheFarmerInput> = {}, memberId: number | null = null) => {
  n += 1;
  return askTheFarmer(db, {
    input: askTheFarmerSchema.parse({
      contactFirstName: "Lee",
      contactLastName: "Ng",
      contactEmail: `lee${n}@example.com`,
      contactContent: "Do you have eggs this Saturday?",
      prodId: String(product.id),
      ...change,
    }),
    memberId,
    clientIp: `10.0.0.${n % 250}`,
  });
};

describe("askTheFarmer", () => {
  it("opens one conversation per visitor email and farmer, posts the message and keeps the lead", async () => {
    const first = await ask({ contactEmail: "Repeat@Example.com" });
    const again = await ask({ contactEmail: "repeat@example.com", contactContent: "And honey?" });
    expect(again.conversationId).toBe(first.conversationId);

    const page = await listMessages(db, {
      memberId: harvest.id,
      conversationId: first.conversationId,
    });
    expect(
      page.results.map((m) => [m.message, m.firstName, m.lastName, m.userKey, m.mine]),
    ).toEqual([
      ["Do you have eggs this Saturday?", "Lee", "Ng", null, false],
      ["And honey?", "Lee", "Ng", null, false],
    ]);
    const leads = await db.query.farmerContactLeads.findMany({
      where: (l, { eq }) => eq(l.conversationId, first.conversationId),
    });
    expect(leads).toHaveLength(2);
    expect(leads[0]).toMatchObject({
      merchantId: harvest.id,
      productId: product.id,
      memberId: null,
    });
  });

  it("makes one conversation of two questions sent at once by the same visitor", async () => {
    const [a, b] = await Promise.all([
      ask({ contactEmail: "twice@example.com" }),
      ask({ contactEmail: "twice@example.com", contactContent: "Sorry, double click" }),
    ]);
    expect(a.conversationId).toBe(b.conversationId);
  });

  it("ties a signed-in member's question to their account, and reaches a farmer by username", async () => {
    const member = await createCustomer(db);
    const { conversationId } = await ask(
      { prodId: undefined, farmerId: harvest.username },
      member.id,
    );
    const conversation = await db.query.conversations.findFirst({
      where: (c, { eq }) => eq(c.id, conversationId),
    });
    expect(conversation).toMatchObject({
      customerId: member.id,
      merchantId: harvest.id,
      visitorEmail: null,
    });
    const list = await listConversations(db, { memberId: member.id });
    expect(list.results[0]).toMatchObject({
      conversationId,
      firstName: harvest.firstName,
      lastName: harvest.lastName,
      unread: 0,
    });
  });

  it.each([
    ["a product that does not exist", { prodId: "99999999" }],
    ["a farmer that does not exist", { prodId: undefined, farmerId: "nobody_here" }],
  ])("refuses %s with 'Oops. There is an issue of contacting the farmer.'", async (_n, change) => {
    await expect(ask(change)).rejects.toMatchObject({
      status: 422,
      message: "Oops. There is an issue of contacting the farmer.",
    });
  });

  it("refuses a customer named as the farmer, and a removed product", async () => {
    const other = await createCustomer(db);
    await expect(ask({ prodId: undefined, farmerId: other.username })).rejects.toMatchObject({
      status: 422,
    });
    const removed = await createProduct(db, { merchantId: harvest.id, status: "removed" });
    await expect(ask({ prodId: String(removed.id) })).rejects.toMatchObject({ status: 422 });
  });

  it("refuses a farmer asking themselves", async () => {
    await expect(ask({}, harvest.id)).rejects.toMatchObject({ status: 422 });
  });

  it("rate-limits one email past 10 questions an hour", async () => {
    const input = askTheFarmerSchema.parse({
      contactFirstName: "Spam",
      contactLastName: "Bot",
      contactEmail: "spam@example.com",
      contactContent: "Buy now",
      prodId: String(product.id),
    });
    for (let i = 0; i < 10; i++)
      await askTheFarmer(db, { input, memberId: null, clientIp: `10.1.0.${i}` });
    await expect(
      askTheFarmer(db, { input, memberId: null, clientIp: "10.1.1.1" }),
    ).rejects.toMatchObject({ status: 429 });
  });

  it("rate-limits one address past 20 questions an hour", async () => {
    const send = (i: number) =>
      askTheFarmer(db, {
        input: askTheFarmerSchema.parse({
          contactFirstName: "Spam",
          contactLastName: "Bot",
          contactEmail: `spam${i}@example.com`,
          contactContent: "Buy now",
          prodId: String(product.id),
        }),
        memberId: null,
        clientIp: "10.2.0.1",
      });
    for (let i = 0; i < 20; i++) await send(i);
    await expect(send(21)).rejects.toMatchObject({ status: 429 });
  });
});

describe("a conversation", () => {
  it("raises the other side's unread counter, which opening clears", async () => {
    const customer = await createCustomer(db);
    const c = await createConversation(db, { merchantId: harvest.id, customerId: customer.id });
    const before = await countUnreadConversations(db, harvest.id);
    await sendMessage(db, { memberId: customer.id, conversationId: c.id, body: "Hi!" });
    expect(await countUnreadConversations(db, harvest.id)).toBe(before + 1);
    const lead = (await listConversations(db, { memberId: harvest.id })).results.find(
      (r) => r.conversationId === c.id,
    );
    expect(lead).toMatchObject({ unread: 1, firstName: customer.firstName });

    expect(await markConversationRead(db, { memberId: harvest.id, conversationId: c.id })).toEqual({
      wasUnread: true,
    });
    expect(await markConversationRead(db, { memberId: harvest.id, conversationId: c.id })).toEqual({
      wasUnread: false,
    });
    expect(await countUnreadConversations(db, harvest.id)).toBe(before);
  });

  it("lets a Harvest farmer reply and stores the text as typed", async () => {
    const customer = await createCustomer(db);
    const c = await createConversation(db, { merchantId: harvest.id, customerId: customer.id });
    const text = "<b>Yes</b> & 'fresh' \"today\"";
    const sent = await sendMessage(db, { memberId: harvest.id, conversationId: c.id, body: text });
    expect(sent).toMatchObject({ message: text, mine: true, userKey: harvest.userKey });
    expect((await countUnreadConversations(db, customer.id)) >= 1).toBe(true);
  });

  it("refuses a reply from a Basic farmer with the subscription_required state, storing nothing", async () => {
    const customer = await createCustomer(db);
    const c = await createConversation(db, { merchantId: basic.id, customerId: customer.id });
    await expect(
      sendMessage(db, { memberId: basic.id, conversationId: c.id, body: "Hello" }),
    ).rejects.toMatchObject({ status: 403, fieldErrors: { plan: ["subscription_required"] } });
    expect((await listMessages(db, { memberId: basic.id, conversationId: c.id })).results).toEqual(
      [],
    );
    // The customer may always write to that farmer.
    await sendMessage(db, { memberId: customer.id, conversationId: c.id, body: "Hello" });
  });

  it("says on opening whether the farm can reply, to either side (issue 42, item 2)", async () => {
    const customer = await createCustomer(db);
    const atBasic = await createConversation(db, { merchantId: basic.id, customerId: customer.id });
    const atHarvest = await createConversation(db, {
      merchantId: harvest.id,
      customerId: customer.id,
    });
    const open = (memberId: number, conversationId: number) =>
      listMessages(db, { memberId, conversationId }).then(({ farmCanReply, side }) => ({
        farmCanReply,
        side,
      }));
    expect(await open(basic.id, atBasic.id)).toEqual({ farmCanReply: false, side: "merchant" });
    expect(await open(customer.id, atBasic.id)).toEqual({ farmCanReply: false, side: "customer" });
    expect(await open(harvest.id, atHarvest.id)).toEqual({ farmCanReply: true, side: "merchant" });
    expect(await open(customer.id, atHarvest.id)).toEqual({
      farmCanReply: true,
      side: "customer",
    });

    expect(await farmReplyStatus(db, { farmerId: basic.username, prodId: null })).toEqual({
      farmCanReply: false,
    });
    expect(await farmReplyStatus(db, { farmerId: null, prodId: product.id })).toEqual({
      farmCanReply: true,
    });
    await expect(
      farmReplyStatus(db, { farmerId: "no_such_farm", prodId: null }),
    ).rejects.toMatchObject({ status: 422 });
  });

  it("pages messages 20 at a time, latest first, shown oldest first", async () => {
    const customer = await createCustomer(db);
    const c = await createConversation(db, { merchantId: harvest.id, customerId: customer.id });
    for (let i = 1; i <= 45; i++)
      await createMessage(db, { conversationId: c.id, senderMemberId: customer.id, body: `m${i}` });
    const latest = await listMessages(db, { memberId: harvest.id, conversationId: c.id });
    expect(latest.results.map((m) => m.message)).toEqual(
      Array.from({ length: 20 }, (_, i) => `m${26 + i}`),
    );
    const older = await listMessages(db, {
      memberId: harvest.id,
      conversationId: c.id,
      before: latest.nextCursor!,
    });
    expect(older.results[0]!.message).toBe("m6");
    expect(older.results.at(-1)!.message).toBe("m25");
    const oldest = await listMessages(db, {
      memberId: harvest.id,
      conversationId: c.id,
      before: older.nextCursor!,
    });
    expect(oldest.results.map((m) => m.message)).toEqual(["m1", "m2", "m3", "m4", "m5"]);
    expect(oldest.nextCursor).toBeNull();
  });

  it("pages the contacts list 20 at a time by cursor, latest conversation first", async () => {
    const farmer = await createMerchant(db);
    const ids: number[] = [];
    for (let i = 0; i < 25; i++) {
      const c = await createConversation(db, { merchantId: farmer.id });
      await createMessage(db, { conversationId: c.id, senderMemberId: null });
      ids.push(c.id);
    }
    const first = await listConversations(db, { memberId: farmer.id });
    expect(first.results).toHaveLength(20);
    expect(first.results[0]!.conversationId).toBe(ids.at(-1));
    const second = await listConversations(db, { memberId: farmer.id, cursor: first.nextCursor! });
    expect(second.results.map((r) => r.conversationId)).toEqual(ids.slice(0, 5).reverse());
    expect(second.nextCursor).toBeNull();
  });

  it("deletes for the caller's side only; a new message brings it back with only what follows", async () => {
    const customer = await createCustomer(db);
    const c = await createConversation(db, { merchantId: harvest.id, customerId: customer.id });
    await sendMessage(db, { memberId: customer.id, conversationId: c.id, body: "Old" });
    await deleteConversation(db, { memberId: harvest.id, conversationId: c.id });
    const inList = async (memberId: number) =>
      (await listConversations(db, { memberId })).results.some((r) => r.conversationId === c.id);
    expect(await inList(harvest.id)).toBe(false);
    expect(await inList(customer.id)).toBe(true);

    await sendMessage(db, { memberId: customer.id, conversationId: c.id, body: "New" });
    expect(await inList(harvest.id)).toBe(true);
    const shown = await listMessages(db, { memberId: harvest.id, conversationId: c.id });
    expect(shown.results.map((m) => m.message)).toEqual(["New"]);
  });

  it("answers 404 to every call on another member's conversation", async () => {
    const customer = await createCustomer(db);
    const c = await createConversation(db, { merchantId: harvest.id, customerId: customer.id });
    const stranger = await createCustomer(db);
    const args = { memberId: stranger.id, conversationId: c.id };
    for (const call of [
      () => listMessages(db, args),
      () => markConversationRead(db, args),
      () => deleteConversation(db, args),
      () => sendMessage(db, { ...args, body: "Hi" }),
    ])
      await expect(call()).rejects.toMatchObject({ status: 404 });
  });
});
