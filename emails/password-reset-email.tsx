import { Button, Heading, Link, Text } from "@react-email/components";
import { BRAND, EmailLayout, buttonStyle, paragraph } from "./email-layout";

export type PasswordResetEmailProps = { firstName: string; appUrl: string; resetUrl: string };

export function PasswordResetEmail({ firstName, appUrl, resetUrl }: PasswordResetEmailProps) {
  return (
    <EmailLayout preview="Reset your password" appUrl={appUrl}>
      <Heading as="h1" style={{ fontSize: "24px", color: BRAND.leaf800, margin: "0 0 16px" }}>
        Reset your password
      </Heading>
      <Text style={paragraph}>Hi {firstName},</Text>
      <Text style={paragraph}>
        Someone asked to reset the password of your account. Use the button below to choose a new
        one. The link works once and expires in one hour.
      </Text>
      <Button href={resetUrl} style={buttonStyle}>
        Reset my password
      </Button>
      <Text style={{ ...paragraph, marginTop: "16px", fontSize: "14px" }}>
        If the button does not work, open this address: <Link href={resetUrl}>{resetUrl}</Link>
      </Text>
      <Text style={{ ...paragraph, fontSize: "14px", margin: 0 }}>
        If you did not ask for this, ignore this email: your password stays the same.
      </Text>
    </EmailLayout>
  );
}
