import { createElement } from "react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET = "test-secret-test-secret-test-secret-0123456789";
  process.env.APP_URL = "https://market.example";
  process.env.MAIL_FROM = "Local Produce <hello@market.example>";
});

import type { Db } from "@/server/db/client";
import { emailOutbox } from "@/server/db/schema";
import { oneClickUnsubscribeUrl } from "@/server/notifications/sign";
import { closeTestDb, createTestDb } from "@/tests/db";
import { mailHeader, startLocalSmtp, type LocalSmtp, type ReceivedMail } from "@/tests/smtp";
import { createCustomer } from "@/server/db/seed/factories";
import { sendMail, sendWelcomeEmail } from "./index";

let smtp: LocalSmtp;
let received: ReceivedMail[];
let db: Db;

beforeAll(async () => {
  smtp = await startLocalSmtp();
  received = smtp.received;
  // getEnv() reads the environment on first use, which is after this point.
  process.env.SMTP_URL = smtp.url;
  db = await createTestDb();
});

afterAll(async () => {
  await smtp.close();
  await closeTestDb(db);
});

const header = mailHeader;

describe("sendMail over SMTP", () => {
  it("delivers an order mail with HTML, text and RFC 8058 one-click headers", async () => {
    const member = await createCustomer(db);
    await sendMail(db, {
      to: member.email,
      subject: "Your order is ready for pickup",
      react: createElement("p", null, "Your strawberries are ready."),
      category: "order",
      memberId: member.id,
    });
    const mail = received.find((m) => m.to.includes(member.email));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe("hello@market.example");
    expect(header(mail!.raw, "Subject")).toBe("Your order is ready for pickup");
    expect(header(mail!.raw, "List-Unsubscribe")).toBe(
      `<${oneClickUnsubscribeUrl("order", member.userKey)}>, <mailto:hello@market.example?subject=${encodeURIComponent(`unsubscribe order ${member.userKey}`)}>`,
    );
    expect(header(mail!.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(mail!.raw).toContain("text/plain");
    expect(mail!.raw).toContain("text/html");
    // Nothing lands in the outbox when a mail server is configured.
    expect(await db.$count(emailOutbox)).toBe(0);
  });

  it("leaves the one-click link out of a member's order mail sent to another address (a checkout contact)", async () => {
    const member = await createCustomer(db);
    const contact = `contact.${member.id}@elsewhere.example`;
    await sendMail(db, {
      to: contact,
      subject: "Your order is ready for pickup",
      react: createElement("p", null, "Your strawberries are ready."),
      category: "order",
      memberId: member.id,
    });
    const mail = received.find((m) => m.to.includes(contact));
    expect(mail).toBeDefined();
    expect(header(mail!.raw, "List-Unsubscribe")).toBeUndefined();
    expect(header(mail!.raw, "List-Unsubscribe-Post")).toBeUndefined();
  });

  it("sends the welcome mail without unsubscribe headers (account mail)", async () => {
    const member = await createCustomer(db);
    await sendWelcomeEmail(db, {
      id: member.id,
      email: member.email,
      firstName: member.firstName,
      memberType: "customer",
    });
    const mail = received.find((m) => m.to.includes(member.email));
    expect(header(mail!.raw, "Subject")).toBe("Welcome to Local Produce Marketplace");
    expect(header(mail!.raw, "List-Unsubscribe")).toBeUndefined();
  });

  it("rejects when the server is unreachable, and the welcome mail swallows it", async () => {
    const member = await createCustomer(db);
    const saved = process.env.SMTP_URL;
    const { parseEnvForTest } = await import("@/server/env");
    const env = await import("@/server/env");
    const broken = parseEnvForTest({ ...process.env, SMTP_URL: "smtp://127.0.0.1:1" });
    const spy = vi.spyOn(env, "getEnv").mockReturnValue(broken);
    try {
      await expect(
        sendMail(db, {
          to: member.email,
          subject: "x",
          react: createElement("p", null, "x"),
          category: "account",
        }),
      ).rejects.toThrow();
      await expect(
        sendWelcomeEmail(db, {
          id: member.id,
          email: member.email,
          firstName: "A",
          memberType: "customer",
        }),
      ).resolves.toBeUndefined();
    } finally {
      spy.mockRestore();
      process.env.SMTP_URL = saved;
    }
  });
});
