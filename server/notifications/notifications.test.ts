import { and, eq } from "drizzle-orm";
import { createElement } from "react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET = "test-secret-test-secret-test-secret-0123456789";
  process.env.APP_URL = "https://market.example";
});

import type { Db } from "@/server/db/client";
import { emailOutbox, notificationPreferences } from "@/server/db/schema";
import { deliverMail } from "@/server/email/send-mail";
import { closeTestDb, createTestDb } from "@/tests/db";
import { createCustomer } from "@/server/db/seed/factories";
import { POST as oneClickPost } from "@/app/api/notifications/unsubscribe/[type]/[userId]/route";
import { POST as subscribePost } from "@/app/api/notifications/subscribe/route";
import { POST as unsubscribePost } from "@/app/api/notifications/unsubscribe/route";
import { changeNotificationByLink } from "./change-by-link";
import {
  oneClickUnsubscribeUrl,
  signNotificationLink,
  unsubscribePageUrl,
  verifyNotificationLink,
} from "./sign";

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
  // The route handlers open the process database; point them at this test's copy.
  const client = await import("@/server/db/client");
  vi.spyOn(client, "getDb").mockResolvedValue(db);
});
afterAll(() => closeTestDb(db));

async function allowed(memberId: number, type: "term" | "promotion" | "order") {
  const [row] = await db
    .select({ allowed: notificationPreferences.allowed })
    .from(notificationPreferences)
    .where(
      and(eq(notificationPreferences.memberId, memberId), eq(notificationPreferences.type, type)),
    );
  return row?.allowed ?? true;
}

const post = (body: unknown, contentType = "application/json") =>
  new Request("https://market.example/api/notifications/unsubscribe", {
    method: "POST",
    headers: { "content-type": contentType },
    body: contentType === "application/json" ? JSON.stringify(body) : (body as string),
  });
const noParams = { params: Promise.resolve({}) };

describe("signed notification links", () => {
  const key = "5b0c8f0e-3f1c-4a51-9a3e-0d8c1c2b7a10";
  const other = "0f8a1e53-77a4-4c7e-8a54-2b2d1c0f9e11";

  it("accepts its own signature, base64url of 32 bytes", () => {
    const sig = signNotificationLink("promotion", key);
    expect(Buffer.from(sig, "base64url")).toHaveLength(32);
    expect(verifyNotificationLink("promotion", key, sig)).toBe(true);
  });

  it.each([
    ["a forged signature", "promotion", key, "A".repeat(43)],
    ["another type", "order", key, signNotificationLink("promotion", key)],
    ["another member", "promotion", other, signNotificationLink("promotion", key)],
    ["an unknown type", "weekly", key, signNotificationLink("promotion", key)],
    [
      "a truncated signature",
      "promotion",
      key,
      signNotificationLink("promotion", key).slice(0, 20),
    ],
    ["an empty signature", "promotion", key, ""],
  ])("refuses %s", (_label, type, userKey, sig) => {
    expect(verifyNotificationLink(type, userKey, sig)).toBe(false);
  });

  it("builds the page link and the one-click link with the signature", () => {
    const sig = signNotificationLink("term", key);
    expect(unsubscribePageUrl("term", key)).toBe(
      `https://market.example/unsubscribe/term/${key}?sig=${sig}`,
    );
    expect(oneClickUnsubscribeUrl("term", key)).toBe(
      `https://market.example/api/notifications/unsubscribe/term/${key}?sig=${sig}`,
    );
  });
});

describe("unsubscribe and subscribe back", () => {
  it("unsubscribes from one type, then subscribes back", async () => {
    const member = await createCustomer(db);
    const link = {
      type: "promotion" as const,
      userId: member.userKey,
      sig: signNotificationLink("promotion", member.userKey),
    };
    await expect(changeNotificationByLink(db, { ...link, allowed: false })).resolves.toBe(
      "You have been unsubscribed from promotion emails.",
    );
    expect(await allowed(member.id, "promotion")).toBe(false);
    expect(await allowed(member.id, "order")).toBe(true);
    await changeNotificationByLink(db, { ...link, allowed: false }); // repeating changes nothing
    await changeNotificationByLink(db, { ...link, allowed: true });
    expect(await allowed(member.id, "promotion")).toBe(true);
  });

  it("changes nothing with a signature for another member or type", async () => {
    const victim = await createCustomer(db);
    const attacker = await createCustomer(db);
    const forged = [
      {
        type: "promotion" as const,
        userId: victim.userKey,
        sig: signNotificationLink("promotion", attacker.userKey),
      },
      {
        type: "order" as const,
        userId: victim.userKey,
        sig: signNotificationLink("promotion", victim.userKey),
      },
    ];
    for (const link of forged) {
      await expect(changeNotificationByLink(db, { ...link, allowed: false })).rejects.toMatchObject(
        { status: 403 },
      );
    }
    expect(await allowed(victim.id, "promotion")).toBe(true);
    expect(await allowed(victim.id, "order")).toBe(true);
  });

  it("answers the routes' shapes: 200 message, 403 forged, 422 unknown type", async () => {
    const member = await createCustomer(db);
    const sig = signNotificationLink("order", member.userKey);

    const ok = await unsubscribePost(
      post({ type: "order", userId: member.userKey, sig }),
      noParams,
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ message: "You have been unsubscribed from order emails." });
    expect(await allowed(member.id, "order")).toBe(false);

    const back = await subscribePost(
      post({ type: "order", userId: member.userKey, sig }),
      noParams,
    );
    expect(back.status).toBe(200);
    expect(await allowed(member.id, "order")).toBe(true);

    const forged = await unsubscribePost(
      post({ type: "order", userId: member.userKey, sig: "x".repeat(43) }),
      noParams,
    );
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual({ message: expect.any(String) });

    const unknown = await unsubscribePost(
      post({ type: "weekly", userId: member.userKey, sig }),
      noParams,
    );
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).errors.type).toEqual(["Unknown notification type."]);
    expect(await allowed(member.id, "order")).toBe(true);
  });

  it("accepts an RFC 8058 one-click POST at the List-Unsubscribe address", async () => {
    const member = await createCustomer(db);
    const url = oneClickUnsubscribeUrl("term", member.userKey);
    const res = await oneClickPost(
      new Request(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      }),
      { params: Promise.resolve({ type: "term", userId: member.userKey }) },
    );
    expect(res.status).toBe(200);
    expect(await allowed(member.id, "term")).toBe(false);

    const altered = await oneClickPost(
      new Request(url.replace("/term/", "/order/"), { method: "POST" }),
      {
        params: Promise.resolve({ type: "order", userId: member.userKey }),
      },
    );
    expect(altered.status).toBe(403);
    expect(await allowed(member.id, "order")).toBe(true);
  });

  it("takes the form-encoded body of a plain HTML form", async () => {
    const member = await createCustomer(db);
    const sig = signNotificationLink("promotion", member.userKey);
    const body = new URLSearchParams({ type: "promotion", userId: member.userKey, sig }).toString();
    const res = await unsubscribePost(post(body, "application/x-www-form-urlencoded"), noParams);
    expect(res.status).toBe(200);
    expect(await allowed(member.id, "promotion")).toBe(false);
  });
});

describe("sendMail and preferences", () => {
  const mail = (memberId: number, to: string, category: "promotion" | "account") => ({
    to,
    subject: `A ${category} mail`,
    react: createElement("p", null, "Fresh strawberries this week."),
    category,
    memberId,
  });

  it("stores the mail in the outbox with HTML, text and one-click headers", async () => {
    const member = await createCustomer(db);
    await expect(deliverMail(db, mail(member.id, member.email, "promotion"))).resolves.toEqual({
      delivered: "outbox",
    });
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, member.email));
    expect(row!.html).toContain("Fresh strawberries this week.");
    expect(row!.text).toContain("Fresh strawberries this week.");
    expect(row!.headers["List-Unsubscribe"]).toBe(
      `<${oneClickUnsubscribeUrl("promotion", member.userKey)}>, <mailto:no-reply@localhost?subject=${encodeURIComponent(`unsubscribe promotion ${member.userKey}`)}>`,
    );
    expect(row!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  });

  it("does not send a type the member turned off, but always sends account mail", async () => {
    const member = await createCustomer(db);
    const sig = signNotificationLink("promotion", member.userKey);
    await changeNotificationByLink(db, {
      type: "promotion",
      userId: member.userKey,
      sig,
      allowed: false,
    });
    await expect(deliverMail(db, mail(member.id, member.email, "promotion"))).resolves.toEqual({
      delivered: false,
      reason: "unsubscribed",
    });
    await expect(deliverMail(db, mail(member.id, member.email, "account"))).resolves.toEqual({
      delivered: "outbox",
    });
    const rows = await db.select().from(emailOutbox).where(eq(emailOutbox.to, member.email));
    expect(rows.map((r) => r.subject)).toEqual(["A account mail"]);
    expect(rows[0]!.headers).toEqual({});
  });
});
