import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const testState = vi.hoisted(() => {
  return { revalidated: [] as string[] };
});
// Route handlers drop cached store pages; outside Next the calls are recorded instead.
vi.mock("next/cache", () => ({ revalidateTag: (tag: string) => testState.revalidated.push(tag) }));

// getEnv() is read lazily, on the first upload, so setting it here (after the imports run) is in time.
const UPLOADS = mkdtempSync(path.join(tmpdir(), "profile-route-uploads-"));
process.env.UPLOADS_DIR = UPLOADS;

import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import type { Db } from "@/server/db/client";
import { pngOfSize, solid } from "@/server/storage/test-images";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import {
  createCustomer,
  createMerchant,
  DEFAULT_PASSWORD,
  type Member,
} from "@/server/db/seed/factories";
import { POST as postAvatar } from "./avatar/route";
import { GET, POST } from "./route";

const SITE = "http://localhost:3000";
const noParams = { params: Promise.resolve({}) };
let db: Db;

beforeAll(async () => {
  db = await createRouteTestDb();
});
afterAll(async () => {
  await closeTestDb(db);
  rmSync(UPLOADS, { recursive: true, force: true });
});

const tokenFor = (m: Member) =>
  encodeSessionToken({
    memberId: m.id,
    sessionVersion: m.sessionVersion,
    signedInAt: nowSeconds(),
  });

async function call(handler: typeof GET, req: Request) {
  const response = await handler(req, noParams);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function jsonRequest(pathname: string, token: string | null, body?: unknown) {
  const headers = new Headers({ origin: SITE, "content-type": "application/json" });
  if (token) headers.set("cookie", `_token=${token}`);
  return new Request(new URL(pathname, SITE), {
    method: body === undefined ? "GET" : "POST",
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const storedFiles = () =>
  readdirSync(UPLOADS, { recursive: true }).filter((f) => String(f).endsWith(".webp")).length;

describe("GET and POST /api/profile", () => {
  it("answers 401 to a visitor, even with the middleware-bypass header", async () => {
    expect((await call(GET, jsonRequest("/api/profile", null))).status).toBe(401);
    const bypass = new Request(new URL("/api/profile", SITE), {
      headers: { "x-middleware-subrequest": "middleware" },
    });
    expect((await call(GET, bypass)).status).toBe(401);
    expect((await call(POST, jsonRequest("/api/profile", null, {}))).status).toBe(401);
  });

  it("gives the member's own profile", async () => {
    const merchant = await createMerchant(db);
    const { status, body } = await call(GET, jsonRequest("/api/profile", await tokenFor(merchant)));
    expect(status).toBe(200);
    expect(body.profile).toMatchObject({
      username: merchant.username,
      memberType: "merchant",
      checkoutPaymentOptions: { payInPerson: true, payByCard: false },
      subscription: { subscribed: false, plan: "basic" },
    });
    expect(JSON.stringify(body)).not.toContain("password");
  });

  it("answers 422 with messages per field", async () => {
    const customer = await createCustomer(db);
    const { status, body } = await call(
      POST,
      jsonRequest("/api/profile", await tokenFor(customer), {
        username: "Bad Name",
        firstName: "Kim",
        lastName: "Lee",
        email: "kim@",
        phone: "555",
        country: "CA",
        currency: "CAD",
      }),
    );
    expect(status).toBe(422);
    expect(body).toEqual({
      message: "Please check the form.",
      errors: {
        username: ["Invalid. Please use only numbers, small letters, and underscores"],
        email: ["Invalid Email"],
        phone: ["Invalid Phone Number"],
      },
      requestId: expect.any(String),
    });
  });

  it("saves and answers the new profile", async () => {
    const customer = await createCustomer(db);
    const { status, body } = await call(
      POST,
      jsonRequest("/api/profile", await tokenFor(customer), {
        username: `new_${customer.id}`,
        firstName: "Kim",
        lastName: "Lee",
        email: `new${customer.id}@example.com`,
        currentPassword: DEFAULT_PASSWORD,
        phone: "(647) 555-0199",
        country: "CA",
        currency: "CAD",
        postalCode: "m5v3l9",
        provinceState: "ON",
        city: "Toronto",
        address: "1 Front Street",
      }),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      message: "Your profile has been saved.",
      profile: { username: `new_${customer.id}`, postalCode: "M5V 3L9" },
    });
    // A customer is on no cached page.
    expect(testState.revalidated).toEqual([]);
  });

  it("drops the cached store pages under the old and the new username when a farm renames itself", async () => {
    const merchant = await createMerchant(db);
    const { status } = await call(
      POST,
      jsonRequest("/api/profile", await tokenFor(merchant), {
        username: `farm_${merchant.id}`,
        firstName: "Kim",
        lastName: "Lee",
        email: `farm${merchant.id}@example.com`,
        currentPassword: DEFAULT_PASSWORD,
        phone: "(647) 555-0199",
        country: "CA",
        currency: "CAD",
        postalCode: "L4A 1A1",
        provinceState: "ON",
        city: "Stouffville",
        address: "12 Main Street",
        introduction: "Berries and greens.",
      }),
    );
    expect(status).toBe(200);
    expect(testState.revalidated).toEqual(
      expect.arrayContaining([
        `store:${merchant.username}`,
        `store:farm_${merchant.id}`,
        "products",
        "merchants",
      ]),
    );
  });

  it("refuses a write from another site", async () => {
    const customer = await createCustomer(db);
    const req = jsonRequest("/api/profile", await tokenFor(customer), {});
    req.headers.set("origin", "https://evil.example");
    expect((await call(POST, req)).status).toBe(403);
  });
});

describe("POST /api/profile/avatar", () => {
  async function upload(
    token: string | null,
    bytes: Uint8Array,
    name = "me.png",
    type = "image/png",
  ) {
    const form = new FormData();
    form.append("avatarImage", new File([new Uint8Array(bytes)], name, { type }));
    const headers = new Headers({ origin: SITE });
    if (token) headers.set("cookie", `_token=${token}`);
    // Let Request encode the multipart body, then declare its size as a browser does.
    const draft = new Request(new URL("/api/profile/avatar", SITE), { method: "POST", body: form });
    const body = new Uint8Array(await draft.arrayBuffer());
    headers.set("content-type", draft.headers.get("content-type")!);
    headers.set("content-length", String(body.byteLength));
    return call(
      postAvatar,
      new Request(new URL("/api/profile/avatar", SITE), { method: "POST", headers, body }),
    );
  }

  it("answers 401 to a visitor", async () => {
    expect((await upload(null, await solid(10, 10).png().toBuffer())).status).toBe(401);
  });

  it("stores a PNG and answers its URL", async () => {
    const customer = await createCustomer(db);
    const before = storedFiles();
    const { status, body } = await upload(
      await tokenFor(customer),
      await solid(200, 200).png().toBuffer(),
    );
    expect(status).toBe(200);
    expect(body.avatarImage).toMatch(/^\/uploads\/avatar\/[0-9a-f]{32}-sm\.webp$/);
    expect(storedFiles()).toBe(before + 2);
  });

  it("accepts 8 MB", async () => {
    const customer = await createCustomer(db);
    expect((await upload(await tokenFor(customer), await pngOfSize(8 * 1024 * 1024))).status).toBe(
      200,
    );
  });

  it.each([9, 12])("refuses %i MB and stores nothing", async (mb) => {
    const customer = await createCustomer(db);
    const before = storedFiles();
    const { status, body } = await upload(
      await tokenFor(customer),
      await pngOfSize(mb * 1024 * 1024),
    );
    expect(status).toBe(422);
    expect(body).toEqual({
      message: "Please check the form.",
      errors: { avatarImage: ["Image size is too big."] },
      requestId: expect.any(String),
    });
    expect(storedFiles()).toBe(before);
  });

  it("refuses a big body whose size was not declared, while reading it", async () => {
    const customer = await createCustomer(db);
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ >= 12) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const headers = new Headers({
      origin: SITE,
      cookie: `_token=${await tokenFor(customer)}`,
      "content-type": "multipart/form-data; boundary=x",
    });
    const req = new Request(new URL("/api/profile/avatar", SITE), {
      method: "POST",
      headers,
      body: stream,
      duplex: "half",
    } as RequestInit);
    const { status } = await call(postAvatar, req);
    expect(status).toBe(422);
    expect(sent).toBeLessThan(12);
  });

  it.each([
    [
      "a text file named .png",
      new TextEncoder().encode("not an image at all"),
      "me.png",
      "image/png",
    ],
    ["a PNG named .gif", null, "me.gif", "image/gif"],
  ])("refuses %s with 'Invalid file uploaded.'", async (_, bytes, name, type) => {
    const customer = await createCustomer(db);
    const before = storedFiles();
    const { status, body } = await upload(
      await tokenFor(customer),
      bytes ?? (await solid(10, 10).png().toBuffer()),
      name,
      type,
    );
    expect(status).toBe(422);
    expect(body).toEqual({
      message: "Please check the form.",
      errors: { avatarImage: ["Invalid file uploaded."] },
      requestId: expect.any(String),
    });
    expect(storedFiles()).toBe(before);
  });
});
