import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/db/client";
import { orderItems, products, resellerTransactions } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { closeTestDb, createTestDb } from "@/tests/db";
import {
  createCustomer,
  createMerchant,
  createOrder,
  createProduct,
  createReseller,
  createResellerTransaction,
} from "@/server/db/seed/factories";
import { setProductStatus, type ProductAction } from "./set-product-status";

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => closeTestDb(db));

type Status = "active" | "deleted" | "removed";
const NOW = new Date("2026-03-01T12:00:00Z");

const statusOf = async (id: number) =>
  (await db.select().from(products).where(eq(products.id, id)))[0]!;

describe("setProductStatus", () => {
  it.each<[Status, ProductAction, Status, string]>([
    ["active", "delete", "deleted", "The product has been deleted."],
    ["deleted", "activate", "active", "The product has been activated."],
    ["active", "remove", "removed", "The product has been removed permanently."],
    ["deleted", "remove", "removed", "The product has been removed permanently."],
  ])("moves %s through %s to %s", async (from, action, to, message) => {
    const merchant = await createMerchant(db);
    const product = await createProduct(db, {
      merchantId: merchant.id,
      status: from,
      deletedAt: from === "deleted" ? NOW : null,
    });
    expect(
      await setProductStatus(db, {
        merchantId: merchant.id,
        productId: product.id,
        action,
        now: NOW,
      }),
    ).toEqual({ message });
    const row = await statusOf(product.id);
    expect(row.status).toBe(to);
    expect(row.deletedAt).toEqual(to === "deleted" ? NOW : to === "active" ? null : row.deletedAt);
    expect(row.removedAt).toEqual(to === "removed" ? NOW : null);
  });

  it.each<[Status, ProductAction, string]>([
    ["deleted", "delete", "The product has already been deleted."],
    ["active", "activate", "The product is already active."],
    ["removed", "activate", "The product has already been removed permanently."],
    ["removed", "delete", "The product has already been removed permanently."],
    ["removed", "remove", "The product has already been removed permanently."],
  ])("refuses a %s product's %s with 409", async (from, action, message) => {
    const merchant = await createMerchant(db);
    const product = await createProduct(db, { merchantId: merchant.id, status: from });
    const error = await setProductStatus(db, {
      merchantId: merchant.id,
      productId: product.id,
      action,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 409, message });
    expect((await statusOf(product.id)).status).toBe(from);
  });

  it.each<ProductAction>(["delete", "activate", "remove"])(
    "answers 404 to %s on another merchant's product and leaves it alone",
    async (action) => {
      const owner = await createMerchant(db);
      const intruder = await createMerchant(db);
      const product = await createProduct(db, {
        merchantId: owner.id,
        status: action === "activate" ? "deleted" : "active",
      });
      const error = await setProductStatus(db, {
        merchantId: intruder.id,
        productId: product.id,
        action,
      }).catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 404, message: "The product could not be found." });
      expect((await statusOf(product.id)).status).toBe(product.status);
    },
  );

  it("changes the row once when the same action arrives twice at once", async () => {
    const merchant = await createMerchant(db);
    const product = await createProduct(db, { merchantId: merchant.id });
    const results = await Promise.allSettled([
      setProductStatus(db, { merchantId: merchant.id, productId: product.id, action: "delete" }),
      setProductStatus(db, { merchantId: merchant.id, productId: product.id, action: "delete" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { status: 409 } });
  });

  it("keeps the order lines of a removed product", async () => {
    const merchant = await createMerchant(db);
    const customer = await createCustomer(db);
    const product = await createProduct(db, { merchantId: merchant.id, name: "Garlic Scapes" });
    const order = await createOrder(db, {
      customerId: customer.id,
      items: [{ productId: product.id, qty: 2 }],
    });
    await setProductStatus(db, {
      merchantId: merchant.id,
      productId: product.id,
      action: "remove",
    });
    const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines).toEqual([
      expect.objectContaining({ productId: product.id, productName: "Garlic Scapes", qty: 2 }),
    ]);
  });

  it("withdraws the pending reseller transaction of a removed product, never a paid one", async () => {
    const reseller = await createReseller(db);
    const merchant = await createMerchant(db, { resellerId: reseller.id });
    const [pending, paid, deleted] = await Promise.all(
      ["Pending Pears", "Paid Plums", "Deleted Dates"].map((name) =>
        createProduct(db, { merchantId: merchant.id, name }),
      ),
    );
    await createResellerTransaction(db, { resellerId: reseller.id, productId: pending!.id });
    await createResellerTransaction(db, { resellerId: reseller.id, productId: deleted!.id });
    await createResellerTransaction(db, {
      resellerId: reseller.id,
      productId: paid!.id,
      payStatus: "paid",
      paidAt: NOW,
    });

    const act = (productId: number, action: ProductAction) =>
      setProductStatus(db, { merchantId: merchant.id, productId, action });
    await act(pending!.id, "remove");
    await act(paid!.id, "remove");
    // A soft delete can be undone: its transaction stays.
    await act(deleted!.id, "delete");
    // Another farm's attempt changes nothing.
    const other = await createMerchant(db);
    await expect(
      setProductStatus(db, { merchantId: other.id, productId: deleted!.id, action: "remove" }),
    ).rejects.toMatchObject({ status: 404 });

    const left = await db
      .select({
        productId: resellerTransactions.productId,
        payStatus: resellerTransactions.payStatus,
      })
      .from(resellerTransactions)
      .where(eq(resellerTransactions.merchantId, merchant.id));
    expect(left).toEqual(
      expect.arrayContaining([
        { productId: paid!.id, payStatus: "paid" },
        { productId: deleted!.id, payStatus: "pending" },
      ]),
    );
    expect(left).toHaveLength(2);
  });
});
