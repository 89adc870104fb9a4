import { CircleCheck, TriangleAlert } from "lucide-react";
import type { Metadata } from "next";
import { Suspense } from "react";
import { PageIntro } from "@/components/static/page-intro";
import { ButtonLink } from "@/components/ui/button";
import { requireRole } from "@/server/auth/guards";
import { getDb } from "@/server/db/client";
import { isAppError } from "@/server/errors";
import { consumeOnboardingCode } from "@/server/payouts/onboarding";

export const metadata: Metadata = {
  title: "Payout account connected",
  robots: { index: false },
  referrer: "no-referrer",
};

type Query = Promise<{ code?: string | string[] }>;

// externalAccountCreated: /external/accounts/created?code=... (Stripe's return after onboarding).
// The code is one-time and the signed-in farmer's own; landing here does not mean onboarding is
// finished (readiness comes from Stripe's account.updated), so the page says where to check.
export default function PayoutAccountCreatedPage({ searchParams }: { searchParams: Query }) {
  return (
    <>
      <PageIntro eyebrow="Payouts" title="Payout account connected" />
      <div className="container-page py-10 sm:py-14">
        <Suspense fallback={<p className="text-stone-600">Checking your link…</p>}>
          <Created searchParams={searchParams} />
        </Suspense>
      </div>
    </>
  );
}

async function Created({ searchParams }: { searchParams: Query }) {
  const { code } = await searchParams;
  const member = await requireRole(
    `/external/accounts/created${typeof code === "string" ? `?code=${encodeURIComponent(code)}` : ""}`,
    ["merchant"],
  );
  const problem = await consumeOnboardingCode(await getDb(), {
    memberId: member.id,
    code: typeof code === "string" ? code : "",
  }).then(
    () => null,
    (error: unknown) => {
      if (isAppError(error) && error.code === "not_found") return error.message;
      throw error;
    },
  );

  if (problem) {
    return (
      <section role="alert" className="flex max-w-2xl flex-col items-start gap-4">
        <p className="text-tomato-600 flex items-center gap-2 text-lg font-bold">
          <TriangleAlert aria-hidden className="size-5" />
          This link cannot be used
        </p>
        <p className="text-stone-800">{problem}</p>
        <ButtonLink href="/settings?section=payouts">Open Payouts in Settings</ButtonLink>
      </section>
    );
  }
  return (
    <section className="flex max-w-2xl flex-col items-start gap-4">
      <p className="text-leaf-800 flex items-center gap-2 text-lg font-bold">
        <CircleCheck aria-hidden className="size-6" />
        Thank you for setting up your payouts!
      </p>
      <p className="text-stone-800">
        Stripe is checking your details. Settings → Payouts shows when your account is ready and if
        Stripe needs anything more. Card sales are paid into it once you hand each order over.
      </p>
      <div className="flex flex-wrap gap-3">
        <ButtonLink href="/">Get Started</ButtonLink>
        <ButtonLink href="/settings?section=payouts" variant="secondary">
          See your payouts
        </ButtonLink>
      </div>
    </section>
  );
}
