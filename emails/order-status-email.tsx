import { Button, Heading, Text } from "@react-email/components";
import type { OrderStatus } from "@/lib/constants";
import { formatStatusLabel } from "@/lib/format";
import { BRAND, EmailLayout, buttonStyle, paragraph, NotificationFooter } from "./email-layout";
import { pickupWhenAndWhere, type EmailPickup } from "./pickup-times";

export type OrderStatusEmailProps = {
  /** Set by sendMail for the member's own address (the footer's unsubscribe link). */
  unsubscribeUrl?: string | null;
  appUrl: string;
  firstName: string;
  orderNo: string;
  status: OrderStatus;
  /** The farm whose lines changed. */
  farmer: string;
  /** The lines that moved to the status. */
  lines: { name: string; qty: number }[];
  /** The pickup window the order chose at this farm (named when ready for pickup). */
  pickup?: EmailPickup | null;
};

/** What each status means for the customer, in one sentence. */
const WHAT_IT_MEANS: Record<OrderStatus, string> = {
  order_created: "The farmer has your order and will prepare it.",
  ready_for_pickup:
    "Your items are ready for pickup at the farm. Show your order's QR code to the farmer when you pick them up.",
  ready_to_ship: "Your items are packed and will be on their way soon.",
  in_shipping: "Your items are on their way to you.",
  shipped:
    "Your items have been delivered. Show your order's QR code to the farmer if they ask for it.",
  customer_received: "The farmer recorded that you received your items. Enjoy them!",
  cancelled:
    "The farmer cancelled these items. If you paid already, the farmer or our team will refund you.",
  refunded: "The farmer refunded these items.",
};

/** To the customer when a farmer moves lines of their order to a new status (or confirms the handover). */
export function OrderStatusEmail({
  unsubscribeUrl,
  appUrl,
  firstName,
  orderNo,
  status,
  farmer,
  lines,
  pickup = null,
}: OrderStatusEmailProps) {
  const label = formatStatusLabel(status);
  return (
    <EmailLayout
      preview={`Order ${orderNo}: ${label}`}
      appUrl={appUrl}
      footer={<NotificationFooter appUrl={appUrl} type="order" unsubscribeUrl={unsubscribeUrl} />}
    >
      <Heading as="h1" style={{ fontSize: "24px", color: BRAND.leaf800, margin: "0 0 16px" }}>
        Your order is now {label}
      </Heading>
      <Text style={paragraph}>Hi {firstName},</Text>
      <Text style={paragraph}>
        {farmer} updated your order <strong>{orderNo}</strong>: {WHAT_IT_MEANS[status]}
      </Text>
      {pickup && status === "ready_for_pickup" ? (
        <Text style={paragraph}>Pick them up {pickupWhenAndWhere(pickup)}.</Text>
      ) : null}
      <ul style={{ ...paragraph, paddingLeft: "20px" }}>
        {lines.map((line, index) => (
          <li key={index}>
            {line.name} × {line.qty}: {label}
          </li>
        ))}
      </ul>
      <Button href={`${appUrl}/myOrders/manage`} style={buttonStyle}>
        Open My Purchases
      </Button>
    </EmailLayout>
  );
}
