import { Button, Heading, Link, Text } from "@react-email/components";
import { BRAND, EmailLayout, buttonStyle, paragraph } from "./email-layout";

export type OrderCancelledCustomerEmailProps = {
  appUrl: string;
  firstName: string;
  orderNo: string;
  lines: { name: string; qty: number; farmer: string }[];
  /** "$12.50" when the order was paid by card and that much was refunded to the card. */
  refunded?: string | undefined;
};

/** To the customer once they cancelled an order. */
export function OrderCancelledCustomerEmail({
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
      footer={
        <>
          You receive this email because order notifications are on for your account. You can turn
          them off in your <Link href={`${appUrl}/settings?section=notifications`}>settings</Link>.
        </>
      }
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
