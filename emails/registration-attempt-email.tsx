import { Button, Heading, Text } from "@react-email/components";
import { BRAND, EmailLayout, buttonStyle, paragraph } from "./email-layout";

export type RegistrationAttemptEmailProps = { firstName: string; appUrl: string };

/** To an account's owner when someone signs up with its email (decision 0023). */
export function RegistrationAttemptEmail({ firstName, appUrl }: RegistrationAttemptEmailProps) {
  return (
    <EmailLayout preview="Someone tried to sign up with your email" appUrl={appUrl}>
      <Heading as="h1" style={{ fontSize: "24px", color: BRAND.leaf800, margin: "0 0 16px" }}>
        Someone tried to sign up with your email
      </Heading>
      <Text style={paragraph}>Hi {firstName},</Text>
      <Text style={paragraph}>
        Someone just tried to create a new account with this email address. You already have an
        account, so no new one was made.
      </Text>
      <Text style={paragraph}>
        If it was you, log in with your username or email. If you forgot your password, use
        &quot;Forgot password&quot; on the login page.
      </Text>
      <Text style={paragraph}>If it was not you, there is nothing to do.</Text>
      <Button href={`${appUrl}/login`} style={buttonStyle}>
        Log in
      </Button>
    </EmailLayout>
  );
}
