import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { SubscriptionCompleted } from "@/components/subscription/subscription-completed";

export const metadata: Metadata = { title: "Your plan", robots: { index: false } };

type Params = { country: string; plan: string };

// subscriptionPaymentCompleted with an expiry: /subscription/payment/{type}/{expiresAt}/completed
// (the route's segments are named for the payment page they share a shape with)
export default function SubscriptionCompletedWithDatePage({ params }: { params: Promise<Params> }) {
  return (
    <Suspense fallback={<p className="container-page py-10 text-stone-600">Loading your plan…</p>}>
      <Completed params={params} />
    </Suspense>
  );
}

async function Completed({ params }: { params: Promise<Params> }) {
  const { country: type, plan: expiresAt } = await params;
  if (!/^\d{1,12}$/.test(expiresAt)) notFound();
  return <SubscriptionCompleted type={type} />;
}
