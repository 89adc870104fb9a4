import type { Metadata } from "next";
import { Suspense } from "react";
import { CheckoutOptionsForm } from "@/components/account/checkout-options-form";
import { NotificationSettings } from "@/components/account/notification-settings";
import { PickupSettings } from "@/components/account/pickup-settings";
import { PasswordForm } from "@/components/account/password-form";
import { PayoutsSection } from "@/components/account/payouts-section";
import { SecondFactorSettings } from "@/components/account/second-factor-settings";
import { SettingsNav } from "@/components/account/settings-nav";
import {
  resolveSettingsSection,
  settingsSectionsFor,
  SETTINGS_SECTION_LABELS,
} from "@/components/account/settings-sections";
import { SubscriptionSummary } from "@/components/account/subscription-summary";
import { PageIntro } from "@/components/static/page-intro";
import { requireCompleteProfile, requireMember } from "@/server/auth/guards";
import { getSecondFactorStatus } from "@/server/auth/second-factor";
import { getDb } from "@/server/db/client";
import { getEnv } from "@/server/env";
import { getProfile } from "@/server/members/get-profile";
import { getNotificationPreferences } from "@/server/members/notification-preferences";
import { getFarmPickupSetup } from "@/server/pickup/farm-setup";
import { getPayoutsOverview } from "@/server/payouts/get-payouts-overview";

export const metadata: Metadata = { title: "Settings", robots: { index: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// GET /settings?section=checkout|pickup|payouts|subscription|password|security|notifications (signed-in only)
export default function SettingsPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <>
      <PageIntro eyebrow="Your account" title="Settings" />
      <div className="container-page py-10 sm:py-14">
        <Suspense fallback={<p className="text-stone-600">Loading your settings…</p>}>
          <Settings searchParams={searchParams} />
        </Suspense>
      </div>
    </>
  );
}

async function Settings({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const here = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (typeof value === "string") here.set(key, value);
  const member = requireCompleteProfile(
    await requireMember(`/settings${here.size ? `?${here}` : ""}`),
  );

  const section = resolveSettingsSection(member.memberType, query.section);
  const db = await getDb();
  const headingId = `settings-${section}-heading`;

  return (
    <div className="grid gap-8 lg:grid-cols-[14rem_1fr]">
      <SettingsNav sections={settingsSectionsFor(member.memberType)} current={section} />
      <section
        aria-labelledby={headingId}
        className="min-w-0 rounded-2xl border border-stone-200 bg-white p-5 sm:p-8"
      >
        <h2 id={headingId} className="mb-4 text-xl font-bold text-stone-900">
          {SETTINGS_SECTION_LABELS[section]}
        </h2>
        {section === "password" ? <PasswordForm /> : null}
        {section === "security" ? (
          <SecondFactorSettings
            initial={{
              ...(await getSecondFactorStatus(db, member.id)),
              required: member.memberType === "admin",
            }}
          />
        ) : null}
        {section === "notifications" ? (
          <NotificationSettings initial={await getNotificationPreferences(db, member.id)} />
        ) : null}
        {section === "checkout" ? (
          <CheckoutOptionsForm
            initial={(await getProfile(db, member.id)).checkoutPaymentOptions}
            cardPaymentsEnabled={getEnv().cardPaymentsEnabled}
          />
        ) : null}
        {section === "pickup" ? (
          <PickupSettings setup={await getFarmPickupSetup(db, member.id)} />
        ) : null}
        {section === "payouts" ? (
          <PayoutsSection
            overview={getEnv().cardPaymentsEnabled ? await getPayoutsOverview(db, member.id) : null}
            cardPaymentsEnabled={getEnv().cardPaymentsEnabled}
          />
        ) : null}
        {section === "subscription" ? <SubscriptionSection memberId={member.id} /> : null}
      </section>
    </div>
  );
}

async function SubscriptionSection({ memberId }: { memberId: number }) {
  const { subscription } = await getProfile(await getDb(), memberId);
  return subscription ? <SubscriptionSummary subscription={subscription} /> : null;
}
