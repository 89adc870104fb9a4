import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { listResellers } from "@/server/admin/list-resellers";
import { RESELLER_EMAIL_TAKEN_MESSAGE } from "@/server/admin/reseller-record";
import { RESELLER_NOT_FOUND_MESSAGE } from "@/server/admin/update-reseller";
import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import type { Db } from "@/server/db/client";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import {
  createAdmin,
  createCustomer,
  createMerchant,
  createReseller,
  type Member,
} from "@/server/db/seed/factories";
import { POST as postCreate } from "./create/route";
import { GET as getList, PATCH as patchReseller } from "./route";

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

async function get(path: string, member: Member | null) {
  const headers = new Headers();
  if (member) headers.set("authorization", `Bearer ${await tokenFor(member)}`);
  return new Request(new URL(path, SITE), { headers });
}

/** A cookie-authenticated write from this site, as the pages send them. */
async function write(method: "POST" | "PATCH", path: string, member: Member | null, body: unknown) {
  const headers = new Headers({ origin: SITE, "content-type": "application/json" });
  if (member) headers.set("cookie", `_token=${await tokenFor(member)}`);
  return new Request(new URL(path, SITE), { method, headers, body: JSON.stringify(body) });
}

const valid = {
  firstName: "Pat (East)",
  lastName: "Murphy-Jones",
  email: "pat.route@example.com",
  phone: "4165550101",
  rate: "5",
};

const snapshot = async () => (await listResellers(db, { page: 1 })).totalNum;

describe("who may call the reseller calls", () => {
  it.each<[string, () => Promise<Member | null>, number]>([
    ["a visitor", async () => null, 401],
    ["a customer", () => createCustomer(db), 403],
    ["a farmer", () => createMerchant(db), 403],
  ])("answers %s with %i and changes nothing", async (_who, make, status) => {
    const member = await make();
    const reseller = await createReseller(db, { firstName: "Kept" });
    const before = await snapshot();

    expect((await call(getList, await get("/api/resellers?page=1", member))).status).toBe(status);
    expect(
      (await call(postCreate, await write("POST", "/api/resellers/create", member, valid))).status,
    ).toBe(status);
    expect(
      (
        await call(
          patchReseller,
          await write("PATCH", "/api/resellers", member, {
            ...valid,
            identifier: reseller.identifier,
          }),
        )
      ).status,
    ).toBe(status);

    expect(await snapshot()).toBe(before);
    const listed = (await listResellers(db, { page: 1 })).resellers;
    expect(listed.find((r) => r.identifier === reseller.identifier)?.firstName).toBe("Kept");
  });

  it("answers an admin with 200 (create and edit below)", async () => {
    expect((await call(getList, await get("/api/resellers", admin))).status).toBe(200);
  });
});

describe("GET /api/resellers", () => {
  it("answers { resellers, totalNum } with the spec's reseller fields, 10 a page", async () => {
    for (let i = 0; i < 11; i += 1) await createReseller(db);
    const total = await snapshot();
    const first = await call(getList, await get("/api/resellers?page=1", admin));
    expect(first.status).toBe(200);
    expect(first.body.totalNum).toBe(total);
    const rows = first.body.resellers as Record<string, unknown>[];
    expect(rows).toHaveLength(10);
    expect(Object.keys(rows[0]!).toSorted()).toEqual(
      ["email", "firstName", "identifier", "lastName", "phone", "rate"].toSorted(),
    );
    const last = await call(
      getList,
      await get(`/api/resellers?page=${Math.ceil(total / 10)}`, admin),
    );
    expect((last.body.resellers as unknown[]).length).toBe(total % 10 || 10);
  });

  it.each([["0"], ["x"], ["-1"]])("refuses page=%s with 'Invalid Page'", async (page) => {
    const answer = await call(getList, await get(`/api/resellers?page=${page}`, admin));
    expect(answer).toEqual({
      status: 422,
      body: {
        message: "Please check the form.",
        errors: { page: ["Invalid Page"] },
        requestId: expect.any(String),
      },
    });
  });
});

const fieldRows: [string, Record<string, unknown>, string][] = [
  ["firstName", { firstName: "" }, "Required Field"],
  ["firstName", { firstName: "Pat & Co" }, "Invalid Name"],
  ["lastName", { lastName: "" }, "Required Field"],
  ["lastName", { lastName: "Murphy*" }, "Invalid Name"],
  ["email", { email: "" }, "Required Field"],
  ["email", { email: "pat@example" }, "Invalid Email"],
  ["phone", { phone: "555-1234" }, "Invalid Phone Number"],
  ["rate", { rate: "" }, "Required Field"],
  ["rate", { rate: "5.555" }, "Invalid Rate"],
  ["rate", { rate: "five" }, "Invalid Rate"],
  ["rate", { rate: "1000" }, "Invalid Rate"],
];

describe("POST /api/resellers/create", () => {
  it("adds the reseller and answers { result }", async () => {
    const answer = await call(
      postCreate,
      await write("POST", "/api/resellers/create", admin, valid),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      result: {
        identifier: expect.stringMatching(/^[0-9a-f]{32}$/),
        firstName: "Pat (East)",
        lastName: "Murphy-Jones",
        email: "pat.route@example.com",
        phone: "(416) 555-0101",
        rate: "5.00",
      },
    });
  });

  it.each(fieldRows)("refuses %s %j with '%s' and adds nothing", async (field, change, message) => {
    const before = await snapshot();
    const answer = await call(
      postCreate,
      await write("POST", "/api/resellers/create", admin, {
        ...valid,
        email: "fresh@example.com",
        ...change,
      }),
    );
    expect(answer.status).toBe(422);
    expect((answer.body.errors as Record<string, string[]>)[field]).toEqual([message]);
    expect(await snapshot()).toBe(before);
  });

  it("refuses an email another reseller has under the email field", async () => {
    await createReseller(db, { email: "twice@example.com" });
    const answer = await call(
      postCreate,
      await write("POST", "/api/resellers/create", admin, { ...valid, email: "Twice@Example.com" }),
    );
    expect(answer).toEqual({
      status: 422,
      body: {
        message: RESELLER_EMAIL_TAKEN_MESSAGE,
        errors: { email: [RESELLER_EMAIL_TAKEN_MESSAGE] },
        requestId: expect.any(String),
      },
    });
  });

  it("refuses a write sent from another site", async () => {
    const req = await write("POST", "/api/resellers/create", admin, valid);
    req.headers.set("origin", "https://evil.example");
    expect((await call(postCreate, req)).status).toBe(403);
  });
});

describe("PATCH /api/resellers", () => {
  it("edits by identifier and answers { result }", async () => {
    const reseller = await createReseller(db);
    const answer = await call(
      patchReseller,
      await write("PATCH", "/api/resellers", admin, {
        ...valid,
        email: "edited@example.com",
        phone: "",
        rate: "6.5",
        identifier: reseller.identifier.toUpperCase(),
      }),
    );
    expect(answer).toEqual({
      status: 200,
      body: {
        result: {
          identifier: reseller.identifier,
          firstName: "Pat (East)",
          lastName: "Murphy-Jones",
          email: "edited@example.com",
          phone: null,
          rate: "6.50",
        },
      },
    });
  });

  it.each([...fieldRows, ["identifier", { identifier: "123" }, "Invalid Identifier"]] as [
    string,
    Record<string, unknown>,
    string,
  ][])("refuses %s %j with '%s'", async (field, change, message) => {
    const reseller = await createReseller(db, { firstName: "Same" });
    const answer = await call(
      patchReseller,
      await write("PATCH", "/api/resellers", admin, {
        ...valid,
        email: "other.fresh@example.com",
        identifier: reseller.identifier,
        ...change,
      }),
    );
    expect(answer.status).toBe(422);
    expect((answer.body.errors as Record<string, string[]>)[field]).toEqual([message]);
  });

  it("answers 404 for an identifier no reseller has", async () => {
    const answer = await call(
      patchReseller,
      await write("PATCH", "/api/resellers", admin, { ...valid, identifier: "e".repeat(32) }),
    );
    expect(answer).toEqual({
      status: 404,
      body: { message: RESELLER_NOT_FOUND_MESSAGE, requestId: expect.any(String) },
    });
  });
});
