import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/db/client";
import { products } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { createLocalStore } from "@/server/storage/image-store";
import { saveImage } from "@/server/storage/save-image";
import { solid } from "@/server/storage/test-images";
import { closeTestDb, createTestDb } from "@/tests/db";
import { createMerchant, createProduct, type Member } from "@/server/db/seed/factories";
import { countStoredImages, productInput } from "@/tests/product-form";
import { getOwnerProduct } from "./get-owner-product";
import { listOwnerProducts } from "./list-owner-products";
import { updateProduct } from "./update-product";

const UPLOADS = mkdtempSync(path.join(tmpdir(), "update-product-"));
const store = createLocalStore(UPLOADS);

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

async function productWithImage(
  merchant: Member,
  overrides: Partial<typeof products.$inferInsert> = {},
) {
  const { key } = await saveImage(png, { kind: "product", store });
  return createProduct(db, { merchantId: merchant.id, image: key, ...overrides });
}

async function notFound(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ status: 404, message: "The product could not be found." });
}

describe("getOwnerProduct", () => {
  it("loads the owner's product as the edit form reads it", async () => {
    const merchant = await createMerchant(db);
    const product = await productWithImage(merchant, {
      name: "Wildflower Honey",
      unitPriceCents: 1250,
      unitWeight: "0.50",
      unitWeightSymbol: "kg",
      weightRequired: true,
      deliveryService: "free_delivery",
      payByCard: true,
    });
    const { product: loaded, merchant: owner } = await getOwnerProduct(db, {
      merchantId: merchant.id,
      productId: product.id,
      store,
    });
    expect(loaded).toEqual({
      id: product.id,
      name: "Wildflower Honey",
      detail: product.detail,
      unit_price: "12.50",
      unit_weight: 0.5,
      unit_weight_symbol: "kg",
      weight_required: true,
      delivery_service: "free_delivery",
      in_stock: true,
      available_qty: null,
      low_stock_at: 5,
      pay_by_card: true,
      pay_in_person: true,
      img_url: `/uploads/${product.image}-lg.webp`,
      currency: "CAD",
      status: "active",
    });
    expect(owner).toMatchObject({
      id: merchant.id,
      username: merchant.username,
      currency: "CAD",
      payoutAcctSet: false,
      serviceCharge: { baseRate: "0.0290", baseAmountCents: 30, handlingFeeAmountCents: 100 },
    });
  });

  it("loads a deleted product too, but never a removed one or another merchant's", async () => {
    const merchant = await createMerchant(db);
    const other = await createMerchant(db);
    const deleted = await createProduct(db, { merchantId: merchant.id, status: "deleted" });
    const removed = await createProduct(db, { merchantId: merchant.id, status: "removed" });
    const theirs = await createProduct(db, { merchantId: other.id });
    expect(
      (await getOwnerProduct(db, { merchantId: merchant.id, productId: deleted.id })).product
        .status,
    ).toBe("deleted");
    await notFound(getOwnerProduct(db, { merchantId: merchant.id, productId: removed.id }));
    await notFound(getOwnerProduct(db, { merchantId: merchant.id, productId: theirs.id }));
    await notFound(getOwnerProduct(db, { merchantId: merchant.id, productId: 987_654 }));
  });
});

describe("listOwnerProducts", () => {
  it("lists the merchant's active and deleted products, newest first, without removed ones or others'", async () => {
    const merchant = await createMerchant(db);
    const other = await createMerchant(db);
    const older = await createProduct(db, {
      merchantId: merchant.id,
      createdAt: new Date("2026-01-01T00:00:00Z"),
    });
    const newer = await createProduct(db, {
      merchantId: merchant.id,
      status: "deleted",
      createdAt: new Date("2026-02-01T00:00:00Z"),
    });
    await createProduct(db, { merchantId: merchant.id, status: "removed" });
    await createProduct(db, { merchantId: other.id });
    expect(await listOwnerProducts(db, { merchantId: merchant.id })).toEqual([
      { id: newer.id, name: newer.name, status: "deleted", created_at: "2026-02-01T00:00:00.000Z" },
      { id: older.id, name: older.name, status: "active", created_at: "2026-01-01T00:00:00.000Z" },
    ]);
  });
});

describe("updateProduct", () => {
  const update = (
    merchant: Member,
    productId: number,
    options: {
      image?: Uint8Array | null;
      input?: Parameters<typeof productInput>[0];
      cardPaymentsEnabled?: boolean;
    } = {},
  ) =>
    updateProduct(db, {
      merchantId: merchant.id,
      productId,
      input: productInput(options.input),
      image: options.image ?? null,
      cardPaymentsEnabled: options.cardPaymentsEnabled ?? false,
      store,
    });

  it("saves the form and keeps the image when no new one is sent", async () => {
    const merchant = await createMerchant(db);
    const product = await productWithImage(merchant);
    const files = countStoredImages(UPLOADS);
    const result = await update(merchant, product.id, {
      input: {
        name: "Sungold Cherry Tomatoes",
        price: "6",
        inStock: "false",
        deliveryService: "true",
        weightRequired: "true",
        unitWeight: "1.5",
        weightSymbol: "lbs",
      },
    });
    expect(result).toEqual({ id: product.id, username: merchant.username });
    const [row] = await db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({
      name: "Sungold Cherry Tomatoes",
      unitPriceCents: 600,
      inStock: false,
      deliveryService: "free_delivery",
      unitWeight: "1.50",
      unitWeightSymbol: "lbs",
      image: product.image,
    });
    expect(countStoredImages(UPLOADS)).toBe(files);
  });

  it("replaces the image and removes the old files", async () => {
    const merchant = await createMerchant(db);
    const product = await productWithImage(merchant);
    const files = countStoredImages(UPLOADS);
    await update(merchant, product.id, {
      image: await solid(300, 240, "#2e7d32").jpeg().toBuffer(),
    });
    const [row] = await db
      .select({ image: products.image })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row!.image).not.toBe(product.image);
    expect(countStoredImages(UPLOADS)).toBe(files);
    expect(await store.read(`${product.image}-lg.webp`)).toBeNull();
    expect(await store.read(`${row!.image}-lg.webp`)).not.toBeNull();
  });

  it("prices the product in the merchant's current currency", async () => {
    const merchant = await createMerchant(db, { country: "US", currency: "USD" });
    const product = await createProduct(db, { merchantId: merchant.id, currency: "CAD" });
    await update(merchant, product.id);
    const [row] = await db
      .select({ currency: products.currency })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row!.currency).toBe("USD");
  });

  it("edits a deleted product", async () => {
    const merchant = await createMerchant(db);
    const product = await createProduct(db, { merchantId: merchant.id, status: "deleted" });
    await update(merchant, product.id, { input: { name: "Back Soon Squash" } });
    const [row] = await db
      .select({ name: products.name, status: products.status })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row).toEqual({ name: "Back Soon Squash", status: "deleted" });
  });

  it.each(["another merchant's", "a removed"])(
    "answers 404 for %s product, changing and storing nothing",
    async (which) => {
      const merchant = await createMerchant(db);
      const owner = which === "a removed" ? merchant : await createMerchant(db);
      const product = await productWithImage(
        owner,
        which === "a removed" ? { status: "removed" } : {},
      );
      const files = countStoredImages(UPLOADS);
      await notFound(update(merchant, product.id, { image: png, input: { name: "Hijacked" } }));
      const [row] = await db
        .select({ name: products.name, image: products.image })
        .from(products)
        .where(eq(products.id, product.id));
      expect(row).toEqual({ name: product.name, image: product.image });
      expect(countStoredImages(UPLOADS)).toBe(files);
    },
  );

  it("refuses pay by card while card payments are not configured, and lets it be turned off", async () => {
    const merchant = await createMerchant(db);
    const product = await createProduct(db, { merchantId: merchant.id, payByCard: true });
    const error = await update(merchant, product.id, { input: { payByCard: "true" } }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      status: 422,
      fieldErrors: { payByCard: ["Card payments are not configured on this marketplace yet."] },
    });
    await update(merchant, product.id, { input: { payByCard: "false" } });
    const [row] = await db
      .select({ payByCard: products.payByCard })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row!.payByCard).toBe(false);
  });

  it("refuses a bad image and keeps the old one", async () => {
    const merchant = await createMerchant(db);
    const product = await productWithImage(merchant);
    const files = countStoredImages(UPLOADS);
    const error = await update(merchant, product.id, {
      image: new TextEncoder().encode("<svg/>"),
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 422,
      fieldErrors: { productImage: ["Invalid image file."] },
    });
    expect(countStoredImages(UPLOADS)).toBe(files);
    const [row] = await db
      .select({ image: products.image })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row!.image).toBe(product.image);
  });
});
