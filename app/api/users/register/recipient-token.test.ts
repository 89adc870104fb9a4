import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "@/server/db/client";
import { signRecipientEmail } from "@/server/messaging/recipient-token";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import { createConversation, createMerchant, createMessage } from "@/server/db/seed/factories";
import { POST } from "./route";

let db: Db;
beforeAll(async () => {
  db = await createRouteTestDb();
});
afterAll(() => closeTestDb(db));

const register = (body: object) =>
  POST(
    new Request("http://localhost:3000/api/users/register", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        firstName: "Lee",
        lastName: "Ng",
        phone: "(647) 555-0101",
        country: "CA",
        password: "Fresh-Carrots-2026!",
        cPassword: "Fresh-Carrots-2026!",
        ...body,
      }),
    }),
    { params: Promise.resolve({}) },
  );

async function visitorConversation(email: string) {
  const farm = await createMerchant(db);
  const conversation = await createConversation(db, { merchantId: farm.id, visitorEmail: email });
  await createMessage(db, { conversationId: conversation.id, senderMemberId: null });
  return conversation.id;
}

const ownerOf = async (conversationId: number) =>
  (await db.query.conversations.findFirst({ where: (c, { eq }) => eq(c.id, conversationId) }))!
    .customerId;

describe("POST /api/users/register with recipientToken (a farmer's reply mail)", () => {
  it("makes the email's visitor conversations the new account's", async () => {
    const id = await visitorConversation("lee.visitor@example.com");
    const response = await register({
      username: "lee_visitor",
      email: "lee.visitor@example.com",
      recipientToken: signRecipientEmail("lee.visitor@example.com"),
    });
    expect(response.status).toBe(201);
    const member = await db.query.members.findFirst({
      where: (m, { eq }) => eq(m.username, "lee_visitor"),
    });
    expect(await ownerOf(id)).toBe(member!.id);
  });

  it("registers but attaches nothing with another email's token", async () => {
    const id = await visitorConversation("victim@example.com");
    const response = await register({
      username: "not_the_victim",
      email: "victim@example.com",
      recipientToken: signRecipientEmail("attacker@example.com"),
    });
    expect(response.status).toBe(201);
    expect(await ownerOf(id)).toBeNull();
  });
});
