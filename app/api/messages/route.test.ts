import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import { stampedHeadersForTest } from "@/server/base/connection";
import type { Db } from "@/server/db/client";
import { clearRateLimitMemoryForTest } from "@/server/rate-limit";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
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
import { GET as farmReply, POST as contact } from "../merchants/contact/route";
import { DELETE as deleteConversation } from "./conversations/[conversationId]/route";
import {
  GET as listMessages,
  POST as sendMessage,
} from "./conversations/[conversationId]/messages/route";
import { POST as markRead } from "./conversations/[conversationId]/read/route";
import { GET as listConversations } from "./conversations/route";
import { GET as unread } from "./unread/route";

const SITE = "http://localhost:3000";
let db: Db;
let harvest: Member;
let basic: Member;
let product: Product;

beforeAll(async () => {
  db = await createRouteTestDb();
  harvest = await createMerchant(db);
  await createSubscription(db, { memberId: harvest.id, plan: "harvest" });
  basic = await createMerchant(db);
  product = await createProduct(db, { merchantId: harvest.id });
});
afterAll(() => closeTestDb(db));
beforeEach(() => clearRateLimitMemoryForTest());

type Handler = (req: Request, ctx: { params: Promise<never> }) => Promise<Response>;
type Answer = { status: number; body: Record<string, unknown> };

async function call(
  handler: Handler,
  method: string,
  path: string,
  { member, body, params = {} }: { member?: Member; body?: unknown; params?: object } = {},
): Promise<Answer> {
  const headers = new Headers({ origin: SITE, "content-type": "application/json" });
  if (member)
    headers.set(
      "cookie",
      `_token=${await encodeSessionToken({
        memberId: member.id,
        sessionVersion: member.sessionVersion,
        signedInAt: nowSeconds(),
      })}`,
    );
  const req = new Request(new URL(path, SITE), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const response = await handler(req, { params: Promise.resolve(params) as Promise<never> });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const ask = (body: object, member?: Member) =>
  call(contact, "POST", "/api/merchants/contact", { member, body });
const conversationCalls = (id: string) => {
  const base = `/api/messages/conversations/${id}`;
  const params = { conversationId: id };
  return {
    list: (member?: Member, query = "") =>
      call(listMessages, "GET", `${base}/messages${query}`, { member, params }),
    send: (member: Member | undefined, message: unknown) =>
      call(sendMessage, "POST", `${base}/messages`, { member, params, body: { message } }),
    read: (member?: Member) => call(markRead, "POST", `${base}/read`, { member, params }),
    remove: (member?: Member) => call(deleteConversation, "DELETE", base, { member, params }),
  };
};
const contacts = (member?: Member, query = "") =>
  call(listConversations, "GET", `/api/messages/conversations${query}`, { member });
const unreadOf = (member?: Member) => call(unread, "GET", "/api/messages/unread", { member });

let n = 0;
const question = (change: object = {}) => {
  n += 1;
  return {
    contactFirstName: "Lee",
    contactLastName: "Ng",
    contactEmail: `lee${n}@example.com`,
    contactContent: "Do you have eggs this Saturday?",
    prodId: String(product.id),
    ...change,
  };
};

describe("GET /api/merchants/contact", () => {
  it.each([
    ["a Basic farm by username", () => `farmerId=${basic.username}`, false],
    ["a Harvest farm by username", () => `farmerId=${harvest.username}`, true],
    ["a Harvest farm's product", () => `prodId=${product.id}`, true],
  ])("says whether %s replies by message, to anyone", async (_name, query, canReply) => {
    const answer = await call(farmReply, "GET", `/api/merchants/contact?${query()}`);
    expect(answer).toEqual({ status: 200, body: { farmCanReply: canReply } });
  });

  it.each([
    ["no farm", ""],
    ["no such farm", "farmerId=nobody_here"],
    ["an id past the columns", "prodId=99999999999"],
    ["a farmerId that is no name", "farmerId=%3Cscript%3E"],
    ["an unknown parameter", "farmerId=x&extra=1"],
  ])("refuses %s with a 422 that names the farm as the issue", async (_name, query) => {
    const answer = await call(farmReply, "GET", `/api/merchants/contact?${query}`);
    expect(answer.status).toBe(422);
    expect(JSON.stringify(answer.body)).toMatch(
      /Oops\. There is an issue of contacting the farmer\.|Unrecognized key/,
    );
  });
});

describe("POST /api/merchants/contact", () => {
  it("sends a visitor's question: 201 'Successfully Sent!' and the farmer sees it unread", async () => {
    const before = (await unreadOf(harvest)).body.count as number;
    const answer = await ask(question({ contactContent: `"Ripe" & 'sweet' yet? {ask} \\o/` }));
    expect(answer).toMatchObject({ status: 201, body: { message: "Successfully Sent!" } });
    expect((await unreadOf(harvest)).body).toEqual({ count: before + 1 });
    const id = String(answer.body.conversationId);
    const shown = await conversationCalls(id).list(harvest);
    expect(shown.body.results).toEqual([
      expect.objectContaining({
        message: `"Ripe" & 'sweet' yet? {ask} \\o/`,
        firstName: "Lee",
        lastName: "Ng",
        userKey: null,
      }),
    ]);
  });

  it("ties a signed-in member's question to their account", async () => {
    const member = await createCustomer(db);
    const answer = await ask(question({ prodId: undefined, farmerId: harvest.userKey }), member);
    expect(answer.status).toBe(201);
    expect((await contacts(member)).body.results).toEqual([
      expect.objectContaining({
        conversationId: answer.body.conversationId,
        firstName: harvest.firstName,
      }),
    ]);
  });

  it.each([
    ["contactFirstName", { contactFirstName: "" }, "First Name is required"],
    ["contactLastName", { contactLastName: "" }, "Last Name is required"],
    ["contactEmail", { contactEmail: "" }, "Email is required"],
    ["contactEmail", { contactEmail: "lee.example.com" }, "Invalid Email"],
    ["contactContent", { contactContent: "" }, "Message is required"],
    ["contactContent", { contactContent: "Hi <script>{}" }, "Invalid Message"],
    [
      "contactContent",
      { contactContent: "a".repeat(1501) },
      "It exceeded the character limit for the message",
    ],
    ["prodId", { prodId: "abc" }, "Oops. There is an issue of contacting the farmer."],
  ])("answers 422 on %s for %j with '%s' and stores nothing", async (field, change, message) => {
    const before = await db.$count((await import("@/server/db/schema")).farmerContactLeads);
    const answer = await ask(question(change));
    expect(answer.status).toBe(422);
    expect((answer.body.errors as Record<string, string[]>)[field]).toEqual([message]);
    expect(await db.$count((await import("@/server/db/schema")).farmerContactLeads)).toBe(before);
  });

  it("answers a product that does not exist with 'Oops. There is an issue of contacting the farmer.'", async () => {
    expect(await ask(question({ prodId: "99999999" }))).toMatchObject({
      status: 422,
      body: { message: "Oops. There is an issue of contacting the farmer." },
    });
  });

  it("answers 429 past 20 questions an hour from one connection address, whatever the headers say", async () => {
    const from = (i: number) =>
      contact(
        new Request(new URL("/api/merchants/contact", SITE), {
          method: "POST",
          headers: stampedHeadersForTest("203.0.113.9", {
            origin: SITE,
            "content-type": "application/json",
            "x-forwarded-for": `198.51.100.${i}`,
          }),
          body: JSON.stringify(question()),
        }),
        { params: Promise.resolve({}) as Promise<never> },
      );
    for (let i = 0; i < 20; i++) expect((await from(i)).status).toBe(201);
    expect((await from(99)).status).toBe(429);
  });

  it("answers 429 past 10 questions an hour from one email", async () => {
    for (let i = 0; i < 10; i++)
      expect((await ask(question({ contactEmail: "many@example.com" }))).status).toBe(201);
    expect((await ask(question({ contactEmail: "many@example.com" }))).status).toBe(429);
  });
});

describe("a conversation's calls", () => {
  async function conversationWith(merchant: Member) {
    const customer = await createCustomer(db);
    const c = await createConversation(db, { merchantId: merchant.id, customerId: customer.id });
    await createMessage(db, { conversationId: c.id, senderMemberId: customer.id, body: "Hello!" });
    return { customer, c, calls: conversationCalls(String(c.id)) };
  }

  it("lists contacts with the unread flag, opens, marks read, replies and deletes", async () => {
    const { customer, c, calls } = await conversationWith(harvest);
    const lead = ((await contacts(harvest)).body.results as { conversationId: number }[]).find(
      (r) => r.conversationId === c.id,
    );
    expect(lead).toMatchObject({
      firstName: customer.firstName,
      lastName: customer.lastName,
      unread: 1,
    });

    expect(await calls.read(harvest)).toEqual({ status: 200, body: { wasUnread: true } });
    const reply = await calls.send(harvest, "Yes, come by at 5:30!");
    expect(reply).toMatchObject({
      status: 201,
      body: { result: { message: "Yes, come by at 5:30!", mine: true, userKey: harvest.userKey } },
    });
    const seen = await calls.list(customer);
    expect((seen.body.results as { message: string }[]).map((m) => m.message)).toEqual([
      "Hello!",
      "Yes, come by at 5:30!",
    ]);
    expect(seen.body.nextCursor).toBeNull();
    expect((await unreadOf(customer)).body).toEqual({ count: 1 });

    expect(await calls.remove(harvest)).toEqual({
      status: 200,
      body: { message: "The conversation has been deleted." },
    });
    const after = (await contacts(harvest)).body.results as { conversationId: number }[];
    expect(after.some((r) => r.conversationId === c.id)).toBe(false);
  });

  it.each([
    ["", "The message is required"],
    ["   ", "The message is required"],
    ["see <a href=x>", "Invalid Message"],
    ["x".repeat(1501), "Character limit: 1500"],
  ])("answers 422 to the message %j with '%s'", async (message, expected) => {
    const { customer, calls } = await conversationWith(harvest);
    const answer = await calls.send(customer, message);
    expect(answer).toMatchObject({ status: 422, body: { errors: { message: [expected] } } });
  });

  it("refuses a Basic farmer's reply with 403 and the subscription_required state; the customer may write", async () => {
    const { customer, calls } = await conversationWith(basic);
    expect(await calls.send(basic, "Hi")).toEqual({
      status: 403,
      body: {
        message: "A subscription is needed to send or reply to messages.",
        errors: { plan: ["subscription_required"] },
        requestId: expect.any(String),
      },
    });
    expect((await calls.send(customer, "Still there?")).status).toBe(201);
  });

  it("pages older messages with the cursor and refuses a malformed one", async () => {
    const { customer, c, calls } = await conversationWith(harvest);
    for (let i = 0; i < 24; i++)
      await createMessage(db, { conversationId: c.id, senderMemberId: customer.id, body: `m${i}` });
    const latest = await calls.list(harvest);
    expect(latest.body.results).toHaveLength(20);
    const older = await calls.list(harvest, `?before=${latest.body.nextCursor as number}`);
    expect((older.body.results as unknown[]).length).toBe(5);
    expect(await calls.list(harvest, "?before=abc")).toMatchObject({
      status: 422,
      body: { errors: { before: ["Invalid Page"] } },
    });
    expect(await contacts(harvest, "?cursor=nope")).toMatchObject({
      status: 422,
      body: { errors: { cursor: ["Invalid Page"] } },
    });
  });

  it("answers 401 to a visitor on every call", async () => {
    const { calls } = await conversationWith(harvest);
    for (const answer of [
      await contacts(),
      await unreadOf(),
      await calls.list(),
      await calls.send(undefined, "Hi"),
      await calls.read(),
      await calls.remove(),
    ])
      expect(answer.status).toBe(401);
  });

  it("answers 404 to every call with another member's conversation id, and changes nothing", async () => {
    const { customer, c, calls } = await conversationWith(harvest);
    const strangers = [await createCustomer(db), basic];
    for (const stranger of strangers)
      for (const answer of [
        await calls.list(stranger),
        await calls.send(stranger, "Let me in"),
        await calls.read(stranger),
        await calls.remove(stranger),
      ])
        expect(answer).toMatchObject({
          status: 404,
          body: { message: "The conversation could not be found." },
        });
    const seen = await calls.list(customer);
    expect((seen.body.results as { message: string }[]).map((m) => m.message)).toEqual(["Hello!"]);
    const lead = (
      (await contacts(harvest)).body.results as { conversationId: number; unread: number }[]
    ).find((r) => r.conversationId === c.id);
    expect(lead?.unread).toBe(1);
  });

  it.each(["abc", "0", "99999999999"])("answers 404 to the malformed id %s", async (id) => {
    const calls = conversationCalls(id);
    expect((await calls.list(harvest)).status).toBe(404);
    expect((await calls.send(harvest, "Hi")).status).toBe(404);
    expect((await calls.read(harvest)).status).toBe(404);
    expect((await calls.remove(harvest)).status).toBe(404);
  });
});
