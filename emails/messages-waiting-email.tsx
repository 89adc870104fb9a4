import { Button, Heading, Link, Text } from "@react-email/components";
import { BRAND, EmailLayout, NotificationFooter, buttonStyle, paragraph } from "./email-layout";

export type MessagesWaitingEmailProps = {
  /** Set by sendMail for the member's own address (the footer's unsubscribe link). */
  unsubscribeUrl?: string | null;
  appUrl: string;
  firstName: string;
  /** The other side of the conversation. */
  from: string;
  /** "new": someone opened a conversation with the member; "unread": messages wait unread. */
  kind: "new" | "unread";
  /** The first message of a new conversation (as typed; rendered as text). */
  message?: string;
  /**
   * A farm whose plan does not include messaging: it can read, and a plan with messaging lets it
   * reply (the mail leads to the plans, not to a Send that refuses).
   */
  planNeeded?: boolean;
};

/** To a member: a new conversation, or messages left unread for a while (at most one an hour). */
export function MessagesWaitingEmail({
  unsubscribeUrl,
  appUrl,
  firstName,
  from,
  kind,
  message,
  planNeeded = false,
}: MessagesWaitingEmailProps) {
  const title =
    kind === "new" ? `${from} sent you a message` : `You have unread messages from ${from}`;
  return (
    <EmailLayout
      preview={title}
      appUrl={appUrl}
      footer={<NotificationFooter appUrl={appUrl} type="message" unsubscribeUrl={unsubscribeUrl} />}
    >
      <Heading as="h1" style={{ fontSize: "24px", color: BRAND.leaf800, margin: "0 0 16px" }}>
        {title}
      </Heading>
      <Text style={paragraph}>Hi {firstName},</Text>
      {kind === "new" && message ? (
        <Text
          style={{
            ...paragraph,
            whiteSpace: "pre-wrap",
            borderLeft: `4px solid ${BRAND.leaf800}`,
            paddingLeft: "12px",
          }}
        >
          {message}
        </Text>
      ) : (
        <Text style={paragraph}>
          {from} wrote to you and the messages are still waiting to be read.
        </Text>
      )}
      {planNeeded ? (
        <>
          <Text style={paragraph}>
            Your plan does not include messaging, so you can read this but not reply yet. The
            Engager and Harvest plans let you reply to {from} and every customer who writes; the
            messages wait for you until then.
          </Text>
          <Button href={`${appUrl}/pricing#plans`} style={buttonStyle}>
            View Plans
          </Button>
          <Text style={{ ...paragraph, marginTop: "16px" }}>
            Or <Link href={`${appUrl}/messages`}>read the message</Link> now.
          </Text>
        </>
      ) : (
        <Button href={`${appUrl}/messages`} style={buttonStyle}>
          Read and reply
        </Button>
      )}
    </EmailLayout>
  );
}
