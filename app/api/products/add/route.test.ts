import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const testState = vi.hoisted(() => {
  // Card payments stay off (no Stripe keys): the demo and e2e mode.
  delete process.env.STRIPE_SECRET_KEY;
  return { revalidated: [] as string[] };
});
// revalidateTag needs Next's request store; record the tags instead.
vi.mock("next/cache", () => ({
  revalidateTag: (tag: string, profile: unknown) =>
    testState.revalidated.push(`${tag} ${JSON.stringify(profile)}`),
}));

const UPLOADS = mkdtempSync(path.join(tmpdir(), "product-add-route-"));
process.env.UPLOADS_DIR = UPLOADS;

import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import type { Db } from "@/server/db/client";
import { pngOfSize, solid } from "@/server/storage/test-images";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import {
  createCustomer,
  createMerchant,
  createProduct,
  createSubscription,
  type Member,
} from "@/server/db/seed/factories";
import {
  countStoredImages,
  multipartRequest,
  productFormValues,
  productRowsOf,
  type UploadFile,
} from "@/tests/product-form";
import { POST as postUpdate } from "../update/route";
import { POST as postAdd } from "./route";

const SITE = "http://localhost:3000";
const noParams = { params: Promise.resolve({}) };
let db: Db;
let png: Uint8Array;

beforeAll(async () => {
  db = await createRouteTestDb();
  png = await solid(160, 128).png().toBuffer();
});
afterAll(async () => {
  await closeTestDb(db);
  rmSync(UPLOADS, { recursive: true, force: true });
});
beforeEach(() => {
  testState.revalidated.length = 0;
});

const tokenFor = (m: Member) =>
  encodeSessionToken({
    memberId: m.id,
    sessionVersion: m.sessionVersion,
    signedInAt: nowSeconds(),
  });

type Handler = typeof postAdd;
async function send(
  handler: Handler,
  pathname: string,
  token: string | null,
  fields: Record<string, string>,
  file?: UploadFile | null,
) {
  const req = await multipartRequest(new URL(pathname, SITE).toString(), {
    token,
    fields,
    file: file === null ? undefined : (file ?? { bytes: png }),
    origin: SITE,
  });
  const response = await handler(req, noParams);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const addAs = async (m: Member | null, fields = productFormValues(), file?: UploadFile | null) =>
  send(postAdd, "/api/products/add", m ? await tokenFor(m) : null, fields, file);
const updateAs = async (m: Member, fields: Record<string, string>, file?: UploadFile | null) =>
  send(
    postUpdate,
    "/api/products/update",
    await tokenFor(m),
    fields,
    file === undefined ? null : file,
  );

const productsOf = (m: Member) => productRowsOf(db, m.id);

describe("POST /api/products/add", () => {
  it("lists the product, answers its id and invalidates the catalog caches", async () => {
    const merchant = await createMerchant(db);
    const { status, body } = await addAs(merchant);
    expect(status).toBe(201);
    const [row] = await productsOf(merchant);
    expect(body).toEqual({ message: "The product has been added.", product: { id: row!.id } });
    expect(row).toMatchObject({ name: "Heirloom Tomatoes", unitPriceCents: 450, status: "active" });
    expect(testState.revalidated).toEqual([
      `product:${row!.id} {"expire":0}`,
      `products {"expire":0}`,
      `store:${merchant.username} {"expire":0}`,
    ]);
  });

  it("answers 401 to a visitor, even with the middleware-bypass header", async () => {
    expect((await addAs(null)).status).toBe(401);
    const req = await multipartRequest(`${SITE}/api/products/add`, {
      token: null,
      fields: productFormValues(),
      file: { bytes: png },
      origin: SITE,
    });
    req.headers.set("x-middleware-subrequest", "middleware:middleware:middleware");
    expect((await postAdd(req, noParams)).status).toBe(401);
  });

  it("refuses a customer with the spec's permission message", async () => {
    const customer = await createCustomer(db);
    expect(await addAs(customer)).toEqual({
      status: 403,
      body: {
        message: "Oopsy, looks like you are not permitted to create the product.",
        requestId: expect.any(String),
      },
    });
  });

  it("refuses a write from another site", async () => {
    const merchant = await createMerchant(db);
    const req = await multipartRequest(`${SITE}/api/products/add`, {
      token: await tokenFor(merchant),
      fields: productFormValues(),
      file: { bytes: png },
      origin: "https://evil.example",
    });
    expect((await postAdd(req, noParams)).status).toBe(403);
    expect(await productsOf(merchant)).toEqual([]);
  });

  // `undefined` sends a valid image, null none at all.
  it.each<
    [string, Record<string, string>, UploadFile | null | undefined, Record<string, string[]>]
  >([
    ["no image", {}, null, { productImage: ["Upload the image"] }],
    [
      "a GIF by name",
      {},
      { bytes: new Uint8Array([1, 2, 3]), name: "beets.gif", type: "image/gif" },
      { productImage: ["Invalid image file."] },
    ],
    [
      "a text file named .png",
      {},
      { bytes: new TextEncoder().encode("hello"), name: "beets.png" },
      { productImage: ["Invalid image file."] },
    ],
    ["an empty name", { name: "" }, undefined, { name: ["Product name is required"] }],
    ["a name with symbols", { name: "Beets <b>" }, undefined, { name: ["Invalid Name"] }],
    ["an empty detail", { detail: " " }, undefined, { detail: ["Product detail is required"] }],
    [
      "a detail with symbols",
      { detail: "Fresh {beets}" },
      undefined,
      { detail: ["Invalid Detail"] },
    ],
    ["an empty price", { price: "" }, undefined, { price: ["Product price is required"] }],
    ["a price with 3 decimals", { price: "4.999" }, undefined, { price: ["Invalid Price"] }],
    [
      "a weight that is not a number",
      { weightRequired: "true", unitWeight: "two" },
      undefined,
      { unitWeight: ["Invalid Value"] },
    ],
    [
      "a missing weight symbol",
      { weightRequired: "true", weightSymbol: "" },
      undefined,
      { weightSymbol: ["Weight symbol is required"] },
    ],
  ])("answers 422 for %s with the spec's message", async (_, overrides, file, errors) => {
    const merchant = await createMerchant(db);
    const files = countStoredImages(UPLOADS);
    const { status, body } = await addAs(merchant, productFormValues(overrides), file);
    expect(status).toBe(422);
    expect(body).toEqual({
      message: "Please check the form.",
      errors,
      requestId: expect.any(String),
    });
    expect(await productsOf(merchant)).toEqual([]);
    expect(countStoredImages(UPLOADS)).toBe(files);
  });

  it("straightens curly quotes", async () => {
    const merchant = await createMerchant(db);
    await addAs(merchant, productFormValues({ name: "Nana’s “Famous” Jam", detail: "It’s back!" }));
    const [row] = await productsOf(merchant);
    expect(row).toMatchObject({ name: `Nana's "Famous" Jam`, detail: "It's back!" });
  });

  it("accepts an 8 MB image", async () => {
    const merchant = await createMerchant(db);
    const { status } = await addAs(merchant, productFormValues(), {
      bytes: await pngOfSize(8 * 1024 * 1024),
    });
    expect(status).toBe(201);
    expect(await productsOf(merchant)).toHaveLength(1);
  });

  it.each([9, 12])("refuses a %i MB image, storing nothing", async (mb) => {
    const merchant = await createMerchant(db);
    const files = countStoredImages(UPLOADS);
    const { status, body } = await addAs(merchant, productFormValues(), {
      bytes: await pngOfSize(mb * 1024 * 1024),
    });
    expect(status).toBe(422);
    expect(body).toEqual({
      message: "Please check the form.",
      errors: { productImage: ["Image size is too big."] },
      requestId: expect.any(String),
    });
    expect(await productsOf(merchant)).toEqual([]);
    expect(countStoredImages(UPLOADS)).toBe(files);
  });

  it("stops reading a body of undeclared size as soon as it passes the limit", async () => {
    const merchant = await createMerchant(db);
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
      cookie: `_token=${await tokenFor(merchant)}`,
      "content-type": "multipart/form-data; boundary=x",
    });
    const req = new Request(`${SITE}/api/products/add`, {
      method: "POST",
      headers,
      body: stream,
      duplex: "half",
    } as RequestInit);
    const response = await postAdd(req, noParams);
    expect(response.status).toBe(422);
    expect(sent).toBeLessThan(12);
  });

  it("answers 415 to a body that is not multipart", async () => {
    const merchant = await createMerchant(db);
    const req = new Request(`${SITE}/api/products/add`, {
      method: "POST",
      headers: {
        origin: SITE,
        cookie: `_token=${await tokenFor(merchant)}`,
        "content-type": "application/json",
      },
      body: JSON.stringify(productFormValues()),
    });
    const response = await postAdd(req, noParams);
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      message: "The request body must be sent as multipart/form-data.",
      requestId: expect.any(String),
    });
  });

  it.each([
    ["a Basic farm at its third product", null, 2, "/Basic plan allows up to 2 products/"],
    [
      "an Engager farm at its fifth product",
      "engager" as const,
      4,
      "/Engager plan allows up to 4 products/",
    ],
  ])("answers 403 to %s", async (_, plan, existing, message) => {
    const merchant = await createMerchant(db);
    if (plan) await createSubscription(db, { memberId: merchant.id, plan });
    for (let i = 0; i < existing; i++) await createProduct(db, { merchantId: merchant.id });
    const { status, body } = await addAs(merchant);
    expect(status).toBe(403);
    expect(String(body.message)).toMatch(new RegExp(message.slice(1, -1)));
    expect(await productsOf(merchant)).toHaveLength(existing);
  });

  it("answers 403 to a merchant whose profile is incomplete", async () => {
    const merchant = await createMerchant(db, { currency: null });
    expect(await addAs(merchant)).toEqual({
      status: 403,
      body: {
        message: "There are some missing information about you. Please complete the profile.",
        requestId: expect.any(String),
      },
    });
  });

  it("refuses pay by card while card payments are not configured", async () => {
    const merchant = await createMerchant(db);
    const { status, body } = await addAs(merchant, productFormValues({ payByCard: "true" }));
    expect(status).toBe(422);
    expect(body.errors).toEqual({
      payByCard: ["Card payments are not configured on this marketplace yet."],
    });
  });
});

describe("POST /api/products/update", () => {
  it("saves the owner's product without a new image and invalidates the caches", async () => {
    const merchant = await createMerchant(db);
    const product = await createProduct(db, { merchantId: merchant.id });
    const { status, body } = await updateAs(
      merchant,
      productFormValues({ id: String(product.id), name: "Purple Carrots", price: "3" }),
    );
    expect({ status, body }).toEqual({
      status: 200,
      body: { message: "The product has been updated.", product: { id: product.id } },
    });
    const [row] = await productsOf(merchant);
    expect(row).toMatchObject({
      name: "Purple Carrots",
      unitPriceCents: 300,
      image: product.image,
    });
    expect(testState.revalidated).toContain(`product:${product.id} {"expire":0}`);
    expect(testState.revalidated).toContain(`store:${merchant.username} {"expire":0}`);
  });

  it("takes a new image", async () => {
    const merchant = await createMerchant(db);
    const product = await createProduct(db, { merchantId: merchant.id });
    const files = countStoredImages(UPLOADS);
    expect(
      (await updateAs(merchant, productFormValues({ id: String(product.id) }), { bytes: png }))
        .status,
    ).toBe(200);
    const [row] = await productsOf(merchant);
    expect(row!.image).toMatch(/^product\/[0-9a-f]{32}$/);
    expect(countStoredImages(UPLOADS)).toBe(files + 2);
  });

  it("answers 404 for another merchant's product and changes nothing", async () => {
    const owner = await createMerchant(db);
    const intruder = await createMerchant(db);
    const product = await createProduct(db, { merchantId: owner.id });
    const files = countStoredImages(UPLOADS);
    const { status, body } = await updateAs(
      intruder,
      productFormValues({ id: String(product.id), name: "Mine Now" }),
      { bytes: png },
    );
    expect({ status, body }).toEqual({
      status: 404,
      body: { message: "The product could not be found.", requestId: expect.any(String) },
    });
    expect((await productsOf(owner))[0]!.name).toBe(product.name);
    expect(countStoredImages(UPLOADS)).toBe(files);
  });

  it.each<
    [string, Record<string, string>, (() => Promise<UploadFile>) | null, Record<string, string[]>]
  >([
    [
      "no payment option",
      { payInPerson: "false", payByCard: "false" },
      null,
      { payInPerson: ["You need to select at least one of the customer payment options"] },
    ],
    ["an invalid price", { price: "abc" }, null, { price: ["Invalid Price"] }],
    [
      "a 9 MB image",
      {},
      async () => ({ bytes: await pngOfSize(9 * 1024 * 1024) }),
      { productImage: ["Image size is too big."] },
    ],
  ])("answers 422 for %s", async (_, overrides, makeFile, errors) => {
    const merchant = await createMerchant(db);
    const product = await createProduct(db, { merchantId: merchant.id });
    const file = makeFile ? await makeFile() : null;
    const { status, body } = await updateAs(
      merchant,
      productFormValues({ id: String(product.id), ...overrides }),
      file,
    );
    expect(status).toBe(422);
    expect(body.errors).toEqual(errors);
  });

  it("refuses a customer", async () => {
    const customer = await createCustomer(db);
    expect((await updateAs(customer, productFormValues({ id: "1" }))).status).toBe(403);
  });
});

describe("stock by quantity on the product form (decision 0042)", () => {
  const limited = (qty: string, extra: Record<string, string> = {}) =>
    productFormValues({ limitedStock: "true", availableQty: qty, lowStockAt: "4", ...extra });

  it("lists a product with a quantity and its threshold; without the fields it is unlimited", async () => {
    const merchant = await createMerchant(db);
    expect((await addAs(merchant, limited("24"))).status).toBe(201);
    expect((await addAs(merchant, productFormValues({ name: "Sweet Corn" }))).status).toBe(201);
    const rows = await productsOf(merchant);
    expect(rows.map((row) => [row.name, row.availableQty, row.lowStockAt])).toEqual(
      expect.arrayContaining([
        ["Heirloom Tomatoes", "24.00", 4],
        ["Sweet Corn", null, 5],
      ]),
    );
  });

  it.each<[string, Record<string, string>, Record<string, string[]>]>([
    [
      "a negative quantity",
      limited("-3"),
      { availableQty: ["Enter a quantity from 0 to 1,000,000."] },
    ],
    [
      "a fractional quantity of a product sold each",
      limited("2.5"),
      { availableQty: ["Enter a whole number: this product is sold each."] },
    ],
    [
      "an absurd quantity",
      limited("1000001"),
      { availableQty: ["Enter a quantity from 0 to 1,000,000."] },
    ],
    [
      "a quantity in words",
      limited("twelve"),
      { availableQty: ["Enter a quantity from 0 to 1,000,000."] },
    ],
    ["no quantity", limited(""), { availableQty: ["Enter the quantity you have for sale."] }],
    [
      "a quantity by weight with 3 decimals",
      limited("2.125", { weightRequired: "true", unitWeight: "1", weightSymbol: "kg" }),
      { availableQty: ["Enter a quantity from 0 to 1,000,000, with at most 2 decimals."] },
    ],
    [
      "a threshold in words",
      limited("5", { lowStockAt: "a few" }),
      { lowStockAt: ["Enter a whole number from 0 to 1,000,000."] },
    ],
  ])("answers 422 for %s, saving nothing", async (_, fields, errors) => {
    const merchant = await createMerchant(db);
    const { status, body } = await addAs(merchant, fields);
    expect(status).toBe(422);
    expect(body.errors).toEqual(errors);
    expect(await productsOf(merchant)).toEqual([]);
  });

  it("takes a quantity with decimals when sold by weight", async () => {
    const merchant = await createMerchant(db);
    const fields = limited("12.5", { weightRequired: "true", unitWeight: "2", weightSymbol: "kg" });
    expect((await addAs(merchant, fields)).status).toBe(201);
    expect((await productsOf(merchant))[0]!.availableQty).toBe("12.50");
  });

  it("leaves the stock alone for a form without the stock fields (the spec's)", async () => {
    const merchant = await createMerchant(db);
    const product = await createProduct(db, { merchantId: merchant.id, availableQty: "7" });
    const { status } = await updateAs(
      merchant,
      productFormValues({ id: String(product.id), name: "Purple Carrots" }),
    );
    expect(status).toBe(200);
    expect((await productsOf(merchant))[0]).toMatchObject({
      name: "Purple Carrots",
      availableQty: "7.00",
    });
  });

  it("refuses a new quantity when orders changed it since the form loaded, and saves nothing", async () => {
    const merchant = await createMerchant(db);
    const product = await createProduct(db, { merchantId: merchant.id, availableQty: "7" });
    const { status, body } = await updateAs(
      merchant,
      limited("20", { id: String(product.id), name: "Renamed", stockSeen: "10" }),
    );
    expect(status).toBe(409);
    expect(body.message).toBe(
      "The quantity of this product changed while you were editing (orders came in): 7 left now. Please check it and save again.",
    );
    expect((await productsOf(merchant))[0]).toMatchObject({
      name: product.name,
      availableQty: "7.00",
    });
  });

  it("keeps what orders left when the farmer did not touch the quantity, and saves the rest", async () => {
    const merchant = await createMerchant(db);
    const product = await createProduct(db, { merchantId: merchant.id, availableQty: "7" });
    const { status } = await updateAs(
      merchant,
      limited("10", { id: String(product.id), name: "Renamed", stockSeen: "10" }),
    );
    expect(status).toBe(200);
    expect((await productsOf(merchant))[0]).toMatchObject({
      name: "Renamed",
      availableQty: "7.00",
      lowStockAt: 4,
    });
  });

  it("turns a limited product unlimited", async () => {
    const merchant = await createMerchant(db);
    const product = await createProduct(db, { merchantId: merchant.id, availableQty: "7" });
    const { status } = await updateAs(
      merchant,
      productFormValues({ id: String(product.id), limitedStock: "false", stockSeen: "7" }),
    );
    expect(status).toBe(200);
    expect((await productsOf(merchant))[0]!.availableQty).toBeNull();
  });
});
