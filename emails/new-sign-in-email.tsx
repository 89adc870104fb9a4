import { Button, Heading, Link, Text } from "@react-email/components";
import { BRAND, EmailLayout, buttonStyle, paragraph } from "./email-layout";

export type NewSignInEmailProps = {
  firstName: string;
  appUrl: string;
  browserData: string;
  /** "Toronto, ON, CA" or "Unknown". */
  place: string;
  signedInAt: string;
  blockUrl: string;
};

export function NewSignInEmail({
  firstName,
  appUrl,
  browserData,
  place,
  signedInAt,
  blockUrl,
}: NewSignInEmailProps) {
  return (
    <EmailLayout preview="A new sign-in to your account" appUrl={appUrl}>
      <Heading as="h1" style={{ fontSize: "24px", color: BRAND.leaf800, margin: "0 0 16px" }}>
        A new sign-in to your account
      </Heading>
      <Text style={paragraph}>Hi {firstName},</Text>
      <Text style={paragraph}>
        Your account was just signed in from a browser we had not seen before:
      </Text>
      <Text style={{ ...paragraph, paddingLeft: "12px", borderLeft: `3px solid ${BRAND.leaf700}` }}>
        Browser: {browserData}
        <br />
        Place: {place}
        <br />
        Time: {signedInAt}
      </Text>
      <Text style={paragraph}>If this was you, there is nothing to do.</Text>
      <Text style={paragraph}>
        If it was not you, block this access: every session of your account ends at once. Then
        choose a new password.
      </Text>
      <Button href={blockUrl} style={buttonStyle}>
        This was not me: block it
      </Button>
      <Text style={{ ...paragraph, marginTop: "16px", fontSize: "14px", margin: "16px 0 0" }}>
        If the button does not work, open this address: <Link href={blockUrl}>{blockUrl}</Link>
      </Text>
    </EmailLayout>
  );
}
