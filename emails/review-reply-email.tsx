import { Button, Heading, Text } from "@react-email/components";
import { BRAND, EmailLayout, buttonStyle, paragraph, NotificationFooter } from "./email-layout";

export type ReviewReplyEmailProps = {
  /** Set by sendMail for the member's own address (the footer's one-click unsubscribe link). */
  unsubscribeUrl?: string | null;
  appUrl: string;
  firstName: string;
  productId: number;
  productName: string;
  farm: string;
  reply: string;
};

/** To a reviewer when the product's farm replied to their review (issue 44, item 2). */
export function ReviewReplyEmail({
  unsubscribeUrl,
  appUrl,
  firstName,
  productId,
  productName,
  farm,
  reply,
}: ReviewReplyEmailProps) {
  return (
    <EmailLayout
      preview={`${farm} replied to your review of ${productName}`}
      appUrl={appUrl}
      footer={
        <NotificationFooter appUrl={appUrl} type="review_reply" unsubscribeUrl={unsubscribeUrl} />
      }
    >
      <Heading as="h1" style={{ fontSize: "24px", color: BRAND.leaf800, margin: "0 0 16px" }}>
        {farm} replied to your review
      </Heading>
      <Text style={paragraph}>Hi {firstName},</Text>
      <Text style={paragraph}>
        {farm} replied to your review of {productName}:
      </Text>
      <Text style={{ ...paragraph, whiteSpace: "pre-line", fontStyle: "italic" }}>{reply}</Text>
      <Button href={`${appUrl}/products/${productId}#reviews`} style={buttonStyle}>
        See the reply
      </Button>
    </EmailLayout>
  );
}
