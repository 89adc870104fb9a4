import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET = "test-secret-test-secret-test-secret-0123456789";
  process.env.APP_URL = "https://market.example";
});

import type { Db } from "@/server/db/client";
import { emailOutbox, members, securityAccesses } from "@/server/db/schema";
import { closeTestDb, createTestDb } from "@/tests/db";
import { createCustomer, createSecurityAccess } from "@/server/db/seed/factories";
import { POST as blockPost } from "@/app/api/securities/block/route";
import { blockAccess } from "./block-access";
import { recordSignIn } from "./record-sign-in";
import { parseUserAgent } from "./user-agent";

const CHROME_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const CHROME_LINUX_NEXT = CHROME_LINUX.replace("Chrome/140", "Chrome/141");
const FIREFOX_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
  const client = await import("@/server/db/client");
  vi.spyOn(client, "getDb").mockResolvedValue(db);
});
afterAll(() => closeTestDb(db));

const accessesOf = (memberId: number) =>
  db.select().from(securityAccesses).where(eq(securityAccesses.memberId, memberId));
const mailsTo = (to: string) => db.select().from(emailOutbox).where(eq(emailOutbox.to, to));

describe("parseUserAgent", () => {
  it.each([
    [CHROME_LINUX, "Chrome 140 on Linux", "Chrome on Linux"],
    [FIREFOX_WINDOWS, "Firefox 133 on Windows", "Firefox on Windows"],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      "Safari 18 on iOS",
      "Safari on iOS",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      "Edge 131 on Windows",
      "Edge on Windows",
    ],
    [null, "Unknown browser on an unknown system", "Unknown browser on an unknown system"],
  ])("reads %s", (ua, readable, family) => {
    expect(parseUserAgent(ua)).toEqual({ readable, family });
  });
});

describe("recordSignIn", () => {
  it("records a new browser and mails the member a block link", async () => {
    const member = await createCustomer(db);
    await recordSignIn(db, { memberId: member.id, userAgent: CHROME_LINUX, ip: "198.51.100.4" });
    const [access] = await accessesOf(member.id);
    expect(access).toMatchObject({
      browserData: "Chrome 140 on Linux",
      ip: "198.51.100.4",
      city: null,
      country: null,
    });
    expect(access!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(access!.browserKey).not.toContain("Chrome");

    const [mail] = await mailsTo(member.email);
    expect(mail!.subject).toBe("A new sign-in to your account");
    expect(mail!.text).toContain(`https://market.example/securities/${access!.id}/block`);
    expect(mail!.text).toContain("Chrome 140 on Linux");
    expect(mail!.text).toContain("Unknown");
  });

  it("records nothing for a browser it knows, even after an update", async () => {
    const member = await createCustomer(db);
    await recordSignIn(db, { memberId: member.id, userAgent: CHROME_LINUX, ip: null });
    await recordSignIn(db, {
      memberId: member.id,
      userAgent: CHROME_LINUX_NEXT,
      ip: "198.51.100.9",
    });
    expect(await accessesOf(member.id)).toHaveLength(1);
    expect(await mailsTo(member.email)).toHaveLength(1);

    await recordSignIn(db, { memberId: member.id, userAgent: FIREFOX_WINDOWS, ip: null });
    expect(await accessesOf(member.id)).toHaveLength(2);
    expect(await mailsTo(member.email)).toHaveLength(2);
  });

  it("keeps the place when the caller read it from trusted proxy headers", async () => {
    const member = await createCustomer(db);
    await recordSignIn(db, {
      memberId: member.id,
      userAgent: CHROME_LINUX,
      ip: null,
      place: { city: "Guelph", provinceState: "ON", country: "CA" },
    });
    const [access] = await accessesOf(member.id);
    expect(access).toMatchObject({ city: "Guelph", provinceState: "ON", country: "CA" });
  });

  it("never throws into the sign-in", async () => {
    await expect(
      recordSignIn(db, { memberId: 987_654, userAgent: CHROME_LINUX, ip: null }),
    ).resolves.toBeUndefined();
    const broken = {
      insert: () => {
        throw new Error("database down");
      },
    } as unknown as Db;
    await expect(
      recordSignIn(broken, { memberId: 1, userAgent: CHROME_LINUX, ip: null }),
    ).resolves.toBeUndefined();
  });
});

describe("blockAccess", () => {
  it("marks the access blocked and ends every session, once", async () => {
    const member = await createCustomer(db);
    const access = await createSecurityAccess(db, { memberId: member.id, city: null });
    const first = await blockAccess(db, { accessId: access.id });
    expect(first).toEqual({
      browser_data: "Chrome 130 on macOS",
      city: "Unknown",
      province_state: "ON",
      country: "CA",
    });
    const [after] = await db.select().from(members).where(eq(members.id, member.id));
    expect(after!.sessionVersion).toBe(member.sessionVersion + 1);
    const [blocked] = await accessesOf(member.id);
    expect(blocked!.blockedAt).toBeInstanceOf(Date);

    await expect(blockAccess(db, { accessId: access.id })).resolves.toEqual(first);
    const [again] = await db.select().from(members).where(eq(members.id, member.id));
    expect(again!.sessionVersion).toBe(member.sessionVersion + 1);
  });

  it("answers 404 for an unknown or malformed accessId", async () => {
    await expect(
      blockAccess(db, { accessId: "0f8a1e53-77a4-4c7e-8a54-2b2d1c0f9e11" }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(blockAccess(db, { accessId: "1 or 1=1" })).rejects.toMatchObject({ status: 404 });
  });

  it("answers the route's shape without a session", async () => {
    const member = await createCustomer(db);
    const access = await createSecurityAccess(db, { memberId: member.id });
    const call = (accessId: unknown) =>
      blockPost(
        new Request("https://market.example/api/securities/block", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ accessId }),
        }),
        { params: Promise.resolve({}) },
      );
    const ok = await call(access.id);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({
      results: {
        browser_data: "Chrome 130 on macOS",
        city: "Toronto",
        province_state: "ON",
        country: "CA",
      },
    });
    expect((await call(access.id)).status).toBe(200);
    expect((await call("not-a-uuid")).status).toBe(404);
    expect((await call(42)).status).toBe(422);
  });
});
