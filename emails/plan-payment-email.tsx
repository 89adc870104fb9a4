import { Button, Heading, Text } from "@react-email/components";
import { BRAND, EmailLayout, buttonStyle, paragraph } from "./email-layout";

export type PlanPaymentEmailProps = {
  appUrl: string;
  firstName: string;
  planName: string;
  /** The bank wants the farmer to confirm the payment (3-D Secure), rather than a decline. */
  actionRequired: boolean;
  /** When the plan stops giving service if the payment is not made. */
  graceEndsOn: string | null;
  /** The farmer's subscription page, where Update card is. */
  manageUrl: string;
};

/** To a farmer whose plan renewal could not be charged, with a link to update the card. */
export function PlanPaymentEmail({
  appUrl,
  firstName,
  planName,
  actionRequired,
  graceEndsOn,
  manageUrl,
}: PlanPaymentEmailProps) {
  return (
    <EmailLayout preview={`Your ${planName} plan payment needs attention`} appUrl={appUrl}>
      <Heading as="h1" style={{ fontSize: "24px", color: BRAND.leaf800, margin: "0 0 16px" }}>
        Hi {firstName}, your {planName} plan payment needs attention
      </Heading>
      <Text style={paragraph}>
        {actionRequired
          ? `Your bank asks you to confirm this month's payment for your ${planName} plan.`
          : `We could not charge your card for this month's ${planName} plan.`}
      </Text>
      <Text style={paragraph}>
        {graceEndsOn
          ? `Your plan keeps working until ${graceEndsOn} while we try again. Update your card to keep your products and messages going.`
          : "Update your card to keep your products and messages going."}
      </Text>
      <Button href={manageUrl} style={buttonStyle}>
        Update your card
      </Button>
    </EmailLayout>
  );
}
