import { Button, Heading, Link, Text } from "@react-email/components";
import { BRAND, EmailLayout, buttonStyle, paragraph } from "./email-layout";

export type ContactMessageEmailProps = {
  appUrl: string;
  firstName: string;
  lastName: string;
  email: string;
  content: string;
  /** The sender's member username when they were signed in. */
  username: string | null;
  sentAt: string;
};

/** To the operators: a Contact Us message. Every value is text (React escapes it), never HTML. */
export function ContactMessageEmail({
  appUrl,
  firstName,
  lastName,
  email,
  content,
  username,
  sentAt,
}: ContactMessageEmailProps) {
  return (
    <EmailLayout preview={`Contact Us: ${firstName} ${lastName}`} appUrl={appUrl}>
      <Heading as="h1" style={{ fontSize: "24px", color: BRAND.leaf800, margin: "0 0 16px" }}>
        A new Contact Us message
      </Heading>
      <Text style={paragraph}>
        From: {firstName} {lastName} (<Link href={`mailto:${email}`}>{email}</Link>)
        {username ? ` — signed in as ${username}` : ""}
        <br />
        Sent: {sentAt}
      </Text>
      <Text
        style={{
          ...paragraph,
          whiteSpace: "pre-wrap",
          paddingLeft: "12px",
          borderLeft: `3px solid ${BRAND.leaf700}`,
        }}
      >
        {content}
      </Text>
      <Text style={paragraph}>
        Reply to the sender by email, then mark it handled in the inbox.
      </Text>
      <Button href={`${appUrl}/adminInbox`} style={buttonStyle}>
        Open the inbox
      </Button>
    </EmailLayout>
  );
}
