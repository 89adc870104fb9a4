import { Heading, Text } from "@react-email/components";
import { BRAND, EmailLayout, paragraph } from "./email-layout";

export type ContactReceiptEmailProps = {
  appUrl: string;
  firstName: string;
  content: string;
  sentAt: string;
};

/** Sent to whoever wrote through Contact Us: their message arrived, and what they wrote. */
export function ContactReceiptEmail({
  appUrl,
  firstName,
  content,
  sentAt,
}: ContactReceiptEmailProps) {
  return (
    <EmailLayout preview="We received your message" appUrl={appUrl}>
      <Heading as="h1" style={{ fontSize: "24px", color: BRAND.leaf800, margin: "0 0 16px" }}>
        We received your message
      </Heading>
      <Text style={paragraph}>Hi {firstName},</Text>
      <Text style={paragraph}>
        Thanks for contacting us! Our team reads every message and will come back to you shortly at
        this address. Here is what you sent on {sentAt}:
      </Text>
      <Text
        style={{
          ...paragraph,
          whiteSpace: "pre-wrap",
          borderLeft: "3px solid #d6d3d1",
          paddingLeft: "12px",
        }}
      >
        {content}
      </Text>
      <Text style={paragraph}>You do not need to answer this email.</Text>
    </EmailLayout>
  );
}
