import type { Metadata } from "next";
import Link from "next/link";
import { headers } from "next/headers";
import { Suspense } from "react";
import { AuthPage, FormSkeleton } from "@/components/auth/auth-page";
import { RegistrationForm } from "@/components/auth/registration-form";
import { firstParam, type SearchParams } from "@/components/auth/search-params";
import { defaultCountry } from "@/lib/input-format";
import { merchantRegisterQuerySchema } from "@/lib/validation/accounts";
import { MSG } from "@/lib/validation/messages";
import { getDb } from "@/server/db/client";
import { findReferrer } from "@/server/members";
import { readClientInfo } from "@/server/security";
import { pageMetadata } from "@/server/seo";

/** Its own title, description, canonical URL and link preview (server/seo.ts). */
export function generateMetadata(): Metadata {
  return pageMetadata({
    title: "Register your farm",
    description: "Open a store for your farm or garden and sell to customers nearby.",
    path: "/merchants/register",
  });
}

const linkClasses = "font-semibold text-leaf-800 underline underline-offset-4 hover:text-leaf-900";

// merchantRegister: /merchants/register (query ak: a reseller identifier)
export default function MerchantRegisterPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <AuthPage
      title="Register your farm"
      lead="Open a store and sell what you grow to customers nearby."
      width="wide"
    >
      <Suspense fallback={<FormSkeleton />}>
        <MerchantRegisterBody searchParams={searchParams} />
      </Suspense>
      <p className="mt-6 text-sm text-stone-700">
        Already selling with us?{" "}
        <Link href="/login" className={linkClasses}>
          Log in
        </Link>
      </p>
    </AuthPage>
  );
}

async function MerchantRegisterBody({ searchParams }: { searchParams: SearchParams }) {
  const [query, requestHeaders] = await Promise.all([searchParams, headers()]);
  const parsed = merchantRegisterQuerySchema.safeParse({ ak: firstParam(query.ak) });
  const ak = parsed.success ? parsed.data.ak : undefined;
  // A malformed ak, or one no reseller has: the link is broken, so there is nothing to submit.
  const referrer = parsed.success && ak != null ? await findReferrer(await getDb(), ak) : null;
  const isBroken = !parsed.success || (ak != null && referrer === null);
  if (isBroken) {
    return (
      <p
        role="alert"
        className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
      >
        {MSG.invalidAk}
      </p>
    );
  }
  return (
    <>
      {referrer ? (
        <p className="border-leaf-200 bg-leaf-50 text-leaf-900 mb-6 rounded-xl border px-4 py-3 text-sm">
          You were invited by <strong>{referrer.name}</strong>: your farm is registered as referred
          by them.
        </p>
      ) : null}
      <RegistrationForm
        variant="merchant"
        defaultCountry={defaultCountry(readClientInfo(requestHeaders).place.country)}
        ak={ak ?? undefined}
      />
    </>
  );
}
