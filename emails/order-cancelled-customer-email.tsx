import { Button, Heading, Text } from "@react-email/components";
import { BRAND, EmailLayout, buttonStyle, paragraph, NotificationFooter } from "./email-layout";

export type OrderCancelledCustomerEmailProps = {
  /** Set by sendMail for the member's own address (the footer's unsubscribe link). */
  unsubscribeUrl?: string | null;
  appUrl: string;
  firstName: string;
  orderNo: string;
  lines: { name: string; qty: number; farmer: string }[];
  /** "$12.50" when the order was paid by card and that much was refunded to the card. */
  refunded?: string | undefined;
};

/** To the customer once they cancelled an order. */
export function OrderCancelledCustomerEmail({
  unsubscribeUrl,
  appUrl,
  firstName,
  orderNo,
  lines,
  refunded,
}: OrderCancelledCustomerEmailProps) {
  return (
    <EmailLayout
      preview={`Your order ${orderNo} is cancelled`}
      appUrl={appUrl}
      footer={<NotificationFooter appUrl={appUrl} type="order" unsubscribeUrl={unsubscribeUrl} />}
    >
      <Heading as="h1" style={{ fontSize: "24px", color: BRAND.leaf800, margin: "0 0 16px" }}>
        Your order is cancelled
      </Heading>
      <Text style={paragraph}>Hi {firstName},</Text>
      <Text style={paragraph}>
        You cancelled your order <strong>{orderNo}</strong>. We let the farmers know.{" "}
        {refunded
          ? `We refunded ${refunded} to your card for these items; your bank shows it within 5 to 10 business days:`
          : "Nothing is owed for these items:"}
      </Text>
      <ul style={{ ...paragraph, paddingLeft: "20px" }}>
        {lines.map((line, index) => (
          <li key={index}>
            {line.name} × {line.qty} from {line.farmer}
          </li>
        ))}
      </ul>
      <Button href={`${appUrl}/myOrders/manage`} style={buttonStyle}>
        Open My Purchases
      </Button>
    </EmailLayout>
  );
}
