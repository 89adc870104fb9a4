import "server-only";
import { createElement } from "react";
import { OrderStatusEmail } from "@/emails/order-status-email";
import type { OrderStatus } from "@/lib/constants";
import { formatStatusLabel } from "@/lib/format";
import type { Db } from "@/server/db/client";
import { sendMail } from "@/server/email";
import { getEnv } from "@/server/env";
import { log } from "@/server/log";
import { emailPickupOf } from "@/server/pickup/order-pickups";

export type OrderStatusChange = {
  orderNo: string;
  customerId: number;
  /** The contact entered at checkout. */
  email: string;
  firstName: string;
  farmer: string;
  status: OrderStatus;
  lines: { name: string; qty: number }[];
};

/**
 * Tells the customer that a farmer moved lines of their order to a new status. Category "order":
 * sendMail skips a customer who turned order notifications off. Call it after the change committed.
 * Never rejects: the change stands whether or not the mail goes out, so a failure is only logged.
 */
export async function sendOrderStatusEmail(db: Db, change: OrderStatusChange): Promise<void> {
  try {
    // Ready for pickup names the window's place and time (issue 41 item 5, decision 0050).
    const pickup =
      change.status === "ready_for_pickup"
        ? await emailPickupOf(db, change.orderNo, change.farmer)
        : null;
    await sendMail(db, {
      to: change.email,
      subject: `Your order ${change.orderNo} is now ${formatStatusLabel(change.status)}`,
      category: "order",
      memberId: change.customerId,
      react: createElement(OrderStatusEmail, {
        appUrl: getEnv().APP_URL,
        firstName: change.firstName,
        orderNo: change.orderNo,
        status: change.status,
        farmer: change.farmer,
        lines: change.lines,
        pickup,
      }),
    });
  } catch (error) {
    log.error(
      { err: error, orderNo: change.orderNo, status: change.status },
      "order status email not sent",
    );
  }
}
