/**
 * Issue 43, defect 1: ids past the columns' range (2^31 - 1) used to reach PostgreSQL and answer
 * 500 with the SQL in the log. One id schema (lib/validation/core `id`, lib/row-id.ts) now reads
 * them as an id no row has, so each call answers them exactly as it answers a missing row, and a
 * cursor that is not a real time is the call's 422.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { GET as audit } from "@/app/api/admin/audit/route";
import { POST as handled } from "@/app/api/contact/admin/[id]/handled/route";
import { POST as contactFarm } from "@/app/api/merchants/contact/route";
import { GET as conversations } from "@/app/api/messages/conversations/route";
import { GET as messages } from "@/app/api/messages/conversations/[conversationId]/messages/route";
import { POST as writeFarm } from "@/app/api/messages/farmers/route";
import { GET as byUser } from "@/app/api/products/[productId]/byUser/route";
import { POST as updateProduct } from "@/app/api/products/update/route";
import { POST as cancelOrderLine } from "@/app/api/scripts/cancelOrderLine/route";
import { MAX_ROW_ID } from "@/lib/row-id";
import { id } from "@/lib/validation/core";
import { conversationListQuerySchema } from "@/lib/validation/messaging";
import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import type { Db } from "@/server/db/client";
import {
  createAdmin,
  createCustomer,
  createMerchant,
  type Member,
} from "@/server/db/seed/factories";
import type { RouteHandler } from "@/server/http/route";
import { clearRateLimitMemoryForTest } from "@/server/rate-limit";
import { closeTestDb, createRouteTestDb } from "@/tests/db";

const SITE = "http://localhost:3000";
const PAST = MAX_ROW_ID + 1; // 2147483648
const MISSING = MAX_ROW_ID - 1_000; // in range, no such row
let db: Db;
let admin: Member;
let customer: Member;
let farm: Member;

beforeAll(async () => {
  db = await createRouteTestDb();
  admin = await createAdmin(db);
  customer = await createCustomer(db);
  farm = await createMerchant(db);
});
afterAll(() => closeTestDb(db));
beforeEach(() => clearRateLimitMemoryForTest());

async function call(
  handler: RouteHandler<Record<string, string>>,
  {
    path,
    method = "GET",
    body,
    member,
    params = {},
  }: {
    path: string;
    method?: "GET" | "POST";
    body?: unknown;
    member?: Member;
    params?: Record<string, string>;
  },
): Promise<number> {
  const headers = new Headers({ origin: SITE, "content-type": "application/json" });
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
  const response = await handler(
    new Request(`${SITE}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
    { params: Promise.resolve(params) },
  );
  return response.status;
}

type Case = {
  name: string;
  handler: RouteHandler<Record<string, string>>;
  request: (rowId: number) => Parameters<typeof call>[1];
};

const visitor = {
  contactFirstName: "Lee",
  contactLastName: "Ng",
  contactEmail: "lee@example.test",
  contactContent: "Eggs?",
};

const CASES: Case[] = [
  {
    name: "POST /api/merchants/contact (a visitor)",
    handler: contactFarm as Case["handler"],
    request: (rowId) => ({
      path: "/api/merchants/contact",
      method: "POST",
      body: { ...visitor, prodId: rowId },
    }),
  },
  {
    name: "POST /api/messages/farmers",
    handler: writeFarm as Case["handler"],
    request: (rowId) => ({
      path: "/api/messages/farmers",
      method: "POST",
      body: { prodId: rowId, message: "Any eggs this week?" },
      member: customer,
    }),
  },
  {
    name: "GET /api/products/{id}/byUser",
    handler: byUser as Case["handler"],
    request: (rowId) => ({
      path: `/api/products/${rowId}/byUser`,
      member: farm,
      params: { productId: String(rowId) },
    }),
  },
  {
    name: "POST /api/products/update",
    handler: updateProduct as Case["handler"],
    request: (rowId) => ({
      path: "/api/products/update",
      method: "POST",
      body: { id: rowId, name: "Eggs" },
      member: farm,
    }),
  },
  {
    name: "POST /api/contact/admin/{id}/handled",
    handler: handled as Case["handler"],
    request: (rowId) => ({
      path: `/api/contact/admin/${rowId}/handled`,
      method: "POST",
      member: admin,
      params: { id: String(rowId) },
    }),
  },
  {
    name: "POST /api/scripts/cancelOrderLine",
    handler: cancelOrderLine as Case["handler"],
    request: (rowId) => ({
      path: "/api/scripts/cancelOrderLine",
      method: "POST",
      body: { id: rowId },
      member: admin,
    }),
  },
  {
    name: "GET /api/admin/audit?before=",
    handler: audit as Case["handler"],
    request: (rowId) => ({ path: `/api/admin/audit?before=${rowId}`, member: admin }),
  },
];

describe("an id past the columns' range is a missing row", () => {
  it("reads 2147483648 as no row and keeps every id in range", () => {
    expect(id().parse(String(PAST))).toBe(0);
    expect(id().parse(MAX_ROW_ID)).toBe(MAX_ROW_ID);
    expect(id().safeParse(0).success).toBe(false);
  });

  it.each(CASES)("$name answers it as it answers a missing id, never 500", async (c) => {
    const missing = await call(c.handler, c.request(MISSING));
    const past = await call(c.handler, c.request(PAST));
    expect(past).toBeLessThan(500);
    expect(past).toBe(missing);
  });
});

describe("cursors that are not real", () => {
  it("refuses a conversations cursor on a day that does not exist (422), and takes a real one", async () => {
    for (const [cursor, status] of [
      ["2026-02-30T00:00:00.000000Z_1", 422],
      ["2026-02-28T00:00:00.000000Z_2147483648", 422],
      ["2026-02-28T00:00:00.000000Z_1", 200],
    ] as const) {
      expect(
        await call(conversations as Case["handler"], {
          path: `/api/messages/conversations?cursor=${cursor}`,
          member: customer,
        }),
      ).toBe(status);
    }
    expect(
      conversationListQuerySchema.safeParse({ cursor: "2026-13-01T00:00:00.000000Z_1" }).success,
    ).toBe(false);
  });

  it("refuses a messages `before` past the range (422)", async () => {
    expect(
      await call(messages as Case["handler"], {
        path: `/api/messages/conversations/1/messages?before=${PAST}`,
        member: customer,
        params: { conversationId: "1" },
      }),
    ).toBe(422);
  });
});
