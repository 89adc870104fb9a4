import {
  Body,
  Container,
  Head,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import type { ReactNode } from "react";
import { SITE_NAME } from "@/lib/site";

/** Brand colours of app/globals.css, inlined: mail clients ignore stylesheets. */
export const BRAND = {
  leaf700: "#2f6b3c",
  leaf800: "#275a32",
  earth50: "#fbf8f1",
  stone700: "#44403c",
  stone500: "#78716c",
} as const;

export const paragraph = {
  fontSize: "16px",
  lineHeight: "24px",
  color: BRAND.stone700,
  margin: "0 0 16px",
};

export const buttonStyle = {
  backgroundColor: BRAND.leaf700,
  borderRadius: "999px",
  color: "#ffffff",
  display: "inline-block",
  fontSize: "16px",
  fontWeight: 600,
  padding: "12px 24px",
  textDecoration: "none",
};

type EmailLayoutProps = {
  /** The inbox preview line. */
  preview: string;
  appUrl: string;
  children: ReactNode;
  /** Why the person gets this mail, and how to stop it when they can. */
  footer?: ReactNode;
};

/** The frame every mail shares: logo line, white card, footer. One column, real text, lang set. */
export function EmailLayout({ preview, appUrl, children, footer }: EmailLayoutProps) {
  return (
    <Html lang="en-CA" dir="ltr">
      <Head />
      <Preview>{preview}</Preview>
      <Body
        style={{
          backgroundColor: BRAND.earth50,
          fontFamily: "Helvetica, Arial, sans-serif",
          margin: 0,
          padding: "24px 0",
        }}
      >
        <Container style={{ maxWidth: "560px", margin: "0 auto", padding: "0 16px" }}>
          <Text
            style={{ fontSize: "20px", fontWeight: 700, color: BRAND.leaf800, margin: "0 0 16px" }}
          >
            <Link href={appUrl} style={{ color: BRAND.leaf800, textDecoration: "none" }}>
              {SITE_NAME}
            </Link>
          </Text>
          <Section style={{ backgroundColor: "#ffffff", borderRadius: "12px", padding: "24px" }}>
            {children}
          </Section>
          <Hr style={{ borderColor: "#e7e5e4", margin: "24px 0 12px" }} />
          <Text style={{ fontSize: "13px", lineHeight: "20px", color: BRAND.stone500, margin: 0 }}>
            {footer ?? `You receive this email because you have an account at ${SITE_NAME}.`}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

const NOTIFICATION_NAMES = {
  order: "order",
  promotion: "promotional",
  term: "terms",
  back_in_stock: "back-in-stock",
  message: "message",
  review_reply: "review reply",
  pickup_reminder: "pickup reminder",
} as const;

/**
 * The footer of a mail the member can switch off: why it came, and a link that turns this type
 * off (the signed /unsubscribe page) when the mail went to the member's own address; otherwise
 * (a contact typed at checkout) the member's settings, which need a sign-in.
 */
export function NotificationFooter({
  appUrl,
  type,
  unsubscribeUrl,
}: {
  appUrl: string;
  type: keyof typeof NOTIFICATION_NAMES;
  unsubscribeUrl?: string | null;
}) {
  const name = NOTIFICATION_NAMES[type];
  return (
    <>
      You receive this email because {name} notifications are on for your account.{" "}
      {unsubscribeUrl ? (
        <Link href={unsubscribeUrl} style={{ color: BRAND.stone500, textDecoration: "underline" }}>
          Unsubscribe from {name} emails
        </Link>
      ) : (
        <>
          You can turn them off in your{" "}
          <Link href={`${appUrl}/settings?section=notifications`}>settings</Link>
        </>
      )}
      .
    </>
  );
}
