import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { AuthCard } from "@/components/password/auth-card";
import { ForgotPasswordForm } from "@/components/password/forgot-password-form";
import { RedirectIfSignedIn } from "@/components/password/redirect-if-signed-in";

export const metadata: Metadata = { title: "Forgot password", robots: { index: false } };

// forgotPassword (spec part 2 sections 2, 5, 8): ask for a reset link by email.
export default function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Forgot password"
      lead="Enter the email of your account and we will send you a link to reset your password."
    >
      <Suspense fallback={null}>
        <RedirectIfSignedIn />
      </Suspense>
      <ForgotPasswordForm />
      <p className="mt-6 text-sm text-stone-700">
        Remembered it?{" "}
        <Link href="/login" className="text-leaf-800 font-semibold underline">
          Log in
        </Link>
      </p>
    </AuthCard>
  );
}
