import { Button, Heading, Text } from "@react-email/components";
import { BRAND, EmailLayout, buttonStyle, paragraph, NotificationFooter } from "./email-layout";

export type BackInStockEmailProps = {
  /** Set by sendMail for the member's own address (the footer's one-click unsubscribe link). */
  unsubscribeUrl?: string | null;
  appUrl: string;
  firstName: string;
  productId: number;
  productName: string;
  farmer: string;
};

/**
 * To a member who keeps a sold-out product in their Dream Tracker, when it can be bought again
 * (decision 0042): at most one per product per week.
 */
export function BackInStockEmail({
  unsubscribeUrl,
  appUrl,
  firstName,
  productId,
  productName,
  farmer,
}: BackInStockEmailProps) {
  return (
    <EmailLayout
      preview={`${productName} is back in stock`}
      appUrl={appUrl}
      footer={
        <NotificationFooter appUrl={appUrl} type="back_in_stock" unsubscribeUrl={unsubscribeUrl} />
      }
    >
      <Heading as="h1" style={{ fontSize: "24px", color: BRAND.leaf800, margin: "0 0 16px" }}>
        {productName} is back in stock
      </Heading>
      <Text style={paragraph}>Hi {firstName},</Text>
      <Text style={paragraph}>
        {productName} from {farmer}, which you keep in your Dream Tracker, can be ordered again.
        Farms sell out fast, so it may not last.
      </Text>
      <Button href={`${appUrl}/products/${productId}`} style={buttonStyle}>
        See {productName}
      </Button>
    </EmailLayout>
  );
}
