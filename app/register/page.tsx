import type { Metadata } from "next";
import Link from "next/link";
import { headers } from "next/headers";
import { Suspense } from "react";
import { AuthPage, FormSkeleton } from "@/components/auth/auth-page";
import { RegistrationForm } from "@/components/auth/registration-form";
import { firstParam, type SearchParams } from "@/components/auth/search-params";
import { defaultCountry } from "@/lib/input-format";
import { loadRegistrationFromReply, pageMetadata } from "@/server/pages";
import { readClientInfo } from "@/server/security";

// The spec notes the old title looked like the contact page's; this page has its own.
/** Its own title, description, canonical URL and link preview (server/seo.ts). */
export function generateMetadata(): Metadata {
  return pageMetadata({
    title: "Create your account",
    description: "Sign up to buy fresh food from farmers near you.",
    path: "/register",
  });
}

const linkClasses = "font-semibold text-leaf-800 underline underline-offset-4 hover:text-leaf-900";

// register: /register (query recipientEmail, recipientToken)
export default function RegisterPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <AuthPage
      title="Create your account"
      lead="Buy fresh food straight from the farmers down the road."
      width="wide"
    >
      <Suspense fallback={<FormSkeleton />}>
        <RegisterBody searchParams={searchParams} />
      </Suspense>
      <div className="mt-6 flex flex-col gap-2 text-sm text-stone-700">
        <p>
          Already have an account?{" "}
          <Link href="/login" className={linkClasses}>
            Log in
          </Link>
        </p>
        <p>
          Selling what you grow?{" "}
          <Link href="/merchants/register" className={linkClasses}>
            Register your farm
          </Link>
        </p>
      </div>
    </AuthPage>
  );
}

async function RegisterBody({ searchParams }: { searchParams: SearchParams }) {
  const [query, requestHeaders] = await Promise.all([searchParams, headers()]);
  const email = firstParam(query.recipientEmail)?.slice(0, 254) ?? "";
  // From a farmer's reply mail: proves the address received it, so its conversations follow.
  const recipientToken = firstParam(query.recipientToken)?.slice(0, 64);
  const fromReply = await loadRegistrationFromReply(email, recipientToken);
  return (
    <>
      {fromReply ? (
        <p role="note" className="bg-leaf-50 mb-5 rounded-lg p-4 text-sm text-stone-800">
          {fromReply.farms.length > 1 || fromReply.moreFarms
            ? `Your conversations with ${farmList(fromReply.farms, fromReply.moreFarms)} come along`
            : `Your conversation with ${fromReply.farms[0]} comes along`}
          : once you register with this email, you read and answer in your Messages.
        </p>
      ) : null}
      <RegistrationForm
        variant="customer"
        defaultCountry={defaultCountry(readClientInfo(requestHeaders).place.country)}
        defaultEmail={email}
        recipientToken={email ? recipientToken : undefined}
        defaultName={fromReply ?? undefined}
      />
    </>
  );
}

/** "A", "A and B", "A, B and C", "A, B, C and others". */
function farmList(farms: string[], more: boolean): string {
  const names = more ? [...farms, "others"] : farms;
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
