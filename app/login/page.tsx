import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { AuthPage, FormSkeleton } from "@/components/auth/auth-page";
import { LoginForm } from "@/components/auth/login-form";
import { firstParam, type SearchParams } from "@/components/auth/search-params";

export const metadata: Metadata = {
  title: "Login",
  description: "Log in to buy from local farmers or manage your farm's store.",
};

const REGISTER_SUCCESS = "Thanks for signing up! Now you can log in.";
const linkClasses = "font-semibold text-leaf-800 underline underline-offset-4 hover:text-leaf-900";

// login: /login (queries register_success=true, redirect, redirectTo)
export default function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <AuthPage title="Login" lead="Welcome back. Log in with your email or username.">
      <Suspense fallback={<FormSkeleton />}>
        <LoginBody searchParams={searchParams} />
      </Suspense>
      <div className="mt-6 flex flex-col gap-2 text-sm text-stone-700">
        <Link href="/forgotPassword" className={linkClasses}>
          Forgot your password?
        </Link>
        <p>
          New here?{" "}
          <Link href="/register" className={linkClasses}>
            Create an account
          </Link>
        </p>
      </div>
    </AuthPage>
  );
}

async function LoginBody({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  // Carried to /login/continue, which checks them (same-site paths only) after the sign-in.
  const onward = new URLSearchParams();
  for (const name of ["redirect", "redirectTo"] as const) {
    const value = firstParam(query[name]);
    if (value) onward.set(name, value);
  }
  const continueQuery = onward.size ? `?${onward.toString()}` : "";
  const registered = firstParam(query.register_success) === "true";
  return (
    <>
      {registered ? (
        <p
          role="status"
          className="border-leaf-200 bg-leaf-50 text-leaf-900 mb-5 rounded-xl border px-4 py-3 text-sm font-medium"
        >
          {REGISTER_SUCCESS}
        </p>
      ) : null}
      <LoginForm continueQuery={continueQuery} afterRegistration={registered} />
    </>
  );
}
