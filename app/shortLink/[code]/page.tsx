import type { Metadata } from "next";
import { Suspense } from "react";
import { ShortLinkRedirect } from "@/components/links/short-link-redirect";
import { AuthCard } from "@/components/password/auth-card";

export const metadata: Metadata = {
  title: "Opening a link",
  robots: { index: false },
  referrer: "no-referrer",
};

type Props = { params: Promise<{ code: string }> };

// shortLink (spec part 2 sections 2, 4, 7, 8): open to anyone; loading, then the page it stands for.
export default function ShortLinkPage({ params }: Props) {
  return (
    <AuthCard title="Opening a link">
      <Suspense fallback={<p className="text-stone-700">Taking you to the page…</p>}>
        <Redirect params={params} />
      </Suspense>
    </AuthCard>
  );
}

async function Redirect({ params }: Props) {
  const { code } = await params;
  return <ShortLinkRedirect code={code} />;
}
