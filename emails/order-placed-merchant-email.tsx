import { Button, Heading, Link, Text } from "@react-email/components";
import { BRAND, EmailLayout, buttonStyle, paragraph, NotificationFooter } from "./email-layout";
import { OrderEmailLines, type OrderEmailLine } from "./order-placed-lines";
import { pickupWhenAndWhere, type EmailPickup } from "./pickup-times";

export type OrderPlacedMerchantEmailProps = {
  /** Set by sendMail for the member's own address (the footer's unsubscribe link). */
  unsubscribeUrl?: string | null;
  appUrl: string;
  firstName: string;
  orderNo: string;
  /** This farmer's lines only. */
  lines: OrderEmailLine[];
  subtotal: string;
  customer: {
    name: string;
    email: string;
    phone: string;
    /** The home delivery address on one line, or null for store pickup. */
    address: string | null;
  };
  paidByCard: boolean;
  /** The pickup window the customer chose at this farm, if any. */
  pickup?: EmailPickup | null;
};

/** To each farmer in a new order: their own lines and how to reach the customer. */
export function OrderPlacedMerchantEmail({
  unsubscribeUrl,
  appUrl,
  firstName,
  orderNo,
  lines,
  subtotal,
  customer,
  paidByCard,
  pickup = null,
}: OrderPlacedMerchantEmailProps) {
  const ordersUrl = `${appUrl}/customerOrders/manage`;
  return (
    <EmailLayout
      preview={`New order ${orderNo} from ${customer.name}`}
      appUrl={appUrl}
      footer={<NotificationFooter appUrl={appUrl} type="order" unsubscribeUrl={unsubscribeUrl} />}
    >
      <Heading as="h1" style={{ fontSize: "24px", color: BRAND.leaf800, margin: "0 0 16px" }}>
        You have a new order
      </Heading>
      <Text style={paragraph}>Hi {firstName},</Text>
      <Text style={paragraph}>
        {customer.name} placed order <strong>{orderNo}</strong>{" "}
        {paidByCard
          ? "and paid by card. You are paid out once you scan the customer's order QR code at the handover."
          : "and will pay you in person."}
      </Text>
      <OrderEmailLines lines={lines} totalLabel="Your items" total={subtotal} />
      <Text style={{ ...paragraph, paddingLeft: "12px", borderLeft: `3px solid ${BRAND.leaf700}` }}>
        Customer: {customer.name}
        <br />
        Email: <Link href={`mailto:${customer.email}`}>{customer.email}</Link>
        <br />
        Phone: <Link href={`tel:${customer.phone.replace(/[^\d+]/g, "")}`}>{customer.phone}</Link>
        {customer.address ? (
          <>
            <br />
            Deliver to: {customer.address}
          </>
        ) : null}
        {pickup ? (
          <>
            <br />
            Pickup: {pickupWhenAndWhere(pickup)}
          </>
        ) : null}
      </Text>
      <Text style={paragraph}>
        Update the order status as you prepare it, from Customer Orders.
      </Text>
      <Button href={ordersUrl} style={buttonStyle}>
        Open Customer Orders
      </Button>
    </EmailLayout>
  );
}
