import type { Metadata } from "next";
import { Suspense } from "react";
import { AvatarUpload } from "@/components/account/avatar-upload";
import { ProfileForm } from "@/components/account/profile-form";
import { PageIntro } from "@/components/static/page-intro";
import { requireMember } from "@/server/auth/guards";
import { getDb } from "@/server/db/client";
import { getProfile } from "@/server/members/get-profile";

export const metadata: Metadata = { title: "Profile", robots: { index: false } };

// GET /profile: the member's details and profile image (signed-in only)
export default function ProfilePage() {
  return (
    <>
      <PageIntro
        eyebrow="Your account"
        title="Profile"
        lead="Keep your details up to date so farmers and customers can reach you."
      />
      <div className="container-page py-10 sm:py-14">
        <Suspense fallback={<p className="text-stone-600">Loading your profile…</p>}>
          <Profile />
        </Suspense>
      </div>
    </>
  );
}

async function Profile() {
  // The profile is where an incomplete profile is completed, so only the sign-in is required here.
  const member = await requireMember("/profile");
  const profile = await getProfile(await getDb(), member.id);
  const isMerchant = profile.memberType === "merchant";
  return (
    <div className="grid gap-10 lg:grid-cols-[14rem_1fr]">
      <section aria-labelledby="profile-image-heading" className="lg:pt-2">
        <h2 id="profile-image-heading" className="sr-only">
          Profile image
        </h2>
        <AvatarUpload
          initialUrl={profile.avatarImage}
          name={profile.firstName || profile.username}
        />
      </section>
      <section
        aria-labelledby="profile-details-heading"
        className="rounded-2xl border border-stone-200 bg-white p-5 sm:p-8"
      >
        <h2 id="profile-details-heading" className="mb-6 text-xl font-bold text-stone-900">
          {isMerchant ? "Your farm and contact details" : "Your details"}
        </h2>
        <ProfileForm
          isMerchant={isMerchant}
          initial={{
            username: profile.username,
            firstName: profile.firstName,
            lastName: profile.lastName,
            email: profile.email,
            phone: profile.phone ?? "",
            country: profile.country,
            address: profile.address ?? "",
            city: profile.city ?? "",
            provinceState: profile.provinceState ?? "",
            postalCode: profile.postalCode ?? "",
            introduction: profile.introduction ?? "",
          }}
        />
      </section>
    </div>
  );
}
