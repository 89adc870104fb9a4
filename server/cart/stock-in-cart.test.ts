import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET = "stock-in-cart-secret-stock-in-cart-0001";
  process.env.APP_URL = "https://market.example";
});

import type { Db } from "@/server/db/client";
import {
  backInStockMails,
  cartItems,
  emailOutbox,
  notificationPreferences,
  products,
} from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { closeTestDb, createTestDb } from "@/tests/db";
import {
  createCartItem,
  createCustomer,
  createDreamTrackerItem,
  createMerchant,
  createProduct,
  type Member,
} from "@/server/db/seed/factories";
import { updateProduct } from "@/server/catalog/update-product";
import { placeOrder } from "@/server/checkout/place-order";
import { cancelOrder } from "@/server/orders/cancel-order";
import { storePickup } from "@/tests/card-checkout";
import { addCartItem } from "./add-cart-item";
import { MESSAGES } from "./items";
import { listCartItems } from "./list-cart-items";
import { moveToCart } from "./move-item";
import { sendBackInStockMails } from "./send-back-in-stock-mails";
import { updateCartItemQty } from "./update-cart-item-qty";

let db: Db;
let farmer: Member;

beforeAll(async () => {
  db = await createTestDb();
  farmer = await createMerchant(db, { username: "stock_farm" });
  await db
    .insert(notificationPreferences)
    .values({ memberId: farmer.id, type: "order", allowed: false });
});
afterAll(() => closeTestDb(db));

async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { code: error.code, message: error.publicMessage };
}

const mailsAbout = (to: string, name: string) =>
  db
    .select({ subject: emailOutbox.subject, headers: emailOutbox.headers })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.subject, `${name} is back in stock`)));

async function customer(): Promise<Member> {
  const member = await createCustomer(db);
  await db
    .insert(notificationPreferences)
    .values({ memberId: member.id, type: "order", allowed: false });
  return member;
}

describe("the cart never holds more than is left", () => {
  it("refuses to add or set more than is left, naming the product and what is left", async () => {
    const eggs = await createProduct(db, {
      merchantId: farmer.id,
      name: "Goose Eggs",
      availableQty: "3",
      lowStockAt: 5,
    });
    const member = await customer();
    const owner = { memberId: member.id };

    expect(
      await failure(addCartItem(db, { kind: "cart", owner, pKey: eggs.pKey, qty: 4 })),
    ).toEqual({ code: "conflict", message: "Only 3 of Goose Eggs are left." });
    const added = await addCartItem(db, { kind: "cart", owner, pKey: eggs.pKey, qty: 3 });
    expect(added.item).toMatchObject({ qty: 3, units_left: 3, only_left: 3, purchasable: true });
    expect(
      await failure(updateCartItemQty(db, { kind: "cart", owner, pKey: eggs.pKey, qty: 4 })),
    ).toEqual({ code: "conflict", message: "Only 3 of Goose Eggs are left." });
    // The Dream Tracker is a wish list: any quantity.
    const wished = await addCartItem(db, { kind: "dreamtracker", owner, pKey: eggs.pKey, qty: 9 });
    expect(wished.item.qty).toBe(9);
  });

  it("moves a Dream Tracker item into the cart with what is left, and says so", async () => {
    const cider = await createProduct(db, {
      merchantId: farmer.id,
      name: "Pear Cider",
      availableQty: "2",
    });
    const member = await customer();
    await createDreamTrackerItem(db, { memberId: member.id, productId: cider.id, qty: 5 });

    const moved = await moveToCart(db, { owner: { memberId: member.id }, pKey: cider.pKey });

    expect(moved.message).toBe(
      "Moved to your cart. Only 2 of Pear Cider are left. The quantity is 2.",
    );
    expect(moved.item.qty).toBe(2);
    const [row] = await db.select().from(cartItems).where(eq(cartItems.memberId, member.id));
    expect(row!.qty).toBe(2);
  });

  it("treats a limited product with no whole unit left as out of stock (SOLD OUT)", async () => {
    // 1.5 kg left at 2 kg a unit: not one unit.
    const beef = await createProduct(db, {
      merchantId: farmer.id,
      weightRequired: true,
      unitWeight: "2.00",
      unitWeightSymbol: "kg",
      availableQty: "1.5",
    });
    const member = await customer();
    expect(
      await failure(
        addCartItem(db, { kind: "cart", owner: { memberId: member.id }, pKey: beef.pKey, qty: 1 }),
      ),
    ).toEqual({ code: "conflict", message: MESSAGES.outOfStock });
  });

  it("shows a cart line asking for more than is left (someone else bought the rest)", async () => {
    const jam = await createProduct(db, { merchantId: farmer.id, availableQty: "4" });
    const member = await customer();
    await createCartItem(db, { memberId: member.id, productId: jam.id, qty: 3 });
    await db.update(products).set({ availableQty: "1" }).where(eq(products.id, jam.id));

    const { items } = await listCartItems(db, { kind: "cart", owner: { memberId: member.id } });

    expect(items[0]).toMatchObject({ qty: 3, units_left: 1, only_left: 1, in_stock: true });
  });
});

describe("back-in-stock mails", () => {
  it("mail the members keeping a sold-out product in the Dream Tracker once it comes back, once a week", async () => {
    const pie = await createProduct(db, {
      merchantId: farmer.id,
      name: "Cherry Pie",
      availableQty: "1",
    });
    const keeper = await customer();
    const offMail = await customer();
    await db
      .insert(notificationPreferences)
      .values({ memberId: offMail.id, type: "back_in_stock", allowed: false });
    for (const member of [keeper, offMail])
      await createDreamTrackerItem(db, { memberId: member.id, productId: pie.id });
    const buyer = await customer();
    await createCartItem(db, { memberId: buyer.id, productId: pie.id, qty: 1 });

    // Sold out by an order, back when it is cancelled: the cancel's follow-up mails.
    const { orderNo } = await placeOrder(db, {
      customerId: buyer.id,
      checkoutKey: randomUUID(),
      delivery: storePickup(buyer),
    });
    await cancelOrder(db, { customerId: buyer.id, orderNo });

    const mails = await mailsAbout(keeper.email, "Cherry Pie");
    expect(mails).toHaveLength(1);
    // Its own type, off in one click.
    expect(mails[0]!.headers["List-Unsubscribe"]).toContain("/back_in_stock/");
    expect(mails[0]!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(await mailsAbout(offMail.email, "Cherry Pie")).toEqual([]);

    // Sold out and back again within the week: no second mail.
    await db.update(products).set({ availableQty: "0" }).where(eq(products.id, pie.id));
    await db.update(products).set({ availableQty: "2" }).where(eq(products.id, pie.id));
    expect(await sendBackInStockMails(db, [pie.id])).toBe(0);
    expect(await mailsAbout(keeper.email, "Cherry Pie")).toHaveLength(1);

    // A week later it may mail again.
    await db
      .update(backInStockMails)
      .set({ sentAt: sql`now() - interval '8 days'` })
      .where(eq(backInStockMails.productId, pie.id));
    expect(await sendBackInStockMails(db, [pie.id])).toBe(1);
    expect(await mailsAbout(keeper.email, "Cherry Pie")).toHaveLength(2);
  });

  it("mail when the farmer adds stock or switches In stock back on, and never for a product still sold out", async () => {
    const plums = await createProduct(db, {
      merchantId: farmer.id,
      name: "Italian Plums",
      availableQty: "0",
    });
    const keeper = await customer();
    await createDreamTrackerItem(db, { memberId: keeper.id, productId: plums.id });
    expect(await sendBackInStockMails(db, [plums.id])).toBe(0);

    await updateProduct(db, {
      merchantId: farmer.id,
      productId: plums.id,
      image: null,
      cardPaymentsEnabled: false,
      input: {
        name: "Italian Plums",
        detail: plums.detail,
        price: "4.00",
        priceCents: 400,
        weightRequired: false,
        unitWeight: 1,
        weightSymbol: null,
        deliveryService: false,
        inStock: true,
        payInPerson: true,
        payByCard: false,
        limitedStock: true,
        availableQty: "12.00",
        lowStockAt: 5,
        stockSeen: "0.00",
      },
    });

    expect(await mailsAbout(keeper.email, "Italian Plums")).toHaveLength(1);
  });
});
