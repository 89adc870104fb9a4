import { Button, Heading, Text } from "@react-email/components";
import { BRAND, EmailLayout, buttonStyle, paragraph } from "./email-layout";
import { SITE_NAME } from "@/lib/site";

export type WelcomeEmailProps = { firstName: string; appUrl: string; isMerchant: boolean };

export function WelcomeEmail({ firstName, appUrl, isMerchant }: WelcomeEmailProps) {
  const next = isMerchant
    ? "Complete your profile, then add your first products so nearby customers can find your farm."
    : "Browse fresh produce from the farmers and gardeners near you, and pick it up or get it delivered.";
  return (
    <EmailLayout preview={`Welcome to ${SITE_NAME}`} appUrl={appUrl}>
      <Heading as="h1" style={{ fontSize: "24px", color: BRAND.leaf800, margin: "0 0 16px" }}>
        Welcome, {firstName}!
      </Heading>
      <Text style={paragraph}>Thanks for joining {SITE_NAME}.</Text>
      <Text style={paragraph}>{next}</Text>
      <Button href={`${appUrl}/login`} style={buttonStyle}>
        Log in
      </Button>
    </EmailLayout>
  );
}
