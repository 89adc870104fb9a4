import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import { CONTACT_LIMIT_PER_CLIENT, CONTACT_LIMIT_PER_EMAIL } from "@/server/contact";
import type { Db } from "@/server/db/client";
import { stampedHeadersForTest } from "@/server/base/connection";
import { clearRateLimitMemoryForTest } from "@/server/rate-limit";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import {
  createAdmin,
  createCustomer,
  createMerchant,
  type Member,
} from "@/server/db/seed/factories";
import { POST as markHandled } from "./[id]/handled/route";
import { GET as listInbox, POST as submit } from "./route";

const SITE = "http://localhost:3000";
const THANKS = "Thanks for contacting us! We will come back to you shortly!";
let db: Db;
let admin: Member;
let customer: Member;
let merchant: Member;

beforeAll(async () => {
  db = await createRouteTestDb();
  admin = await createAdmin(db);
  customer = await createCustomer(db);
  merchant = await createMerchant(db);
});
afterAll(() => closeTestDb(db));
beforeEach(() => clearRateLimitMemoryForTest());

type Handler = (req: Request, ctx: { params: Promise<never> }) => Promise<Response>;
type Answer = { status: number; body: Record<string, unknown> };

async function call(
  handler: Handler,
  method: string,
  path: string,
  {
    member,
    body,
    params = {},
    address = "203.0.113.7",
    headers: extra = {},
  }: {
    member?: Member;
    body?: unknown;
    params?: object;
    address?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const headers = stampedHeadersForTest(address, {
    origin: SITE,
    "content-type": "application/json",
    ...extra,
  });
  if (member)
    headers.set(
      "cookie",
      `_token=${await encodeSessionToken({
        memberId: member.id,
        sessionVersion: member.sessionVersion,
        signedInAt: nowSeconds(),
        secondFactorAt: nowSeconds(),
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

let n = 0;
function form(change: Record<string, unknown> = {}) {
  n += 1;
  return {
    firstName: "Mary Ann",
    lastName: "O'Brien",
    email: `mary${n}@example.com`,
    content: `Hi! Do you ship to Quebec? (question #${n})`,
    ...change,
  };
}
const send = (body: unknown, options: { member?: Member; address?: string } = {}) =>
  call(submit, "POST", "/api/contact/admin", { body, ...options });
const inbox = (member?: Member, query = "") =>
  call(listInbox, "GET", `/api/contact/admin${query}`, { member });
const handle = (id: string | number, member?: Member, headers?: Record<string, string>) =>
  call(markHandled, "POST", `/api/contact/admin/${id}/handled`, {
    member,
    params: { id: String(id) },
    headers,
  });

const storedCount = async () => (await db.query.contactMessages.findMany()).length;

describe("POST /api/contact/admin", () => {
  it("stores a visitor's message with the address, mails the admins and answers the thanks", async () => {
    const body = form();
    const answer = await send(body, { address: "198.51.100.20" });
    expect(answer).toEqual({ status: 201, body: { message: THANKS } });
    const stored = await db.query.contactMessages.findFirst({
      where: (t, { eq }) => eq(t.email, body.email),
    });
    expect(stored).toMatchObject({
      firstName: "Mary Ann",
      lastName: "O'Brien",
      content: body.content,
      memberId: null,
      ip: "198.51.100.20",
    });
    const mail = await db.query.emailOutbox.findFirst({
      where: (t, { and, eq }) =>
        and(eq(t.to, admin.email), eq(t.subject, "Contact Us: Mary Ann O'Brien")),
      orderBy: (t, { desc }) => desc(t.id),
    });
    expect(mail?.text).toContain(body.content);
    expect(mail?.text).toContain(body.email);
  });

  it("links a signed-in member's message to the member", async () => {
    const body = form({ email: customer.email });
    expect((await send(body, { member: customer })).status).toBe(201);
    const stored = await db.query.contactMessages.findFirst({
      where: (t, { eq }) => eq(t.email, customer.email),
    });
    expect(stored?.memberId).toBe(customer.id);
  });

  it.each([
    ["an empty first name", { firstName: "" }, "firstName", "Required Field"],
    ["a missing first name", { firstName: undefined }, "firstName", "Required Field"],
    ["a first name with digits", { firstName: "R2D2" }, "firstName", "Invalid First Name"],
    ["an empty last name", { lastName: "  " }, "lastName", "Required Field"],
    ["a last name with symbols", { lastName: "Smith<script>" }, "lastName", "Invalid Last Name"],
    ["an empty email", { email: "" }, "email", "Required Field"],
    ["a malformed email", { email: "mary@example" }, "email", "Invalid Email"],
    ["an email with a space", { email: "mary @example.com" }, "email", "Invalid Email"],
    ["an empty content", { content: "" }, "content", "Required Field"],
    [
      "content with markup",
      { content: "<img src=x onerror=alert(1)>" },
      "content",
      "Invalid Content",
    ],
  ])("refuses %s with the spec's message, storing nothing", async (_, change, field, message) => {
    const before = await storedCount();
    const answer = await send(form(change));
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      message: "Please check the form.",
      errors: { [field]: [message] },
      requestId: expect.any(String),
    });
    expect(await storedCount()).toBe(before);
  });

  it("answers every empty field at once", async () => {
    const answer = await send({ firstName: "", lastName: "", email: "", content: "" });
    expect(answer.body.errors).toEqual({
      firstName: ["Required Field"],
      lastName: ["Required Field"],
      email: ["Required Field"],
      content: ["Required Field"],
    });
  });

  it("answers 429 with a clear message past the limit for one address", async () => {
    const address = "192.0.2.77";
    for (let i = 0; i < CONTACT_LIMIT_PER_CLIENT.limit; i += 1)
      expect((await send(form(), { address })).status).toBe(201);
    const before = await storedCount();
    const answer = await send(form(), { address });
    expect(answer).toEqual({
      status: 429,
      body: {
        message:
          "You have sent several messages in a short time. Please wait an hour before sending another one.",
        requestId: expect.any(String),
      },
    });
    expect(await storedCount()).toBe(before);
  });

  it("answers 429 past the limit for one email, from any address", async () => {
    const email = "again@example.com";
    for (let i = 0; i < CONTACT_LIMIT_PER_EMAIL.limit; i += 1)
      expect((await send(form({ email }), { address: `192.0.2.${100 + i}` })).status).toBe(201);
    expect(
      (await send(form({ email: "AGAIN@example.com" }), { address: "192.0.2.200" })).status,
    ).toBe(429);
  });

  it("refuses a post another site's page sends", async () => {
    const before = await storedCount();
    const answer = await call(submit, "POST", "/api/contact/admin", {
      body: form(),
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(answer.status).toBe(403);
    expect(await storedCount()).toBe(before);
  });
});

describe("the admin inbox calls", () => {
  it("lists open messages for an admin, newest first, with the total and page size", async () => {
    const body = form();
    await send(body);
    const answer = await inbox(admin);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ page: 1, perPage: 20 });
    const messages = answer.body.messages as { email: string; handledAt: unknown }[];
    expect(messages[0]).toMatchObject({
      email: body.email,
      firstName: "Mary Ann",
      lastName: "O'Brien",
      content: body.content,
      handledAt: null,
      handledBy: null,
    });
    expect(answer.body.count).toBe(await storedCount());
  });

  it.each([
    ["an unknown status", "?status=archived", "status", "Invalid Status"],
    ["a page below 1", "?page=0", "page", "Invalid Page"],
    ["a page that is not a number", "?page=two", "page", "Invalid Page"],
  ])("refuses %s", async (_, query, field, message) => {
    const answer = await inbox(admin, query);
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ [field]: [message] });
  });

  it("marks a message handled once (then 409), moving it to the handled list", async () => {
    const body = form();
    await send(body);
    const stored = await db.query.contactMessages.findFirst({
      where: (t, { eq }) => eq(t.email, body.email),
    });
    const first = await handle(stored!.id, admin);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ message: "The message is marked handled.", id: stored!.id });
    expect(typeof first.body.handledAt).toBe("string");

    const again = await handle(stored!.id, admin);
    expect(again).toEqual({
      status: 409,
      body: { message: "This message was already marked handled.", requestId: expect.any(String) },
    });
    const handled = await inbox(admin, "?status=handled");
    expect((handled.body.messages as { id: number; handledBy: string }[])[0]).toMatchObject({
      id: stored!.id,
      handledBy: admin.username,
    });
    const open = await inbox(admin, "?status=open");
    expect((open.body.messages as { id: number }[]).map((m) => m.id)).not.toContain(stored!.id);
    expect(
      await db.query.adminActions.findMany({
        where: (t, { eq }) => eq(t.target, `contact_message:${stored!.id}`),
      }),
    ).toHaveLength(1);
  });

  it.each([
    ["an unknown message", "999999", 404, "The message could not be found."],
    ["an id that is not a number", "abc", 422, "Please check the form."],
  ])("answers %s", async (_, id, status, message) => {
    const answer = await handle(id, admin);
    expect(answer.status).toBe(status);
    expect(answer.body.message).toBe(message);
  });

  describe.each([
    ["a visitor", () => undefined, 401],
    ["a customer", () => customer, 403],
    ["a merchant", () => merchant, 403],
  ])("refused to %s", (_, who, status) => {
    it("cannot read the inbox", async () => {
      const answer = await inbox(who());
      expect(answer.status).toBe(status);
      expect(answer.body).not.toHaveProperty("messages");
    });

    it("cannot mark a message handled, and nothing changes", async () => {
      const body = form();
      await send(body);
      const stored = await db.query.contactMessages.findFirst({
        where: (t, { eq }) => eq(t.email, body.email),
      });
      // The header of the old Next.js middleware bypass changes nothing: the check is in route().
      const answer = await handle(stored!.id, who(), { "x-middleware-subrequest": "middleware" });
      expect(answer.status).toBe(status);
      const after = await db.query.contactMessages.findFirst({
        where: (t, { eq }) => eq(t.id, stored!.id),
      });
      expect(after).toMatchObject({ handledAt: null, handledBy: null });
      expect(
        await db.query.adminActions.findMany({
          where: (t, { eq }) => eq(t.target, `contact_message:${stored!.id}`),
        }),
      ).toHaveLength(0);
    });
  });
});
