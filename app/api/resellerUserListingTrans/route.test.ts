import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { resellerTransactionFilterSchema } from "@/lib/validation/resellers";
import { listResellerTransactions } from "@/server/admin/list-reseller-transactions";
import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import type { Db } from "@/server/db/client";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import {
  createAdmin,
  createCustomer,
  createMerchant,
  createProduct,
  createReseller,
  createResellerTransaction,
  type Member,
} from "@/server/db/seed/factories";
import { PATCH as patchMarkAsPaid } from "./markAsPaid/route";
import { GET as getList } from "./route";

const SITE = "http://localhost:3000";
let db: Db;
let admin: Member;

beforeAll(async () => {
  db = await createRouteTestDb();
  admin = await createAdmin(db);
});
afterAll(() => closeTestDb(db));

type Handler = (
  req: Request,
  ctx: { params: Promise<Record<string, string>> },
) => Promise<Response>;
type Answer = { status: number; body: Record<string, unknown> };

const tokenFor = (m: Member) =>
  encodeSessionToken({
    memberId: m.id,
    sessionVersion: m.sessionVersion,
    signedInAt: nowSeconds(),
    secondFactorAt: nowSeconds(),
  });

async function call(handler: Handler, req: Request): Promise<Answer> {
  const response = await handler(req, { params: Promise.resolve({}) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function get(query: Record<string, string>, member: Member | null) {
  const headers = new Headers();
  if (member) headers.set("authorization", `Bearer ${await tokenFor(member)}`);
  const url = new URL("/api/resellerUserListingTrans", SITE);
  url.search = new URLSearchParams(query).toString();
  return new Request(url, { headers });
}

async function markAsPaid(member: Member | null, body: unknown) {
  const headers = new Headers({ origin: SITE, "content-type": "application/json" });
  if (member) headers.set("cookie", `_token=${await tokenFor(member)}`);
  return new Request(new URL("/api/resellerUserListingTrans/markAsPaid", SITE), {
    method: "PATCH",
    headers,
    body: JSON.stringify(body),
  });
}

/** A reseller whose farm listed one product per time given. */
async function world(times: string[]) {
  const reseller = await createReseller(db);
  const farm = await createMerchant(db, { resellerId: reseller.id });
  const transactions = [];
  for (const time of times) {
    const product = await createProduct(db, { merchantId: farm.id, name: "Wildflower Honey" });
    transactions.push(
      await createResellerTransaction(db, {
        resellerId: reseller.id,
        productId: product.id,
        createdAt: new Date(time),
      }),
    );
  }
  return { reseller, farm, transactions };
}

const statusesOf = async (email: string) =>
  (
    await listResellerTransactions(
      db,
      resellerTransactionFilterSchema.parse({ resellerKeyword: email }),
    )
  ).transactions.data.map((t) => t.payStatus);

describe("who may call the reseller transaction calls", () => {
  it.each<[string, () => Promise<Member | null>, number]>([
    ["a visitor", async () => null, 401],
    ["a customer", () => createCustomer(db), 403],
    ["a farmer", () => createMerchant(db), 403],
  ])("answers %s with %i and changes nothing", async (_who, make, status) => {
    const member = await make();
    const { reseller, transactions } = await world(["2026-04-01T12:00:00Z"]);
    expect((await call(getList, await get({}, member))).status).toBe(status);
    expect(
      (
        await call(
          patchMarkAsPaid,
          await markAsPaid(member, { selectedTrans: [transactions[0]!.id] }),
        )
      ).status,
    ).toBe(status);
    expect(await statusesOf(reseller.email)).toEqual(["pending"]);
  });

  it("answers an admin with 200", async () => {
    expect((await call(getList, await get({}, admin))).status).toBe(200);
  });
});

describe("GET /api/resellerUserListingTrans", () => {
  it("answers { transactions: { data }, transTotalNum } filtered by email and date range", async () => {
    const { reseller, farm, transactions } = await world([
      "2026-04-10T16:00:00Z",
      "2026-04-11T16:00:00Z",
      "2026-04-12T16:00:00Z",
    ]);
    const answer = await call(
      getList,
      await get(
        {
          page: "1",
          resellerKeyword: reseller.email,
          // Toronto time (EDT, UTC-4): 12:00 on the 11th is 16:00 UTC
          dateFrom: "11/04/2026, 12:00:00",
          dateTo: "12/04/2026, 11:59:59",
        },
        admin,
      ),
    );
    expect(answer).toEqual({
      status: 200,
      body: {
        transactions: {
          data: [
            {
              id: transactions[1]!.id,
              resellerfirstName: reseller.firstName,
              resellerlastName: reseller.lastName,
              resellerEmail: reseller.email,
              farmerUsername: farm.username,
              productName: "Wildflower Honey",
              rate: "5.00",
              timeStamp: "2026-04-11T16:00:00.000Z",
              payStatus: "pending",
            },
          ],
        },
        transTotalNum: 1,
      },
    });
  });

  it("takes the dates without the comma too, and empty filters as none", async () => {
    const { reseller } = await world(["2026-04-20T16:00:00Z"]);
    const answer = await call(
      getList,
      await get(
        { resellerKeyword: reseller.email, dateFrom: "20/04/2026 00:00:00", dateTo: "" },
        admin,
      ),
    );
    expect(answer.body.transTotalNum).toBe(1);
  });

  it.each<[string, Record<string, string>, string]>([
    ["resellerKeyword", { resellerKeyword: "pat@example" }, "Invalid Email"],
    ["resellerKeyword", { resellerKeyword: "' or 1=1 --" }, "Invalid Email"],
    ["dateFrom", { dateFrom: "2026-04-01 10:00:00" }, "Invalid date: use dd/mm/yyyy, hh:mm:ss"],
    ["dateFrom", { dateFrom: "31/02/2026, 10:00:00" }, "Invalid date: use dd/mm/yyyy, hh:mm:ss"],
    ["dateTo", { dateTo: "01/04/2026" }, "Invalid date: use dd/mm/yyyy, hh:mm:ss"],
    [
      "dateTo",
      { dateFrom: "02/04/2026, 00:00:00", dateTo: "01/04/2026, 00:00:00" },
      "Invalid date range",
    ],
    ["page", { page: "0" }, "Invalid Page"],
  ])("refuses %s in %j with '%s'", async (field, query, message) => {
    const answer = await call(getList, await get(query, admin));
    expect(answer.status).toBe(422);
    expect((answer.body.errors as Record<string, string[]>)[field]).toEqual([message]);
  });
});

describe("PATCH /api/resellerUserListingTrans/markAsPaid", () => {
  it("marks pending ones paid and answers the ids it marked, once", async () => {
    const { reseller, transactions } = await world([
      "2026-04-01T12:00:00Z",
      "2026-04-02T12:00:00Z",
    ]);
    const [a, b] = transactions.map((t) => t.id) as [number, number];
    expect(await call(patchMarkAsPaid, await markAsPaid(admin, { selectedTrans: [a] }))).toEqual({
      status: 200,
      body: { ids: [a] },
    });
    expect(
      await call(patchMarkAsPaid, await markAsPaid(admin, { selectedTrans: [a, b, 987_654_321] })),
    ).toEqual({ status: 200, body: { ids: [b] } });
    expect(await call(patchMarkAsPaid, await markAsPaid(admin, { selectedTrans: [a, b] }))).toEqual(
      {
        status: 200,
        body: { ids: [] },
      },
    );
    expect(await statusesOf(reseller.email)).toEqual(["paid", "paid"]);
  });

  it.each<[unknown]>([
    [{}],
    [{ selectedTrans: [] }],
    [{ selectedTrans: ["x"] }],
    [{ selectedTrans: 3 }],
    [{ selectedTrans: [0] }],
  ])("refuses %j with 'Invalid Selection'", async (body) => {
    const answer = await call(patchMarkAsPaid, await markAsPaid(admin, body));
    expect(answer.status).toBe(422);
    expect(Object.values(answer.body.errors as Record<string, string[]>).flat()).toContain(
      "Invalid Selection",
    );
  });
});
