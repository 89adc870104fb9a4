import { Button, Heading, Text } from "@react-email/components";
import { BRAND, EmailLayout, buttonStyle, paragraph } from "./email-layout";

export type PasswordSetByOperatorEmailProps = { firstName: string; appUrl: string };

/** Sent when an operator sets a member's password in the Members Manager. */
export function PasswordSetByOperatorEmail({ firstName, appUrl }: PasswordSetByOperatorEmailProps) {
  return (
    <EmailLayout preview="An operator changed your password" appUrl={appUrl}>
      <Heading as="h1" style={{ fontSize: "24px", color: BRAND.leaf800, margin: "0 0 16px" }}>
        Your password was changed
      </Heading>
      <Text style={paragraph}>Hi {firstName},</Text>
      <Text style={paragraph}>
        One of our operators set a new password for your account, and you were signed out on every
        device. Use the new password you were given to log in.
      </Text>
      <Text style={paragraph}>
        If you did not ask us for this, contact us right away, or reset your password yourself from
        the login page.
      </Text>
      <Button href={`${appUrl}/login`} style={buttonStyle}>
        Log in
      </Button>
    </EmailLayout>
  );
}
