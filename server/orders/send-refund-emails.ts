import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import { formatMoney } from "@/lib/money";
import type { Db } from "@/server/db/client";
import { members, orderItems, orders } from "@/server/db/schema";
import type { RefundDone } from "@/server/payments/refunds";
import { sendOrderCancelledEmails } from "./send-order-cancelled-emails";
import { sendOrderStatusEmail } from "./send-order-status-email";

/** Who the farmers' mail names when an operator cancelled (decision 0022). */
export const OPERATORS = "Our operators";

/**
 * The mails of refunds that are done, sent by whoever finished them (the request that asked, its
 * retry, a webhook or the reconciler): each line's money comes back once (`RefundDone` is reported
 * to one caller), so each mail goes once. A customer's cancel is mailed by the caller that saw its
 * last line come back (`completesCancel`), with what went back to the card; a farm's cancelled/refunded status mails the customer
 * the new status; an operator's cancel mails the customer and the farm. A refund made in Stripe's
 * dashboard mails nobody (Stripe's own receipt does). Never rejects.
 */
export async function sendRefundEmails(
  db: Db,
  done: readonly RefundDone[],
  ownCents: Record<number, number>,
): Promise<void> {
  const orderIds = [...new Set(done.filter((d) => d.by !== "stripe").map((d) => d.orderId))];
  if (orderIds.length === 0) return;
  const rows = await db
    .select({
      orderId: orders.id,
      orderNo: orders.orderNo,
      customerId: orders.customerId,
      email: orders.email,
      firstName: orders.firstName,
      lastName: orders.lastName,
      currency: orders.currency,
      lineId: orderItems.id,
      name: orderItems.productName,
      qty: orderItems.qty,
      refundBy: orderItems.refundBy,
      refundedAt: orderItems.refundedAt,
      merchantId: orderItems.merchantId,
      farmer: members.username,
      farmerEmail: members.email,
      farmerFirstName: members.firstName,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(members, eq(members.id, orderItems.merchantId))
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));

  for (const orderId of orderIds) {
    const lines = rows.filter((row) => row.orderId === orderId);
    const order = lines[0];
    if (!order) continue;
    const mine = done.filter((d) => d.orderId === orderId);
    const mailLine = (line: (typeof lines)[number]) => ({
      name: line.name,
      qty: line.qty,
      merchantId: line.merchantId,
      farmer: line.farmer,
      farmerEmail: line.farmerEmail,
      farmerFirstName: line.farmerFirstName,
    });
    const contact = {
      orderNo: order.orderNo,
      customerId: order.customerId,
      email: order.email,
      firstName: order.firstName,
      lastName: order.lastName,
    };

    const cancelled = lines.filter((line) => line.refundBy === "customer");
    if (mine.some((d) => d.completesCancel)) {
      const cents = cancelled.reduce((sum, line) => sum + (ownCents[line.lineId] ?? 0), 0);
      await sendOrderCancelledEmails(db, {
        ...contact,
        refunded: formatMoney(cents, order.currency),
        lines: cancelled.map(mailLine),
      });
    }
    for (const d of mine.filter((d) => d.by === "admin")) {
      const line = lines.find((l) => l.lineId === d.lineId);
      if (!line) continue;
      await sendOrderCancelledEmails(db, {
        ...contact,
        cancelledBy: OPERATORS,
        refunded: formatMoney(ownCents[line.lineId] ?? 0, order.currency),
        lines: [mailLine(line)],
      });
    }
    for (const d of mine.filter((d) => d.by === "farm")) {
      const line = lines.find((l) => l.lineId === d.lineId);
      if (!line) continue;
      await sendOrderStatusEmail(db, {
        orderNo: order.orderNo,
        customerId: order.customerId,
        email: order.email,
        firstName: order.firstName,
        farmer: line.farmer,
        status: d.status,
        lines: [{ name: line.name, qty: line.qty }],
      });
    }
  }
}
