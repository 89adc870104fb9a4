import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resellerTransactionFilterSchema } from "@/lib/validation/resellers";
import type { Db } from "@/server/db/client";
import { adminActions, resellers, resellerTransactions } from "@/server/db/schema";
import { closeTestDb, createTestDb } from "@/tests/db";
import {
  createAdmin,
  createMerchant,
  createProduct,
  createReseller,
  createResellerTransaction,
  type Member,
  type Reseller,
} from "@/server/db/seed/factories";
import { createReseller as addReseller } from "./create-reseller";
import { listResellerTransactions } from "./list-reseller-transactions";
import { listResellers } from "./list-resellers";
import { markResellerTransactionsPaid } from "./mark-reseller-transactions-paid";
import { RESELLER_EMAIL_TAKEN_MESSAGE } from "./reseller-record";
import { RESELLER_NOT_FOUND_MESSAGE, updateReseller } from "./update-reseller";

let db: Db;
let admin: Member;
beforeAll(async () => {
  db = await createTestDb();
  admin = await createAdmin(db);
});
afterAll(() => closeTestDb(db));

const auditOf = (target: string) =>
  db.select().from(adminActions).where(eq(adminActions.target, target));

const fields = (email: string) => ({
  firstName: "Pat",
  lastName: "Murphy",
  email,
  phone: "(416) 555-0101",
  rate: "5.00",
});

describe("listResellers", () => {
  it("lists 10 a page, newest first, with the total; a page past the end keeps the total", async () => {
    const before = (await listResellers(db, { page: 1 })).totalNum;
    const made: Reseller[] = [];
    for (let i = 0; i < 12; i += 1) made.push(await createReseller(db, { phone: null }));
    const newest = made.toReversed();

    const first = await listResellers(db, { page: 1 });
    expect(first.totalNum).toBe(before + 12);
    expect(first.resellers.map((r) => r.identifier)).toEqual(
      newest.slice(0, 10).map((r) => r.identifier),
    );
    expect(first.resellers[0]).toEqual({
      identifier: newest[0]!.identifier,
      firstName: newest[0]!.firstName,
      lastName: newest[0]!.lastName,
      email: newest[0]!.email,
      phone: null,
      rate: "5.00",
    });
    const second = await listResellers(db, { page: 2 });
    expect(second.resellers.slice(0, 2).map((r) => r.identifier)).toEqual(
      newest.slice(10).map((r) => r.identifier),
    );
    expect(await listResellers(db, { page: 999 })).toEqual({
      resellers: [],
      totalNum: before + 12,
    });
  });
});

describe("createReseller", () => {
  it("adds a reseller with a 32-hex identifier and records who did it", async () => {
    const result = await addReseller(db, { adminId: admin.id, ...fields("new.one@example.com") });
    expect(result).toMatchObject({ ...fields("new.one@example.com") });
    expect(result.identifier).toMatch(/^[0-9a-f]{32}$/);
    const [row] = await db
      .select()
      .from(resellers)
      .where(eq(resellers.identifier, result.identifier));
    const audit = await auditOf(`reseller:${row!.id}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      adminId: admin.id,
      action: "reseller_create",
      before: null,
      after: result,
    });
  });

  it("refuses an email another reseller has, in any case, under the email field", async () => {
    await createReseller(db, { email: "taken@example.com" });
    const count = async () => (await listResellers(db, { page: 1 })).totalNum;
    const before = await count();
    await expect(
      addReseller(db, { adminId: admin.id, ...fields("TAKEN@example.com") }),
    ).rejects.toMatchObject({
      code: "validation",
      fieldErrors: { email: [RESELLER_EMAIL_TAKEN_MESSAGE] },
    });
    expect(await count()).toBe(before);
  });
});

describe("updateReseller", () => {
  it("changes the fields by identifier and records the values before and after", async () => {
    const reseller = await createReseller(db, { rate: "5.00" });
    const result = await updateReseller(db, {
      adminId: admin.id,
      identifier: reseller.identifier,
      ...fields("changed@example.com"),
      phone: null,
      rate: "7.25",
    });
    expect(result).toEqual({
      identifier: reseller.identifier,
      firstName: "Pat",
      lastName: "Murphy",
      email: "changed@example.com",
      phone: null,
      rate: "7.25",
    });
    const audit = await auditOf(`reseller:${reseller.id}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "reseller_update",
      adminId: admin.id,
      before: { email: reseller.email, rate: "5.00", phone: reseller.phone },
      after: result,
    });
  });

  it("keeps its own email, refuses another reseller's, and answers 404 for an unknown identifier", async () => {
    const reseller = await createReseller(db);
    const other = await createReseller(db);
    await expect(
      updateReseller(db, {
        adminId: admin.id,
        identifier: reseller.identifier,
        ...fields(reseller.email.toUpperCase()),
      }),
    ).resolves.toMatchObject({ email: reseller.email.toUpperCase() });
    await expect(
      updateReseller(db, {
        adminId: admin.id,
        identifier: reseller.identifier,
        ...fields(other.email),
      }),
    ).rejects.toMatchObject({ fieldErrors: { email: [RESELLER_EMAIL_TAKEN_MESSAGE] } });
    await expect(
      updateReseller(db, { adminId: admin.id, identifier: "f".repeat(32), ...fields("x@y.ca") }),
    ).rejects.toMatchObject({ code: "not_found", message: RESELLER_NOT_FOUND_MESSAGE });
  });
});

/** A reseller with a farm and one transaction per time given. */
async function resellerWithTransactions(times: string[]) {
  const reseller = await createReseller(db);
  const farm = await createMerchant(db, { resellerId: reseller.id });
  const transactions = [];
  for (const time of times) {
    const product = await createProduct(db, { merchantId: farm.id });
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

const filterOf = (query: Record<string, string | undefined>) =>
  resellerTransactionFilterSchema.parse(query);

describe("listResellerTransactions", () => {
  it("filters by the reseller's email, newest first, with the spec's fields", async () => {
    const { reseller, farm, transactions } = await resellerWithTransactions([
      "2026-03-01T12:00:00Z",
      "2026-03-02T12:00:00Z",
    ]);
    await resellerWithTransactions(["2026-03-01T13:00:00Z"]);
    const answer = await listResellerTransactions(
      db,
      filterOf({ resellerKeyword: reseller.email.toUpperCase() }),
    );
    expect(answer.transTotalNum).toBe(2);
    expect(answer.transactions.data.map((t) => t.id)).toEqual(
      transactions.map((t) => t.id).toReversed(),
    );
    expect(answer.transactions.data[1]).toEqual({
      id: transactions[0]!.id,
      resellerfirstName: reseller.firstName,
      resellerlastName: reseller.lastName,
      resellerEmail: reseller.email,
      farmerUsername: farm.username,
      productName: transactions[0]!.productName,
      rate: "5.00",
      timeStamp: "2026-03-01T12:00:00.000Z",
      payStatus: "pending",
    });
  });

  it("answers nothing for an email no reseller has", async () => {
    await resellerWithTransactions(["2026-03-01T12:00:00Z"]);
    expect(
      await listResellerTransactions(db, filterOf({ resellerKeyword: "nobody@example.com" })),
    ).toEqual({ transactions: { data: [] }, transTotalNum: 0 });
  });

  it("reads the date range in Toronto time, both bounds included to the second", async () => {
    // 04:00 UTC on 1 July is midnight in Toronto (EDT, UTC-4); 05:00 UTC on 1 Dec is midnight (EST).
    const { reseller, transactions } = await resellerWithTransactions([
      "2030-07-01T03:59:59.500Z",
      "2030-07-01T04:00:00.000Z",
      "2030-12-01T04:59:59.999Z",
      "2030-12-01T05:00:00.000Z",
    ]);
    const ids = transactions.map((t) => t.id);
    const idsIn = async (dateFrom?: string, dateTo?: string) =>
      (
        await listResellerTransactions(
          db,
          filterOf({ resellerKeyword: reseller.email, dateFrom, dateTo }),
        )
      ).transactions.data
        .map((t) => t.id)
        .toSorted((a, b) => a - b);

    expect(await idsIn("01/07/2030, 00:00:00")).toEqual(ids.slice(1));
    expect(await idsIn(undefined, "30/06/2030, 23:59:59")).toEqual(ids.slice(0, 1));
    expect(await idsIn("01/07/2030, 00:00:00", "30/11/2030, 23:59:59")).toEqual(ids.slice(1, 3));
    expect(await idsIn("01/12/2030, 00:00:00", "01/12/2030, 00:00:00")).toEqual(ids.slice(3));
  });

  it("pages by 10 over a date range of all resellers", async () => {
    const times = Array.from(
      { length: 13 },
      (_, i) => `2031-01-01T${String(10 + i).padStart(2, "0")}:00:00Z`,
    );
    const { transactions } = await resellerWithTransactions(times);
    const range = { dateFrom: "01/01/2031, 00:00:00", dateTo: "01/01/2031, 23:59:59" };
    const first = await listResellerTransactions(db, filterOf(range));
    const second = await listResellerTransactions(db, filterOf({ ...range, page: "2" }));
    const newest = transactions.map((t) => t.id).toReversed();
    expect(first.transTotalNum).toBe(13);
    expect(first.transactions.data.map((t) => t.id)).toEqual(newest.slice(0, 10));
    expect(second.transactions.data.map((t) => t.id)).toEqual(newest.slice(10));
    expect(
      (await listResellerTransactions(db, filterOf({ ...range, page: "9" }))).transTotalNum,
    ).toBe(13);
  });
});

describe("markResellerTransactionsPaid", () => {
  it("marks pending ones paid exactly once; paid and unknown ids change nothing", async () => {
    const { transactions } = await resellerWithTransactions([
      "2026-05-01T12:00:00Z",
      "2026-05-02T12:00:00Z",
      "2026-05-03T12:00:00Z",
    ]);
    const [a, b, c] = transactions.map((t) => t.id) as [number, number, number];
    expect(await markResellerTransactionsPaid(db, { adminId: admin.id, ids: [b, a] })).toEqual([
      a,
      b,
    ]);
    expect(
      await markResellerTransactionsPaid(db, { adminId: admin.id, ids: [a, b, c, 99_999_999] }),
    ).toEqual([c]);
    expect(await markResellerTransactionsPaid(db, { adminId: admin.id, ids: [a, c] })).toEqual([]);

    const rows = await db
      .select()
      .from(resellerTransactions)
      .where(inArray(resellerTransactions.id, [a, b, c]));
    for (const row of rows) {
      expect(row.payStatus).toBe("paid");
      expect(row.paidAt).toBeInstanceOf(Date);
    }
    const audit = await db
      .select()
      .from(adminActions)
      .where(
        and(
          eq(adminActions.action, "reseller_transactions_paid"),
          inArray(
            adminActions.target,
            [a, b, c].map((id) => `reseller_transaction:${id}`),
          ),
        ),
      );
    // one row each, however often they were marked
    expect(audit).toHaveLength(3);
    expect(audit[0]).toMatchObject({
      adminId: admin.id,
      before: { payStatus: "pending" },
      after: { payStatus: "paid" },
    });
  });

  it("two admins marking the same rows at once mark each row once", async () => {
    const other = await createAdmin(db);
    const { transactions } = await resellerWithTransactions([
      "2026-06-01T12:00:00Z",
      "2026-06-02T12:00:00Z",
    ]);
    const ids = transactions.map((t) => t.id);
    const [first, second] = await Promise.all([
      markResellerTransactionsPaid(db, { adminId: admin.id, ids }),
      markResellerTransactionsPaid(db, { adminId: other.id, ids }),
    ]);
    expect([...first!, ...second!].toSorted((x, y) => x - y)).toEqual(ids);
  });
});
