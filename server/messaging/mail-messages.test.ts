import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { askTheFarmerSchema } from "@/lib/validation/messaging";
import type { Db } from "@/server/db/client";
import { conversations, emailOutbox, notificationPreferences } from "@/server/db/schema";
import { registerCustomer } from "@/server/members";
import { clearRateLimitMemoryForTest } from "@/server/rate-limit";
import { closeTestDb, createTestDb } from "@/tests/db";
import {
  createCustomer,
  createMerchant,
  createSubscription,
  type Member,
} from "@/server/db/seed/factories";
import {
  askTheFarmer,
  attachVisitorConversations,
  listConversations,
  listMessages,
  loadVisitorRegistration,
  mailAfterMessage,
  mailUnreadMessages,
  mailVisitorReplies,
  MAIL_THROTTLE_MS,
  sendMessage,
  UNREAD_MAIL_AFTER_MS,
} from ".";
import { signRecipientEmail } from "./recipient-token";

let db: Db;
let farm: Member;

beforeAll(async () => {
  db = await createTestDb();
  farm = await createMerchant(db, { firstName: "Ellen", lastName: "Hartley" });
  await createSubscription(db, { memberId: farm.id, plan: "harvest" });
});
afterAll(() => closeTestDb(db));
beforeEach(() => clearRateLimitMemoryForTest());

const mailsTo = (to: string) =>
  db
    .select()
    .from(emailOutbox)
    .where(sql`lower(${emailOutbox.to}) = ${to.toLowerCase()}`);

let n = 0;
async function visitorAsks(email: string, text = "Do you have eggs?") {
  n += 1;
  const asked = await askTheFarmer(db, {
    input: askTheFarmerSchema.parse({
      contactFirstName: "Lee",
      contactLastName: "Ng",
      contactEmail: email,
      contactContent: text,
      farmerId: farm.username,
    }),
    memberId: null,
    clientIp: `10.1.0.${n}`,
  });
  await mailAfterMessage(db, { messageId: asked.messageId });
  return asked;
}

async function reply(memberId: number, conversationId: number, body: string) {
  const sent = await sendMessage(db, { memberId, conversationId, body });
  await mailAfterMessage(db, { messageId: sent.id });
  return sent;
}

describe("mails for messages", () => {
  it("mails a farmer's reply to a visitor with a link to register with that email", async () => {
    const email = `Visitor${Date.now()}@Example.com`;
    const { conversationId } = await visitorAsks(email);
    await reply(farm.id, conversationId, "Yes, <b>a dozen</b> left.");

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Ellen Hartley replied to your question");
    // Typed text stays text.
    expect(mails[0]!.html).toContain("Yes, &lt;b&gt;a dozen&lt;/b&gt; left.");
    const link = new URL(
      /href="([^"]*\/register\?[^"]*)"/.exec(mails[0]!.html)![1]!.replaceAll("&amp;", "&"),
    );
    expect(link.searchParams.get("recipientEmail")).toBe(email.toLowerCase());
    expect(link.searchParams.get("recipientToken")).toBe(signRecipientEmail(email));
  });

  it("mails a visitor at most once an hour per conversation; the sweep brings the replies held back, once", async () => {
    const email = `held${Date.now()}@example.com`;
    const { conversationId } = await visitorAsks(email);
    await reply(farm.id, conversationId, "First answer.");
    await reply(farm.id, conversationId, "Second answer.");
    await reply(farm.id, conversationId, "Third answer.");
    expect(await mailsTo(email)).toHaveLength(1);
    expect((await mailsTo(email))[0]!.html).not.toContain("Second answer.");

    // Within the hour the sweep holds them back too.
    await mailUnreadMessages(db, { now: new Date(Date.now() + MAIL_THROTTLE_MS / 2) });
    expect(await mailsTo(email)).toHaveLength(1);

    // After it, one mail carries both replies held back, in order; sweeping again sends nothing.
    const later = new Date(Date.now() + MAIL_THROTTLE_MS + 1000);
    await Promise.all([
      mailVisitorReplies(db, { now: later }),
      mailVisitorReplies(db, { now: later }),
    ]);
    await mailUnreadMessages(db, { now: later });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    const held = mails[1]!.html;
    expect(held).toContain("Second answer.");
    expect(held).toContain("Third answer.");
    expect(held.indexOf("Second answer.")).toBeLessThan(held.indexOf("Third answer."));
    expect(held).not.toContain("First answer.");
    const [conversation] = await db
      .select({ unread: conversations.customerUnreadCount })
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    expect(conversation!.unread).toBe(0);
  });

  it("mails the farmer about a new conversation, with List-Unsubscribe, once an hour at most", async () => {
    const farmMails = async () => (await mailsTo(farm.email)).length;
    const before = await farmMails();
    await visitorAsks(`first${Date.now()}@example.com`, "Honey in stock?");
    const mails = await mailsTo(farm.email);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe("Lee Ng sent you a message");
    expect(mail.html).toContain("Honey in stock?");
    expect(mail.headers).toHaveProperty("List-Unsubscribe");
    expect(mail.headers).toHaveProperty("List-Unsubscribe-Post", "List-Unsubscribe=One-Click");
    expect(mail.html).toContain("/unsubscribe/message/");
  });

  it("tells a farm whose plan has no messaging that a plan lets it reply, with the way to the plans", async () => {
    const basicFarm = await createMerchant(db, { firstName: "Rosa", lastName: "Basic" });
    const customer = await createCustomer(db, { firstName: "Kim", lastName: "Lo" });
    const { messageId } = await askTheFarmer(db, {
      input: askTheFarmerSchema.parse({
        contactFirstName: "Kim",
        contactLastName: "Lo",
        contactEmail: customer.email,
        contactContent: "Are the pears ripe?",
        farmerId: basicFarm.username,
      }),
      memberId: customer.id,
      clientIp: "10.2.0.1",
    });
    await mailAfterMessage(db, { messageId });
    const [mail] = await mailsTo(basicFarm.email);
    expect(mail!.subject).toBe("Kim Lo sent you a message");
    expect(mail!.html).toContain("Are the pears ripe?");
    expect(mail!.text).toContain("Your plan does not include messaging");
    expect(mail!.html).toContain("/pricing#plans");
    // A farm whose plan has messaging gets no such line.
    expect((await mailsTo(farm.email)).at(-1)!.text).not.toContain("does not include messaging");
  });

  it("mails a member whose messages wait unread, once per conversation and side an hour", async () => {
    const customer = await createCustomer(db);
    const { conversationId } = await askTheFarmer(db, {
      input: askTheFarmerSchema.parse({
        contactFirstName: customer.firstName,
        contactLastName: customer.lastName,
        contactEmail: customer.email,
        contactContent: "Any plums?",
        farmerId: farm.username,
      }),
      memberId: customer.id,
      clientIp: null,
    });
    await reply(farm.id, conversationId, "Plums on Friday.");
    // A reply in an existing conversation is not mailed at once: the sweep waits for it to stay unread.
    expect(await mailsTo(customer.email)).toHaveLength(0);

    const sent = await sendMessage(db, { memberId: farm.id, conversationId, body: "And pears." });
    const later = new Date(Date.parse(sent.postedOn) + UNREAD_MAIL_AFTER_MS + 1000);
    expect(await mailUnreadMessages(db, { now: new Date(Date.parse(sent.postedOn) + 1000) })).toBe(
      0,
    );
    await mailUnreadMessages(db, { now: later });
    const mails = await mailsTo(customer.email);
    expect(mails.map((m) => m.subject)).toEqual(["You have unread messages from Ellen Hartley"]);
    expect(mails[0]!.headers).toHaveProperty("List-Unsubscribe");

    // Swept again: nothing new since, so nothing.
    await mailUnreadMessages(db, { now: new Date(later.getTime() + 2 * 60 * 60 * 1000) });
    expect(await mailsTo(customer.email)).toHaveLength(1);
    // A new message within the hour of the mail waits for the hour to pass.
    await db
      .update(conversations)
      .set({ lastMessageAt: new Date(later.getTime() + 60_000) })
      .where(eq(conversations.id, conversationId));
    await mailUnreadMessages(db, { now: new Date(later.getTime() + 30 * 60_000) });
    expect(await mailsTo(customer.email)).toHaveLength(1);
    await mailUnreadMessages(db, { now: new Date(later.getTime() + 61 * 60_000) });
    expect(await mailsTo(customer.email)).toHaveLength(2);
  });

  it("mails nothing about messages once read, nor to a member who turned order mails off and never set message mails", async () => {
    const customer = await createCustomer(db);
    await db
      .insert(notificationPreferences)
      .values({ memberId: customer.id, type: "order", allowed: false });
    const other = await createCustomer(db);
    for (const member of [customer, other]) {
      const { conversationId } = await askTheFarmer(db, {
        input: askTheFarmerSchema.parse({
          contactFirstName: member.firstName,
          contactLastName: member.lastName,
          contactEmail: member.email,
          contactContent: "Hello",
          farmerId: farm.username,
        }),
        memberId: member.id,
        clientIp: null,
      });
      await sendMessage(db, { memberId: farm.id, conversationId, body: "Hi!" });
      if (member === other)
        await db
          .update(conversations)
          .set({ customerUnreadCount: 0 })
          .where(eq(conversations.id, conversationId));
    }
    await mailUnreadMessages(db, { now: new Date(Date.now() + UNREAD_MAIL_AFTER_MS * 2) });
    expect(await mailsTo(customer.email)).toHaveLength(0);
    expect(await mailsTo(other.email)).toHaveLength(0);
  });
});

describe("registering with recipientEmail", () => {
  const register = (email: string, recipientToken?: unknown) =>
    registerCustomer(
      db,
      {
        username: `reg${Date.now()}${Math.floor(Math.random() * 1e6)}`,
        firstName: "Lee",
        lastName: "Ng",
        phone: "(416) 555-0100",
        country: "CA",
        currency: "CAD",
        email,
        password: "Orchard-Gate-2026!",
        cPassword: "Orchard-Gate-2026!",
      } as never,
      { recipientToken },
    ).then((member) => member!);

  it("prefills the name the visitor gave and names the farm, only with the mail's token", async () => {
    const email = `prefill${Date.now()}@example.com`;
    const { conversationId } = await visitorAsks(email, "Raw milk?");
    await reply(farm.id, conversationId, "Not allowed here, sorry.");

    expect(
      await loadVisitorRegistration(db, {
        email: email.toUpperCase(),
        recipientToken: signRecipientEmail(email),
      }),
    ).toEqual({ firstName: "Lee", lastName: "Ng", farms: ["Ellen Hartley"], moreFarms: false });
    for (const token of [undefined, "not-a-token", signRecipientEmail("other@example.com")])
      expect(await loadVisitorRegistration(db, { email, recipientToken: token })).toBeNull();

    await register(email, signRecipientEmail(email));
    // Attached: nothing left to bring along.
    expect(
      await loadVisitorRegistration(db, { email, recipientToken: signRecipientEmail(email) }),
    ).toBeNull();
  });

  it("attaches the visitor's conversations to the new account with the mail's token", async () => {
    const email = `attach${Date.now()}@example.com`;
    const { conversationId } = await visitorAsks(email, "Are you open Sunday?");
    await reply(farm.id, conversationId, "Yes, 9 to 5.");

    const member = await register(email.toUpperCase(), signRecipientEmail(email));
    const list = await listConversations(db, { memberId: member.id });
    expect(list.results.map((c) => c.conversationId)).toEqual([conversationId]);
    const page = await listMessages(db, { memberId: member.id, conversationId });
    expect(page.results.map((m) => [m.message, m.mine])).toEqual([
      ["Are you open Sunday?", true],
      ["Yes, 9 to 5.", false],
    ]);
  });

  it.each([
    ["no token", undefined],
    ["a token of another email", signRecipientEmail("someone.else@example.com")],
    ["a malformed token", "not-a-token"],
  ])("attaches nothing with %s", async (_name, token) => {
    const email = `noattach${Date.now()}${Math.random().toString(36).slice(2, 6)}@example.com`;
    const { conversationId } = await visitorAsks(email);
    const member = await register(email, token);
    expect((await listConversations(db, { memberId: member.id })).results).toEqual([]);
    const conversation = await db.query.conversations.findFirst({
      where: (c, { eq }) => eq(c.id, conversationId),
    });
    expect(conversation).toMatchObject({ customerId: null, visitorEmail: email });
  });

  it("moves nothing when attached again", async () => {
    const email = `twice${Date.now()}@example.com`;
    await visitorAsks(email);
    const member = await register(email, signRecipientEmail(email));
    expect(
      await attachVisitorConversations(db, {
        memberId: member.id,
        email,
        recipientToken: signRecipientEmail(email),
      }),
    ).toEqual([]);
  });
});
