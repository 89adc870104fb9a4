import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import {
  completedParams,
  SubscriptionCompleted,
} from "@/components/subscription/subscription-completed";

export const metadata: Metadata = { title: "Your plan", robots: { index: false } };

type Params = { country: string; plan: string };
type Query = Record<string, string | string[] | undefined>;

// subscriptionPaymentCompleted with an expiry: /subscription/payment/{type}/{expiresAt}/completed
// (?paymentIntentId=; the route's segments are named for the payment page they share a shape with)
export default function SubscriptionCompletedWithDatePage({
  params,
  searchParams,
}: {
  params: Promise<Params>;
  searchParams: Promise<Query>;
}) {
  return (
    <Suspense fallback={<p className="container-page py-10 text-stone-600">Loading your plan…</p>}>
      <Completed params={params} searchParams={searchParams} />
    </Suspense>
  );
}

async function Completed({
  params,
  searchParams,
}: {
  params: Promise<Params>;
  searchParams: Promise<Query>;
}) {
  const { country: type, plan: expiresAt } = await params;
  if (!/^\d{1,12}$/.test(expiresAt)) notFound();
  return <SubscriptionCompleted type={type} params={completedParams(expiresAt, searchParams)} />;
}
