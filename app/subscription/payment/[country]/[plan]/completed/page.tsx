import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SubscriptionCompleted } from "@/components/subscription/subscription-completed";

export const metadata: Metadata = { title: "Your plan", robots: { index: false } };

type Params = { country: string; plan: string };

// subscriptionPaymentCompleted with an expiry: /subscription/payment/{type}/{expiresAt}/completed
// (the route's segments are named for the payment page they share a shape with)
export default async function SubscriptionCompletedWithDatePage({
  params,
}: {
  params: Promise<Params>;
}) {
  const { country: type, plan: expiresAt } = await params;
  if (!/^\d{1,12}$/.test(expiresAt)) notFound();
  return <SubscriptionCompleted type={type} />;
}
