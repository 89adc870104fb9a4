import type { Metadata } from "next";
import { Suspense } from "react";
import { AuthCard } from "@/components/password/auth-card";
import { UnsubscribeView } from "./unsubscribe-view";

export const metadata: Metadata = {
  title: "Email preferences",
  robots: { index: false },
  referrer: "no-referrer",
};

type Props = {
  params: Promise<{ type: string; userId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

// unsubscribeNotification (spec part 1 section 2, part 2 sections 2, 4, 8).
export default function UnsubscribePage({ params, searchParams }: Props) {
  return (
    <AuthCard title="Email preferences">
      <Suspense fallback={<p className="text-stone-700">Updating your email preferences…</p>}>
        <Unsubscribe params={params} searchParams={searchParams} />
      </Suspense>
    </AuthCard>
  );
}

async function Unsubscribe({ params, searchParams }: Props) {
  const { type, userId } = await params;
  const sig = (await searchParams).sig;
  return <UnsubscribeView type={type} userId={userId} sig={typeof sig === "string" ? sig : ""} />;
}
