import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET = "test-secret-test-secret-test-secret-0123456789";
  process.env.APP_URL = "https://market.example";
  process.env.MAIL_FROM = "Local Produce <hello@market.example>";
});

import { deliverySchema } from "@/lib/validation/checkout";
import { pickupWindowSchema } from "@/lib/validation/pickup";
import { placeOrder } from "@/server/checkout/place-order";
import type { Db } from "@/server/db/client";
import { orderItems, orderPickups } from "@/server/db/schema";
import {
  createCartItem,
  createCustomer,
  createMerchant,
  createProduct,
} from "@/server/db/seed/factories";
import { setNotificationPreference } from "@/server/members/notification-preferences";
import { closeTestDb, createTestDb } from "@/tests/db";
import { mailHeader, startLocalSmtp, type LocalSmtp } from "@/tests/smtp";
import { addPickupWindow, getFarmPickupSetup } from "./farm-setup";
import { windowOccurrences } from "./offered-windows";
import { sendPickupReminders } from "./send-pickup-reminders";

// The day-before reminder (issue 41 item 5, decision 0050), mailed through a real local SMTP
// server. `node scripts/test-pg.mjs server/pickup/send-pickup-reminders.test.ts` runs it on
// PostgreSQL, where the two sweeps overlap.

let smtp: LocalSmtp;
let db: Db;
beforeAll(async () => {
  smtp = await startLocalSmtp();
  process.env.SMTP_URL = smtp.url;
  db = await createTestDb();
});
afterAll(async () => {
  await smtp.close();
  await closeTestDb(db);
});

/**
 * A pickup order for a window at a farm in Ontario, and the clock 14 hours before the window
 * starts (the evening before, in Toronto): its reminder is due then.
 */
async function pickupOrder() {
  const farmer = await createMerchant(db, { provinceState: "ON" });
  const { places } = await getFarmPickupSetup(db, farmer.id);
  const weekday = new Date(Date.now() + 3 * 86_400_000).getUTCDay();
  const { id: windowId } = await addPickupWindow(
    db,
    farmer.id,
    pickupWindowSchema.parse({
      placeId: places[0]!.id,
      weekday,
      startsAt: "10:00",
      endsAt: "13:00",
      cutoffDaysBefore: 1,
      cutoffAt: "18:00",
      capacity: null,
    }),
  );
  const [slot] = (await windowOccurrences(db, [farmer.id])).filter((o) => o.open);
  const product = await createProduct(db, { merchantId: farmer.id, name: "Duck Eggs" });
  const customer = await createCustomer(db);
  await createCartItem(db, { memberId: customer.id, productId: product.id, qty: 2 });
  const { orderId } = await placeOrder(db, {
    customerId: customer.id,
    checkoutKey: randomUUID(),
    delivery: deliverySchema.parse({
      deliveryDestination: "store",
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email,
      phone: "4165550142",
      pickup: [{ windowId, day: slot!.day }],
    }),
  });
  const startsAt = new Date(slot!.startsAt);
  return { farmer, customer, orderId, startsAt, eve: new Date(startsAt.getTime() - 14 * 3600_000) };
}

/** The reminders a customer got (placing the order mailed them too). */
const mailsTo = (email: string) =>
  smtp.received.filter(
    (m) => m.to.includes(email) && mailHeader(m.raw, "Subject")?.startsWith("Reminder:"),
  );

describe("the day-before pickup reminder", () => {
  it("is mailed once, naming place and time, even when two sweeps run at once", async () => {
    const { farmer, customer, orderId, startsAt, eve } = await pickupOrder();
    // Two days before: not yet.
    await sendPickupReminders(db, { now: new Date(startsAt.getTime() - 48 * 3600_000) });
    expect(mailsTo(customer.email)).toHaveLength(0);

    const claimed = await Promise.all([
      sendPickupReminders(db, { now: eve }),
      sendPickupReminders(db, { now: eve }),
    ]);
    await sendPickupReminders(db, { now: new Date(eve.getTime() + 3600_000) });
    expect(claimed[0] + claimed[1]).toBeGreaterThanOrEqual(1);
    const mails = mailsTo(customer.email);
    expect(mails).toHaveLength(1);
    expect(mailHeader(mails[0]!.raw, "Subject")).toBe(
      `Reminder: pick up your order from ${farmer.username} tomorrow`,
    );
    expect(mailHeader(mails[0]!.raw, "List-Unsubscribe")).toContain("pickup_reminder");
    const text = mails[0]!.raw.replace(/=\r\n/g, "");
    expect(text).toContain("At the farm");
    expect(text).toMatch(
      /10:00 a\.m\. =E2=80=93 1:00 p\.m\. E[SD]T|10:00 a\.m\. – 1:00 p\.m\. E[SD]T/,
    );
    const [row] = await db.select().from(orderPickups).where(eq(orderPickups.orderId, orderId));
    expect(row!.remindedAt).toEqual(eve);
  });

  it("is not mailed when the customer turned pickup reminders off", async () => {
    const { customer, orderId, eve } = await pickupOrder();
    await setNotificationPreference(db, customer.id, "pickup_reminder", false);
    await sendPickupReminders(db, { now: eve });
    expect(mailsTo(customer.email)).toHaveLength(0);
    const [row] = await db.select().from(orderPickups).where(eq(orderPickups.orderId, orderId));
    expect(row!.remindedAt).not.toBeNull();
  });

  it("is not mailed for an order whose lines at the farm were cancelled", async () => {
    const { farmer, customer, orderId, eve } = await pickupOrder();
    await db
      .update(orderItems)
      .set({ status: "cancelled" })
      .where(and(eq(orderItems.orderId, orderId), eq(orderItems.merchantId, farmer.id)));
    expect(await sendPickupReminders(db, { now: eve })).toBe(0);
    expect(mailsTo(customer.email)).toHaveLength(0);
  });
});
