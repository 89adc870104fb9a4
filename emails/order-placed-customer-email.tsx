import { Button, Heading, Text } from "@react-email/components";
import { BRAND, EmailLayout, buttonStyle, paragraph, NotificationFooter } from "./email-layout";
import { OrderEmailLines, type OrderEmailLine } from "./order-placed-lines";
import { PickupTimes, type EmailPickup } from "./pickup-times";

export type OrderPlacedCustomerEmailProps = {
  /** Set by sendMail for the member's own address (the footer's unsubscribe link). */
  unsubscribeUrl?: string | null;
  appUrl: string;
  firstName: string;
  orderNo: string;
  lines: OrderEmailLine[];
  total: string;
  /** The home delivery address on one line, or null for store pickup. */
  deliveryAddress: string | null;
  paidByCard: boolean;
  /** The pickup window chosen at each farm that has windows (store pickup). */
  pickups?: EmailPickup[];
};

/** To the customer once an order is placed (pay in person): what was ordered and where to follow it. */
export function OrderPlacedCustomerEmail({
  unsubscribeUrl,
  appUrl,
  firstName,
  orderNo,
  lines,
  total,
  deliveryAddress,
  paidByCard,
  pickups = [],
}: OrderPlacedCustomerEmailProps) {
  const purchasesUrl = `${appUrl}/myOrders/manage`;
  return (
    <EmailLayout
      preview={`Thank you for your order ${orderNo}`}
      appUrl={appUrl}
      footer={<NotificationFooter appUrl={appUrl} type="order" unsubscribeUrl={unsubscribeUrl} />}
    >
      <Heading as="h1" style={{ fontSize: "24px", color: BRAND.leaf800, margin: "0 0 16px" }}>
        Thank you for your order!
      </Heading>
      <Text style={paragraph}>Hi {firstName},</Text>
      <Text style={paragraph}>
        Your order number is <strong>{orderNo}</strong>.{" "}
        {paidByCard
          ? "Your card payment went through. Show your order's QR code to each farmer when you get your items."
          : "You pay each farmer in person when you get your items."}
      </Text>
      <OrderEmailLines lines={lines} totalLabel="Total" total={total} />
      {deliveryAddress ? (
        <Text style={paragraph}>
          Home delivery to: {deliveryAddress}. Items the farmer does not deliver are picked up at
          the farm.
        </Text>
      ) : pickups.length > 0 ? (
        <PickupTimes pickups={pickups} />
      ) : (
        <Text style={paragraph}>You pick up your items at the farm.</Text>
      )}
      <Text style={paragraph}>Follow your order and contact the farmers from My Purchases.</Text>
      <Button href={purchasesUrl} style={buttonStyle}>
        Open My Purchases
      </Button>
    </EmailLayout>
  );
}
