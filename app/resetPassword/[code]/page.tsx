import type { Metadata } from "next";
import { Suspense } from "react";
import { AuthCard } from "@/components/password/auth-card";
import { RedirectIfSignedIn } from "@/components/password/redirect-if-signed-in";
import { ResetPasswordForm } from "@/components/password/reset-password-form";

export const metadata: Metadata = {
  title: "Reset password",
  robots: { index: false },
  // The code in the URL is a credential: never hand it to another site in a Referer.
  referrer: "no-referrer",
};

// resetPassword (spec part 2 sections 2, 5, 8): set a new password from the emailed link.
export default function ResetPasswordPage({ params }: { params: Promise<{ code: string }> }) {
  return (
    <AuthCard title="Reset password" lead="Choose a new password for your account.">
      <Suspense fallback={<p className="text-stone-600">Loading…</p>}>
        <RedirectIfSignedIn />
        <ResetForm params={params} />
      </Suspense>
    </AuthCard>
  );
}

async function ResetForm({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  return <ResetPasswordForm code={code} />;
}
