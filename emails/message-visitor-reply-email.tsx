import { Button, Heading, Link, Text } from "@react-email/components";
import { SITE_NAME } from "@/lib/site";
import { BRAND, EmailLayout, buttonStyle, paragraph } from "./email-layout";

export type MessageVisitorReplyEmailProps = {
  appUrl: string;
  /** The visitor's first name, as typed in Ask The Farmer. */
  firstName: string;
  /** Who replied (the farmer's name). */
  farmer: string;
  /**
   * The replies this mail carries, oldest first, as typed: React Email escapes them, so they are
   * text, never markup (several when replies came within the hour's limit of one mail).
   */
  messages: string[];
  /** `/register?recipientEmail=...&recipientToken=...`: registering there keeps the conversation. */
  registerUrl: string;
};

/** To a visitor who asked a farmer without an account: the farmer's reply, and how to answer. */
export function MessageVisitorReplyEmail({
  appUrl,
  firstName,
  farmer,
  messages,
  registerUrl,
}: MessageVisitorReplyEmailProps) {
  return (
    <EmailLayout
      preview={`${farmer} replied to your question`}
      appUrl={appUrl}
      footer={`You receive this email because you asked ${farmer} a question on ${SITE_NAME}.`}
    >
      <Heading as="h1" style={{ fontSize: "24px", color: BRAND.leaf800, margin: "0 0 16px" }}>
        {farmer} replied to your question
      </Heading>
      <Text style={paragraph}>Hi {firstName},</Text>
      {messages.map((message, index) => (
        <Text
          key={index}
          style={{
            ...paragraph,
            whiteSpace: "pre-wrap",
            borderLeft: `4px solid ${BRAND.leaf800}`,
            paddingLeft: "12px",
          }}
        >
          {message}
        </Text>
      ))}
      <Text style={paragraph}>
        To answer and keep the whole conversation in one place, create your free account with this
        email address. Your earlier messages come with it.
      </Text>
      <Button href={registerUrl} style={buttonStyle}>
        Create my account
      </Button>
      <Text style={{ ...paragraph, marginTop: "16px", fontSize: "14px", margin: "16px 0 0" }}>
        If the button does not work, open this address:{" "}
        <Link href={registerUrl}>{registerUrl}</Link>
      </Text>
    </EmailLayout>
  );
}
