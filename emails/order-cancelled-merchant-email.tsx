import { Button, Heading, Text } from "@react-email/components";
import { BRAND, EmailLayout, buttonStyle, paragraph, NotificationFooter } from "./email-layout";

export type OrderCancelledMerchantEmailProps = {
  /** Set by sendMail for the member's own address (the footer's unsubscribe link). */
  unsubscribeUrl?: string | null;
  appUrl: string;
  firstName: string;
  orderNo: string;
  /** Who cancelled: the customer's name, or "Our operators" for an admin's cancel. */
  cancelledBy: string;
  /** This farmer's lines only. */
  lines: { name: string; qty: number }[];
};

/** To each farmer in an order the customer (or an operator) cancelled: which of their lines not to prepare. */
export function OrderCancelledMerchantEmail({
  unsubscribeUrl,
  appUrl,
  firstName,
  orderNo,
  cancelledBy,
  lines,
}: OrderCancelledMerchantEmailProps) {
  return (
    <EmailLayout
      preview={`Order ${orderNo} was cancelled by ${cancelledBy}`}
      appUrl={appUrl}
      footer={<NotificationFooter appUrl={appUrl} type="order" unsubscribeUrl={unsubscribeUrl} />}
    >
      <Heading as="h1" style={{ fontSize: "24px", color: BRAND.leaf800, margin: "0 0 16px" }}>
        An order was cancelled
      </Heading>
      <Text style={paragraph}>Hi {firstName},</Text>
      <Text style={paragraph}>
        {cancelledBy} cancelled order <strong>{orderNo}</strong>. Please do not prepare these items:
      </Text>
      <ul style={{ ...paragraph, paddingLeft: "20px" }}>
        {lines.map((line, index) => (
          <li key={index}>
            {line.name} × {line.qty}
          </li>
        ))}
      </ul>
      <Button href={`${appUrl}/customerOrders/manage`} style={buttonStyle}>
        Open Customer Orders
      </Button>
    </EmailLayout>
  );
}
