import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import type { Db } from "@/server/db/client";
import { clearRateLimitMemoryForTest } from "@/server/rate-limit";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import {
  createCustomer,
  createMerchant,
  createProduct,
  type Member,
} from "@/server/db/seed/factories";
import { POST } from "./route";

const SITE = "http://localhost:3000";
let db: Db;
let farm: Member;
let customer: Member;
let productId: number;

beforeAll(async () => {
  db = await createRouteTestDb();
  // A Basic farm: the customer's side needs no plan.
  farm = await createMerchant(db);
  customer = await createCustomer(db);
  productId = (await createProduct(db, { merchantId: farm.id })).id;
});
afterAll(() => closeTestDb(db));
beforeEach(() => clearRateLimitMemoryForTest());

async function post(body: unknown, member?: Member) {
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
  const response = await POST(
    new Request(`${SITE}/api/messages/farmers`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({}) },
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("POST /api/messages/farmers", () => {
  it("writes to the farm from its store, then from a product, in one conversation", async () => {
    const first = await post({ farmerId: farm.username, message: "Open on Sunday?" }, customer);
    expect(first).toMatchObject({ status: 201, body: { message: "Successfully Sent!" } });
    const second = await post({ prodId: String(productId), message: "And this one?" }, customer);
    expect(second.body.conversationId).toBe(first.body.conversationId);
    const stored = await db.query.messages.findMany({
      where: (m, { eq }) => eq(m.conversationId, first.body.conversationId as number),
      orderBy: (m, { asc }) => asc(m.id),
    });
    expect(stored.map((m) => [m.body, m.senderMemberId])).toEqual([
      ["Open on Sunday?", customer.id],
      ["And this one?", customer.id],
    ]);
  });

  it("refuses a visitor (401) and a farm (403)", async () => {
    expect((await post({ farmerId: farm.username, message: "Hi" })).status).toBe(401);
    const other = await createMerchant(db);
    expect((await post({ farmerId: farm.username, message: "Hi" }, other)).status).toBe(403);
  });

  it.each<[{ farmerId?: string; message: string }, string, string]>([
    [{ farmerId: "(the farm)", message: "" }, "message", "The message is required"],
    [
      { farmerId: "nobody_here", message: "Hi" },
      "prodId",
      "Oops. There is an issue of contacting the farmer.",
    ],
    [{ message: "Hi" }, "prodId", "Oops. There is an issue of contacting the farmer."],
  ] as const)(
    "refuses %j with the spec's message and stores nothing",
    async (body, field, text) => {
      const before = (await db.query.messages.findMany()).length;
      const answer = await post(
        { ...body, farmerId: body.farmerId === "(the farm)" ? farm.username : body.farmerId },
        customer,
      );
      expect(answer.status).toBe(422);
      expect((answer.body.errors as Record<string, string[]>)[field]).toContain(text);
      expect((await db.query.messages.findMany()).length).toBe(before);
    },
  );
});
