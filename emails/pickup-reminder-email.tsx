import { Button, Heading, Text } from "@react-email/components";
import { BRAND, EmailLayout, buttonStyle, paragraph, NotificationFooter } from "./email-layout";

export type PickupReminderEmailProps = {
  /** Set by sendMail for the member's own address (the footer's one-click unsubscribe link). */
  unsubscribeUrl?: string | null;
  appUrl: string;
  firstName: string;
  orderNo: string;
  farm: string;
  placeName: string;
  placeAddress: string;
  /** The window in the farm's zone, the zone named (lib/pickup/format.ts). */
  when: string;
};

/** To a customer the day before the pickup window they chose (issue 41, item 5; decision 0050). */
export function PickupReminderEmail({
  unsubscribeUrl,
  appUrl,
  firstName,
  orderNo,
  farm,
  placeName,
  placeAddress,
  when,
}: PickupReminderEmailProps) {
  return (
    <EmailLayout
      preview={`Pick up your order from ${farm}: ${when}`}
      appUrl={appUrl}
      footer={
        <NotificationFooter
          appUrl={appUrl}
          type="pickup_reminder"
          unsubscribeUrl={unsubscribeUrl}
        />
      }
    >
      <Heading as="h1" style={{ fontSize: "24px", color: BRAND.leaf800, margin: "0 0 16px" }}>
        Your pickup is tomorrow
      </Heading>
      <Text style={paragraph}>Hi {firstName},</Text>
      <Text style={paragraph}>
        Your order {orderNo} from {farm} is to be picked up {when}, at {placeName}
        {placeAddress ? ` (${placeAddress})` : ""}. Bring the order&apos;s QR code so the farm can
        confirm the handover.
      </Text>
      <Button href={`${appUrl}/myOrders/manage`} style={buttonStyle}>
        See your order
      </Button>
    </EmailLayout>
  );
}
