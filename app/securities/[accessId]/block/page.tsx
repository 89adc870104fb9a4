import type { Metadata } from "next";
import { Suspense } from "react";
import { AuthCard } from "@/components/password/auth-card";
import { BlockView } from "./block-view";

export const metadata: Metadata = {
  title: "Block a sign-in",
  robots: { index: false },
  referrer: "no-referrer",
};

type Props = { params: Promise<{ accessId: string }> };

// securityBlock (spec part 1 section 2, part 2 sections 2, 4, 8): blocks the emailed sign-in on load.
export default function SecurityBlockPage({ params }: Props) {
  return (
    <AuthCard title="Block a sign-in">
      <Suspense fallback={<p className="text-stone-700">Blocking the sign-in…</p>}>
        <Block params={params} />
      </Suspense>
    </AuthCard>
  );
}

async function Block({ params }: Props) {
  const { accessId } = await params;
  return <BlockView accessId={accessId} />;
}
