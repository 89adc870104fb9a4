import "server-only";
import { createElement } from "react";
import { OrderCancelledCustomerEmail } from "@/emails/order-cancelled-customer-email";
import { OrderCancelledMerchantEmail } from "@/emails/order-cancelled-merchant-email";
import type { Db } from "@/server/db/client";
import { sendMail } from "@/server/email";
import { getEnv } from "@/server/env";
import { log } from "@/server/log";

export type CancelledOrder = {
  orderNo: string;
  customerId: number;
  /** The contact entered at checkout. */
  email: string;
  firstName: string;
  lastName: string;
  /** Who cancelled, for the farmers' mail; the customer's name when left out. */
  cancelledBy?: string | undefined;
  /** Set when the order was paid by card: what went back to the card, formatted ("$12.50"). */
  refunded?: string | undefined;
  lines: {
    name: string;
    qty: number;
    merchantId: number;
    farmer: string;
    farmerEmail: string;
    farmerFirstName: string;
  }[];
};

/**
 * The cancellation mails: one to the customer (the whole order) and a note to each farmer in it
 * (their lines). Category "order": sendMail skips a member who turned order notifications off.
 * Call it after the cancel committed. Never rejects: each failure is logged and the rest still go.
 */
export async function sendOrderCancelledEmails(db: Db, order: CancelledOrder): Promise<void> {
  const appUrl = getEnv().APP_URL;
  const cancelledBy = order.cancelledBy ?? `${order.firstName} ${order.lastName}`;
  const farmers = new Map<number, CancelledOrder["lines"]>();
  for (const line of order.lines)
    farmers.set(line.merchantId, [...(farmers.get(line.merchantId) ?? []), line]);

  const mails = [
    {
      memberId: order.customerId,
      to: order.email,
      subject: `Your order ${order.orderNo} is cancelled`,
      react: createElement(OrderCancelledCustomerEmail, {
        appUrl,
        firstName: order.firstName,
        orderNo: order.orderNo,
        lines: order.lines.map(({ name, qty, farmer }) => ({ name, qty, farmer })),
        refunded: order.refunded,
      }),
    },
    ...[...farmers].map(([merchantId, lines]) => ({
      memberId: merchantId,
      to: lines[0]!.farmerEmail,
      subject: `Order ${order.orderNo} was cancelled by ${cancelledBy}`,
      react: createElement(OrderCancelledMerchantEmail, {
        appUrl,
        firstName: lines[0]!.farmerFirstName,
        orderNo: order.orderNo,
        cancelledBy,
        lines: lines.map(({ name, qty }) => ({ name, qty })),
      }),
    })),
  ];

  await Promise.all(
    mails.map(async ({ memberId, ...mail }) => {
      try {
        await sendMail(db, { ...mail, category: "order", memberId });
      } catch (error) {
        log.error(
          { err: error, orderNo: order.orderNo, memberId },
          "order-cancelled email not sent",
        );
      }
    }),
  );
}
