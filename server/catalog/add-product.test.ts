import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/db/client";
import { members, products, resellers, resellerTransactions } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { createLocalStore } from "@/server/storage/image-store";
import { pngOfSize, solid } from "@/server/storage/test-images";
import { closeTestDb, createTestDb } from "@/tests/db";
import {
  createCustomer,
  createMerchant,
  createProduct,
  createReseller,
  createSubscription,
  type Member,
} from "@/server/db/seed/factories";
import { countStoredImages, productInput } from "@/tests/product-form";
import { addProduct } from "./add-product";
import { getAddProductGate } from "./get-add-product-gate";

const UPLOADS = mkdtempSync(path.join(tmpdir(), "add-product-"));
const store = createLocalStore(UPLOADS);
const NOW = new Date("2026-03-01T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
const NEXT_Q = "?q=require_next_subscription_for_products";

let db: Db;
let png: Buffer;
beforeAll(async () => {
  db = await createTestDb();
  png = await solid(120, 96).png().toBuffer();
});
afterAll(async () => {
  await closeTestDb(db);
  rmSync(UPLOADS, { recursive: true, force: true });
});

async function withProducts(
  merchant: Member,
  count: number,
  status: "active" | "deleted" | "removed" = "active",
) {
  for (let i = 0; i < count; i++) await createProduct(db, { merchantId: merchant.id, status });
}

const countProducts = async (merchantId: number) =>
  (await db.select({ id: products.id }).from(products).where(eq(products.merchantId, merchantId)))
    .length;

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const add = (
  merchant: Member,
  options: {
    image?: Uint8Array;
    cardPaymentsEnabled?: boolean;
    input?: Parameters<typeof productInput>[0];
  } = {},
) =>
  addProduct(db, {
    merchantId: merchant.id,
    input: productInput(options.input),
    image: options.image ?? png,
    cardPaymentsEnabled: options.cardPaymentsEnabled ?? false,
    now: NOW,
    store,
  });

describe("getAddProductGate", () => {
  type Setup = (m: Member) => Promise<unknown>;
  const none: Setup = async () => undefined;
  const plan =
    (planId: "engager" | "harvest", extra: Record<string, unknown> = {}): Setup =>
    (m) =>
      createSubscription(db, { memberId: m.id, plan: planId, ...extra });
  const both =
    (...steps: Setup[]): Setup =>
    async (m) => {
      for (const step of steps) await step(m);
    };
  const productsOf =
    (count: number, status: "active" | "deleted" | "removed" = "active"): Setup =>
    (m) =>
      withProducts(m, count, status);

  it.each<[string, Setup, string | null, RegExp | string | null]>([
    ["Basic with no product", none, null, null],
    ["Basic with 1 product", productsOf(1), null, null],
    [
      "Basic with 2 products",
      productsOf(2),
      `/subscription/payment/canada/engager${NEXT_Q}`,
      "Your Basic plan allows up to 2 products. Please subscribe to the Engager plan to add more.",
    ],
    [
      "Basic with 2 deleted products (they count)",
      productsOf(2, "deleted"),
      `/subscription/payment/canada/engager${NEXT_Q}`,
      /Basic plan/,
    ],
    ["Basic with 5 removed products (they do not count)", productsOf(5, "removed"), null, null],
    [
      "Basic with 4 products (a lapsed farm) goes straight to Harvest",
      productsOf(4),
      `/subscription/payment/canada/harvest${NEXT_Q}`,
      /Harvest plan/,
    ],
    ["Engager with 3 products", both(plan("engager"), productsOf(3)), null, null],
    [
      "Engager with 4 products",
      both(plan("engager"), productsOf(4)),
      `/subscription/payment/canada/harvest${NEXT_Q}`,
      "Your Engager plan allows up to 4 products. Please subscribe to the Harvest plan to add more.",
    ],
    ["Harvest with 12 products", both(plan("harvest"), productsOf(12)), null, null],
    [
      "Engager cancelled, still in service, with 3 products",
      both(
        plan("engager", { status: "cancelled", serviceExpiresAt: new Date(NOW.getTime() + DAY) }),
        productsOf(3),
      ),
      null,
      null,
    ],
    [
      "Engager expired yesterday, with 1 product (counts as Basic)",
      both(
        plan("engager", { status: "cancelled", serviceExpiresAt: new Date(NOW.getTime() - DAY) }),
        productsOf(1),
      ),
      null,
      null,
    ],
    [
      "Engager expired yesterday, with 2 products",
      both(
        plan("engager", { status: "cancelled", serviceExpiresAt: new Date(NOW.getTime() - DAY) }),
        productsOf(2),
      ),
      `/subscription/payment/canada/engager${NEXT_Q}`,
      "Your Engager plan has expired. Please subscribe again to add more products.",
    ],
    [
      "Engager 'active' past its end date, with 3 products",
      both(plan("engager", { serviceExpiresAt: new Date(NOW.getTime() - DAY) }), productsOf(3)),
      `/subscription/payment/canada/engager${NEXT_Q}`,
      /has expired/,
    ],
    [
      "Harvest expired, with 9 products",
      both(
        plan("harvest", {
          status: "expired",
          serviceExpiresAt: new Date(NOW.getTime() - 30 * DAY),
        }),
        productsOf(9),
      ),
      `/subscription/payment/canada/harvest${NEXT_Q}`,
      "Your Harvest plan has expired. Please subscribe again to add more products.",
    ],
    [
      "Engager expired, with 5 products, must renew as Harvest",
      both(plan("engager", { status: "expired" }), productsOf(5)),
      `/subscription/payment/canada/harvest${NEXT_Q}`,
      /Engager plan has expired/,
    ],
    [
      "Engager never paid (incomplete), with 2 products",
      both(plan("engager", { status: "incomplete", activatedAt: null }), productsOf(2)),
      `/subscription/payment/canada/engager${NEXT_Q}`,
      /Basic plan/,
    ],
  ])("%s", async (_, setup, redirectTo, message) => {
    const merchant = await createMerchant(db);
    await setup(merchant);
    const gate = await getAddProductGate(db, {
      memberId: merchant.id,
      cardPaymentsEnabled: false,
      now: NOW,
    });
    if (redirectTo === null) {
      expect(gate.allowed).toBe(true);
      return;
    }
    expect(gate).toMatchObject({ allowed: false, reason: "plan_limit", redirectTo });
    expect(gate.allowed === false && gate.message).toMatch(message!);
  });

  it("sends a US farm to the usa payment page", async () => {
    const merchant = await createMerchant(db, { country: "US" });
    await withProducts(merchant, 2);
    const gate = await getAddProductGate(db, {
      memberId: merchant.id,
      cardPaymentsEnabled: false,
      now: NOW,
    });
    expect(gate).toMatchObject({
      allowed: false,
      redirectTo: `/subscription/payment/usa/engager${NEXT_Q}`,
    });
  });

  it.each([
    [
      "a customer",
      () => createCustomer(db),
      "not_merchant",
      "/",
      "Oopsy, looks like you are not permitted to create the product.",
    ],
    [
      "a merchant without a phone",
      () => createMerchant(db, { phone: null }),
      "incomplete_profile",
      "/profile?notice=require_info",
      "There are some missing information about you. Please complete the profile.",
    ],
    [
      "a merchant without a currency",
      () => createMerchant(db, { currency: null }),
      "incomplete_profile",
      "/profile?notice=require_info",
      "There are some missing information about you. Please complete the profile.",
    ],
  ])("stops %s", async (_, make, reason, redirectTo, message) => {
    const member = await make();
    const gate = await getAddProductGate(db, {
      memberId: member.id,
      cardPaymentsEnabled: true,
      now: NOW,
    });
    expect(gate).toEqual({ allowed: false, reason, redirectTo, message });
  });

  it.each([
    ["cards on, no payout account, 1 product", true, false, 1, false],
    ["cards on, no payout account, no product yet", true, false, 0, true],
    ["cards on, payout account set, 1 product", true, true, 1, true],
    ["cards off (waived), no payout account, 1 product", false, false, 1, true],
  ])("payout account gate: %s", async (_, cardPaymentsEnabled, payoutAcctSet, count, allowed) => {
    const merchant = await createMerchant(db, { payoutAcctSet });
    await withProducts(merchant, count);
    const gate = await getAddProductGate(db, {
      memberId: merchant.id,
      cardPaymentsEnabled,
      now: NOW,
    });
    if (allowed) expect(gate.allowed).toBe(true);
    else
      expect(gate).toEqual({
        allowed: false,
        reason: "payout_account",
        redirectTo: "/settings?notice=require_payout_acct",
        message: "The payout bank account needs to be set up before selling products.",
      });
  });
});

describe("addProduct", () => {
  it("lists an active product in the merchant's currency with a stored image", async () => {
    const merchant = await createMerchant(db, { country: "US", currency: "USD" });
    const before = countStoredImages(UPLOADS);
    const { id, username } = await add(merchant, {
      input: {
        name: "Grandma’s “Best” Jam",
        weightRequired: "true",
        unitWeight: "2.5",
        weightSymbol: "KG",
        deliveryService: "true",
      },
    });
    expect(username).toBe(merchant.username);
    const [row] = await db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({
      merchantId: merchant.id,
      name: `Grandma's "Best" Jam`,
      unitPriceCents: 450,
      currency: "USD",
      unitWeight: "2.50",
      unitWeightSymbol: "kg",
      weightRequired: true,
      deliveryService: "free_delivery",
      inStock: true,
      payInPerson: true,
      payByCard: false,
      status: "active",
    });
    expect(row!.image).toMatch(/^product\/[0-9a-f]{32}$/);
    expect(countStoredImages(UPLOADS)).toBe(before + 2);
  });

  it("stores weight 1 and no symbol when the product is not sold by weight", async () => {
    const merchant = await createMerchant(db);
    const { id } = await add(merchant, {
      input: { weightRequired: "false", unitWeight: "abc", weightSymbol: "" },
    });
    const [row] = await db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({
      unitWeight: "1.00",
      unitWeightSymbol: null,
      weightRequired: false,
      deliveryService: "in_store",
    });
  });

  it.each([
    ["Basic", null, 2],
    ["Engager", "engager" as const, 4],
  ])("stops a %s farm at product %i + 1, storing nothing", async (_, planId, limit) => {
    const merchant = await createMerchant(db);
    if (planId) await createSubscription(db, { memberId: merchant.id, plan: planId });
    for (let i = 0; i < limit; i++) await add(merchant);
    const files = countStoredImages(UPLOADS);
    const error = await failure(add(merchant));
    expect(error.status).toBe(403);
    expect(error.message).toMatch(/plan allows up to/);
    expect(await countProducts(merchant.id)).toBe(limit);
    expect(countStoredImages(UPLOADS)).toBe(files);
  });

  it("lets a Harvest farm list more than any other plan allows", async () => {
    const merchant = await createMerchant(db);
    await createSubscription(db, { memberId: merchant.id, plan: "harvest" });
    await withProducts(merchant, 6);
    await add(merchant);
    expect(await countProducts(merchant.id)).toBe(7);
  });

  it("lets only one of two simultaneous adds take a Basic farm's last place", async () => {
    const merchant = await createMerchant(db);
    await withProducts(merchant, 1);
    const files = countStoredImages(UPLOADS);
    const results = await Promise.allSettled([add(merchant), add(merchant)]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await countProducts(merchant.id)).toBe(2);
    expect(countStoredImages(UPLOADS)).toBe(files + 2);
  });

  it("refuses a customer and a merchant with an incomplete profile", async () => {
    const customer = await createCustomer(db);
    expect(await failure(add(customer))).toMatchObject({
      status: 403,
      message: "Oopsy, looks like you are not permitted to create the product.",
    });
    const incomplete = await createMerchant(db, { phone: null });
    expect(await failure(add(incomplete))).toMatchObject({
      status: 403,
      message: "There are some missing information about you. Please complete the profile.",
    });
  });

  it("requires a payout account from the second product while cards are on, and waives it while they are off", async () => {
    const merchant = await createMerchant(db);
    await add(merchant, { cardPaymentsEnabled: true });
    expect(await failure(add(merchant, { cardPaymentsEnabled: true }))).toMatchObject({
      status: 403,
      message: "The payout bank account needs to be set up before selling products.",
    });
    await add(merchant, { cardPaymentsEnabled: false });
    expect(await countProducts(merchant.id)).toBe(2);
  });

  it.each([
    [
      "card payments are not configured",
      false,
      false,
      "Card payments are not configured on this marketplace yet.",
    ],
    [
      "the merchant has no payout account",
      true,
      false,
      "The payout bank account needs to be set up before selling products.",
    ],
  ])("refuses pay by card when %s", async (_, cardPaymentsEnabled, payoutAcctSet, message) => {
    const merchant = await createMerchant(db, { payoutAcctSet });
    const files = countStoredImages(UPLOADS);
    const error = await failure(
      add(merchant, { cardPaymentsEnabled, input: { payByCard: "true" } }),
    );
    expect(error).toMatchObject({ status: 422, fieldErrors: { payByCard: [message] } });
    expect(await countProducts(merchant.id)).toBe(0);
    expect(countStoredImages(UPLOADS)).toBe(files);
  });

  it("offers pay by card when cards are on and the payout account is set", async () => {
    const merchant = await createMerchant(db, { payoutAcctSet: true });
    const { id } = await add(merchant, { cardPaymentsEnabled: true, input: { payByCard: "true" } });
    const [row] = await db
      .select({ payByCard: products.payByCard })
      .from(products)
      .where(eq(products.id, id));
    expect(row!.payByCard).toBe(true);
  });

  it.each([
    ["a text file", async () => new TextEncoder().encode("not an image"), "Invalid image file."],
    ["a GIF", () => solid(20, 20).gif().toBuffer(), "Invalid image file."],
    ["a 9 MB image", () => pngOfSize(9 * 1024 * 1024), "Image size is too big."],
    ["a 12 MB image", () => pngOfSize(12 * 1024 * 1024), "Image size is too big."],
  ])("refuses %s with no row and no file", async (_, make, message) => {
    const merchant = await createMerchant(db);
    const files = countStoredImages(UPLOADS);
    const error = await failure(add(merchant, { image: await make() }));
    expect(error).toMatchObject({ status: 422, fieldErrors: { productImage: [message] } });
    expect(await countProducts(merchant.id)).toBe(0);
    expect(countStoredImages(UPLOADS)).toBe(files);
  });

  it("takes an 8 MB image", async () => {
    const merchant = await createMerchant(db);
    await add(merchant, { image: await pngOfSize(8 * 1024 * 1024) });
    expect(await countProducts(merchant.id)).toBe(1);
  });

  it("records one pending reseller transaction at the reseller's rate when a recruited farm lists a product", async () => {
    const reseller = await createReseller(db, { rate: "7.25" });
    const merchant = await createMerchant(db, { resellerId: reseller.id });
    const { id } = await add(merchant, { input: { name: "Maple Syrup" } });
    // A later rate change does not touch what was recorded.
    await db.update(resellers).set({ rate: "9.00" }).where(eq(resellers.id, reseller.id));
    const rows = await db
      .select()
      .from(resellerTransactions)
      .where(eq(resellerTransactions.merchantId, merchant.id));
    expect(rows).toEqual([
      expect.objectContaining({
        resellerId: reseller.id,
        productId: id,
        productName: "Maple Syrup",
        rate: "7.25",
        payStatus: "pending",
        paidAt: null,
      }),
    ]);
    const { id: second } = await add(merchant);
    const [secondRow] = await db
      .select()
      .from(resellerTransactions)
      .where(eq(resellerTransactions.productId, second));
    expect(secondRow!.rate).toBe("9.00");
  });

  it("records no reseller transaction for a farm nobody recruited", async () => {
    const merchant = await createMerchant(db);
    await add(merchant);
    expect(
      await db
        .select()
        .from(resellerTransactions)
        .where(eq(resellerTransactions.merchantId, merchant.id)),
    ).toEqual([]);
  });

  it("adds nothing, not even the reseller's row, when the transaction fails", async () => {
    const reseller = await createReseller(db);
    const merchant = await createMerchant(db, { resellerId: reseller.id });
    const files = countStoredImages(UPLOADS);
    // A name the column cannot hold (a NUL byte) fails the insert after the image was stored.
    const error = await addProduct(db, {
      merchantId: merchant.id,
      input: { ...productInput(), name: "bad\u0000name" },
      image: png,
      cardPaymentsEnabled: false,
      now: NOW,
      store,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(await countProducts(merchant.id)).toBe(0);
    expect(
      await db
        .select()
        .from(resellerTransactions)
        .where(eq(resellerTransactions.merchantId, merchant.id)),
    ).toEqual([]);
    expect(countStoredImages(UPLOADS)).toBe(files);
    // The member row lock was released with the rollback.
    await db.update(members).set({ phone: "(416) 555-0000" }).where(eq(members.id, merchant.id));
  });
});
