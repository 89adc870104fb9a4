import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const mailState = vi.hoisted(() => {
  process.env.APP_URL = "https://market.example";
  process.env.CONTACT_EMAIL = "support@market.example";
  return { fail: false };
});
vi.mock(import("@/server/email"), async (importOriginal) => {
  const original = await importOriginal();
  return {
    ...original,
    sendMail: async (...args: Parameters<typeof original.sendMail>) => {
      if (mailState.fail) throw new Error("SMTP refused the mail");
      return original.sendMail(...args);
    },
  };
});

import type { Db } from "@/server/db/client";
import { clearRateLimitMemoryForTest } from "@/server/rate-limit";
import { closeTestDb, createTestDb } from "@/tests/db";
import { createAdmin, createCustomer, type Member } from "@/server/db/seed/factories";
import {
  CONTACT_INBOX_PAGE_SIZE,
  CONTACT_LIMIT_PER_CLIENT,
  CONTACT_LIMIT_PER_EMAIL,
  CONTACT_MESSAGES,
  listContactMessages,
  markContactHandled,
  submitContactMessage,
} from ".";

let db: Db;
let admin: Member;
let otherAdmin: Member;

beforeAll(async () => {
  db = await createTestDb();
  admin = await createAdmin(db);
  otherAdmin = await createAdmin(db);
});
afterAll(() => closeTestDb(db));
beforeEach(() => clearRateLimitMemoryForTest());

let n = 0;
function contact(change: Partial<{ email: string; content: string }> = {}) {
  n += 1;
  return {
    firstName: "Dana",
    lastName: "O'Neil",
    email: `dana${n}@example.com`,
    content: `Hello number ${n}, when do you deliver?`,
    ...change,
  };
}

const mailsWithSubject = (subject: string) =>
  db.query.emailOutbox.findMany({ where: (t, { eq }) => eq(t.subject, subject) });

describe("submitContactMessage", () => {
  it("stores a visitor's message with the address and mails every admin and CONTACT_EMAIL", async () => {
    const before = await db.query.emailOutbox.findMany();
    const input = contact({ content: "Line one\n<b>not bold</b> & more" });
    const { id } = await submitContactMessage(db, {
      input,
      memberId: null,
      clientIp: "203.0.113.10",
    });
    const stored = await db.query.contactMessages.findFirst({ where: (t, { eq }) => eq(t.id, id) });
    expect(stored).toMatchObject({ ...input, memberId: null, ip: "203.0.113.10", handledAt: null });

    const all = (await db.query.emailOutbox.findMany()).slice(before.length);
    // The sender gets a receipt with what they wrote (issue 42, item 11), as text.
    const receipts = all.filter((m) => m.subject === "We received your message");
    expect(receipts.map((m) => m.to)).toEqual([input.email]);
    expect(receipts[0]!.text).toContain("Line one");
    expect(receipts[0]!.html).not.toContain("<b>not bold</b>");
    const mails = all.filter((m) => m.subject !== "We received your message");
    expect(mails.map((m) => m.to).sort()).toEqual(
      [admin.email, otherAdmin.email, "support@market.example"].sort(),
    );
    for (const mail of mails) {
      expect(mail.subject).toBe("Contact Us: Dana O'Neil");
      expect(mail.text).toContain(input.email);
      expect(mail.text).toContain("<b>not bold</b> & more");
      // Text, never markup: the content is escaped in the HTML part.
      expect(mail.html).not.toContain("<b>not bold</b>");
      expect(mail.html).toContain("&lt;b&gt;not bold&lt;/b&gt;");
      expect(mail.html).toContain("https://market.example/adminInbox");
    }
  });

  it("links a signed-in member's message to the member", async () => {
    const customer = await createCustomer(db);
    const { id } = await submitContactMessage(db, {
      input: contact({ email: customer.email }),
      memberId: customer.id,
      clientIp: null,
    });
    const stored = await db.query.contactMessages.findFirst({ where: (t, { eq }) => eq(t.id, id) });
    expect(stored).toMatchObject({ memberId: customer.id, ip: null });
    const [mail] = await db.query.emailOutbox.findMany({
      where: (t, { eq }) => eq(t.to, admin.email),
      orderBy: (t, { desc }) => desc(t.id),
      limit: 1,
    });
    expect(mail!.text).toContain(`signed in as ${customer.username}`);
  });

  it("refuses past the limit for one email, with a clear message, and stores nothing more", async () => {
    const email = "busy@example.com";
    for (let i = 0; i < CONTACT_LIMIT_PER_EMAIL.limit; i += 1)
      await submitContactMessage(db, {
        input: contact({ email }),
        memberId: null,
        clientIp: `198.51.100.${i + 1}`,
      });
    await expect(
      submitContactMessage(db, {
        input: contact({ email }),
        memberId: null,
        clientIp: "198.51.100.99",
      }),
    ).rejects.toMatchObject({ code: "rate_limited", message: CONTACT_MESSAGES.tooMany });
    const stored = await db.query.contactMessages.findMany({
      where: (t, { eq }) => eq(t.email, email),
    });
    expect(stored).toHaveLength(CONTACT_LIMIT_PER_EMAIL.limit);
  });

  it("refuses past the limit for one address, whatever the email", async () => {
    const clientIp = "192.0.2.50";
    for (let i = 0; i < CONTACT_LIMIT_PER_CLIENT.limit; i += 1)
      await submitContactMessage(db, { input: contact(), memberId: null, clientIp });
    await expect(
      submitContactMessage(db, { input: contact(), memberId: null, clientIp }),
    ).rejects.toMatchObject({ code: "rate_limited" });
    // Another address still gets through.
    await submitContactMessage(db, { input: contact(), memberId: null, clientIp: "192.0.2.51" });
  });

  it("keeps the message when a mail cannot be sent", async () => {
    const before = await mailsWithSubject("Contact Us: Dana O'Neil");
    mailState.fail = true;
    try {
      const { id } = await submitContactMessage(db, {
        input: contact(),
        memberId: null,
        clientIp: null,
      });
      expect(
        await db.query.contactMessages.findFirst({ where: (t, { eq }) => eq(t.id, id) }),
      ).toBeDefined();
    } finally {
      mailState.fail = false;
    }
    expect(await mailsWithSubject("Contact Us: Dana O'Neil")).toHaveLength(before.length);
  });
});

describe("the inbox", () => {
  let inboxDb: Db;
  let inboxAdmin: Member;
  beforeAll(async () => {
    inboxDb = await createTestDb();
    inboxAdmin = await createAdmin(inboxDb);
  });
  afterAll(() => closeTestDb(inboxDb));

  async function submitMany(count: number, start = 0): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < count; i += 1) {
      clearRateLimitMemoryForTest();
      const { id } = await submitContactMessage(inboxDb, {
        input: contact({ content: `Message ${start + i}` }),
        memberId: null,
        clientIp: null,
      });
      ids.push(id);
    }
    return ids;
  }

  it("lists open messages newest first, 20 a page, with the total", async () => {
    const ids = await submitMany(CONTACT_INBOX_PAGE_SIZE + 2);
    const first = await listContactMessages(inboxDb, { status: "open", page: 1 });
    expect(first.count).toBe(ids.length);
    expect(first.perPage).toBe(CONTACT_INBOX_PAGE_SIZE);
    expect(first.messages.map((m) => m.id)).toEqual(
      [...ids].reverse().slice(0, CONTACT_INBOX_PAGE_SIZE),
    );
    expect(first.messages[0]).toMatchObject({
      firstName: "Dana",
      lastName: "O'Neil",
      handledAt: null,
      handledBy: null,
      memberUsername: null,
    });
    const second = await listContactMessages(inboxDb, { status: "open", page: 2 });
    expect(second.messages.map((m) => m.id)).toEqual([ids[1], ids[0]]);
    expect(await listContactMessages(inboxDb, { status: "handled", page: 1 })).toMatchObject({
      messages: [],
      count: 0,
    });
  });

  it("marks a message handled once, with an audit row, and moves it to the handled list", async () => {
    const [id] = await submitMany(1, 100);
    const result = await markContactHandled(inboxDb, { adminId: inboxAdmin.id, messageId: id! });
    expect(result.id).toBe(id);

    const stored = await inboxDb.query.contactMessages.findFirst({
      where: (t, { eq }) => eq(t.id, id!),
    });
    expect(stored?.handledBy).toBe(inboxAdmin.id);
    expect(stored?.handledAt?.toISOString()).toBe(result.handledAt);

    const audit = await inboxDb.query.adminActions.findMany({
      where: (t, { eq }) => eq(t.target, `contact_message:${id}`),
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      adminId: inboxAdmin.id,
      action: "contact_handled",
      before: { handledAt: null, handledBy: null },
      after: { handledAt: result.handledAt, handledBy: inboxAdmin.id },
    });

    const open = await listContactMessages(inboxDb, { status: "open", page: 1 });
    expect(open.messages.map((m) => m.id)).not.toContain(id);
    const handled = await listContactMessages(inboxDb, { status: "handled", page: 1 });
    expect(handled.messages[0]).toMatchObject({ id, handledBy: inboxAdmin.username });

    await expect(
      markContactHandled(inboxDb, { adminId: inboxAdmin.id, messageId: id! }),
    ).rejects.toMatchObject({ code: "conflict" });
    expect(
      await inboxDb.query.adminActions.findMany({
        where: (t, { eq }) => eq(t.target, `contact_message:${id}`),
      }),
    ).toHaveLength(1);
  });

  it("gives one success when two admins mark the same message at once", async () => {
    const [id] = await submitMany(1, 200);
    const results = await Promise.allSettled([
      markContactHandled(inboxDb, { adminId: inboxAdmin.id, messageId: id! }),
      markContactHandled(inboxDb, { adminId: inboxAdmin.id, messageId: id! }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(
      await inboxDb.query.adminActions.findMany({
        where: (t, { eq }) => eq(t.target, `contact_message:${id}`),
      }),
    ).toHaveLength(1);
  });

  it("answers not found for an unknown message", async () => {
    await expect(
      markContactHandled(inboxDb, { adminId: inboxAdmin.id, messageId: 999_999 }),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});
