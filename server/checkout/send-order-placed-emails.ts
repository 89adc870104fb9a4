import "server-only";
import { createElement } from "react";
import { OrderPlacedCustomerEmail } from "@/emails/order-placed-customer-email";
import type { OrderEmailLine } from "@/emails/order-placed-lines";
import { OrderPlacedMerchantEmail } from "@/emails/order-placed-merchant-email";
import { formatMoney } from "@/lib/money";
import type { Db } from "@/server/db/client";
import { sendMail } from "@/server/email";
import { getEnv } from "@/server/env";
import { log } from "@/server/log";
import { emailPickup, orderPickupViews } from "@/server/pickup/order-pickups";
import { FULFILMENT_LABELS, priceUnitLabel } from "./cart-rules";
import {
  deliveryAddress,
  selectOrderSummary,
  type OrderSummary,
  type OrderSummaryLine,
} from "./order-summary";

/**
 * The order-placed emails: one to the customer (the whole order) and one to each farmer in it
 * (their lines and the customer's contact). Category "order": sendMail skips a member who turned
 * order notifications off. Call it after the order committed. Never rejects: a mail server that is
 * down must not turn a placed order into an error, so each failure is logged and the rest still go.
 */
export async function sendOrderPlacedEmails(db: Db, orderId: number): Promise<void> {
  let order: OrderSummary | null;
  let pickups: Awaited<ReturnType<typeof orderPickupViews>>;
  try {
    [order, pickups] = await Promise.all([
      selectOrderSummary(db, { orderId }),
      orderPickupViews(db, [orderId]),
    ]);
  } catch (error) {
    log.error({ err: error, orderId }, "order-placed emails not sent: the order could not be read");
    return;
  }
  if (!order) return;
  const appUrl = getEnv().APP_URL;
  const address = deliveryAddress(order);
  const customerName = `${order.contact.firstName} ${order.contact.lastName}`;
  const paidByCard = order.paymentType === "card";

  const mails = [
    {
      memberId: order.customerId,
      to: order.contact.email,
      subject: `Thank you for your order ${order.orderNo}`,
      react: createElement(OrderPlacedCustomerEmail, {
        appUrl,
        firstName: order.contact.firstName,
        orderNo: order.orderNo,
        lines: order.lines.map((line) => emailLine(line, order)),
        total: formatMoney(order.totalCents, order.currency, { showCode: true }),
        deliveryAddress: address,
        paidByCard,
        pickups: pickups.map(emailPickup),
      }),
    },
    ...groupByMerchant(order.lines).map((lines) => {
      const merchant = lines[0]!;
      const subtotal = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
      return {
        memberId: merchant.merchantId,
        to: merchant.merchantEmail,
        subject: `New order ${order.orderNo} from ${customerName}`,
        react: createElement(OrderPlacedMerchantEmail, {
          appUrl,
          firstName: merchant.merchantFirstName,
          orderNo: order.orderNo,
          lines: lines.map((line) => emailLine(line, order)),
          subtotal: formatMoney(subtotal, order.currency, { showCode: true }),
          customer: {
            name: customerName,
            email: order.contact.email,
            phone: order.contact.phone,
            address,
          },
          paidByCard,
          pickup: pickupOfFarm(pickups, merchant.merchantId),
        }),
      };
    }),
  ];

  await Promise.all(
    mails.map(async ({ memberId, ...mail }) => {
      try {
        await sendMail(db, { ...mail, category: "order", memberId });
      } catch (error) {
        log.error({ err: error, orderId, memberId }, "order-placed email not sent");
      }
    }),
  );
}

function emailLine(line: OrderSummaryLine, order: OrderSummary): OrderEmailLine {
  const unit = priceUnitLabel({
    weightRequired: line.unitWeightSymbol !== null,
    unitWeight: line.unitWeight,
    unitWeightSymbol: line.unitWeightSymbol,
  });
  return {
    name: line.productName,
    qty: line.qty,
    unitPrice: `${formatMoney(line.unitPriceCents, order.currency)} / ${unit}`,
    lineTotal: formatMoney(line.lineTotalCents, order.currency, { showCode: true }),
    farmer: line.merchantUsername,
    howToGet: FULFILMENT_LABELS[line.deliveryService],
  };
}

function pickupOfFarm(pickups: Awaited<ReturnType<typeof orderPickupViews>>, merchantId: number) {
  const own = pickups.find((p) => p.merchantId === merchantId);
  return own ? emailPickup(own) : null;
}

function groupByMerchant(lines: readonly OrderSummaryLine[]): OrderSummaryLine[][] {
  const groups = new Map<number, OrderSummaryLine[]>();
  for (const line of lines) {
    const group = groups.get(line.merchantId);
    if (group) group.push(line);
    else groups.set(line.merchantId, [line]);
  }
  return [...groups.values()];
}
