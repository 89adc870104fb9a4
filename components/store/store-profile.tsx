import { CalendarDays, CreditCard, HandCoins, MapPin, Store, Truck } from "lucide-react";
import Image from "next/image";
import type { ReactNode } from "react";
import { AskTheFarmer } from "@/components/messaging/ask-the-farmer";
import { PROFILE_IMAGE_PX } from "@/lib/constants";
import { isFeatureOn } from "@/lib/features";
import { getCountry, regionName } from "@/lib/regions";
import { ScoreStars } from "@/components/catalog/score-stars";
import type { StoreProfile as StoreProfileData } from "@/server/catalog/get-store";

const MONTH_YEAR = new Intl.DateTimeFormat("en-CA", {
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "Richmond Hill, Ontario, Canada": whatever parts the farm filled in. */
export function storePlace(
  profile: Pick<StoreProfileData, "city" | "provinceState" | "country">,
): string {
  const region = profile.provinceState
    ? (regionName(profile.country, profile.provinceState) ?? profile.provinceState)
    : null;
  return [profile.city, region, getCountry(profile.country).name].filter(Boolean).join(", ");
}

/**
 * The farm at the top of its store page: image (160 px), username, who runs it, introduction,
 * place, how it delivers and which payments it takes, and since when it is a member.
 */
export function StoreProfile({
  profile,
  cardPaymentsEnabled,
}: {
  profile: StoreProfileData;
  cardPaymentsEnabled: boolean;
}) {
  const payments = [
    profile.paymentOptions.payInPerson ? "Pay in Person" : null,
    profile.paymentOptions.payByCard && cardPaymentsEnabled ? "Pay by Card" : null,
  ].filter((p): p is string => p !== null);
  const delivery = [
    profile.delivery.freeDelivery ? "Free delivery" : null,
    profile.delivery.pickup ? "Pickup at the farm" : null,
  ].filter((d): d is string => d !== null);

  return (
    <div className="border-earth-200/70 from-earth-100/80 to-earth-50 border-b bg-gradient-to-b">
      <div className="container-page flex flex-col gap-6 py-10 sm:flex-row sm:items-start sm:gap-10 sm:py-14">
        <div
          className="bg-leaf-100 text-leaf-800 flex shrink-0 items-center justify-center self-center overflow-hidden rounded-full text-5xl font-bold uppercase shadow-sm ring-4 ring-white sm:self-start"
          style={{ width: PROFILE_IMAGE_PX, height: PROFILE_IMAGE_PX }}
        >
          {profile.avatarImage ? (
            <Image
              src={profile.avatarImage}
              alt={`Profile image of ${profile.username}`}
              width={PROFILE_IMAGE_PX}
              height={PROFILE_IMAGE_PX}
              unoptimized
              loading="eager"
              className="size-full object-cover"
            />
          ) : (
            <span aria-hidden>{profile.username.slice(0, 1)}</span>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <p className="text-leaf-700 text-sm font-semibold tracking-[0.1em] uppercase">
            Farm store
          </p>
          <h1 className="mt-1 text-3xl font-extrabold break-words sm:text-[2.5rem] sm:leading-[1.1]">
            {profile.username}
          </h1>
          <p className="mt-1 text-lg text-stone-700">Run by {profile.firstName}</p>
          <p className="mt-2 text-sm">
            <ScoreStars score={profile.rating} count={profile.reviewCount} />
          </p>
          {profile.introduction ? (
            <p className="mt-4 max-w-3xl text-base leading-relaxed whitespace-pre-line text-stone-800">
              {profile.introduction}
            </p>
          ) : null}
          <dl className="mt-6 grid gap-x-8 gap-y-3 text-[0.9375rem] text-stone-800 sm:grid-cols-2">
            <Fact icon={<MapPin />} term="Location">
              {storePlace(profile)}
            </Fact>
            {delivery.length > 0 ? (
              <Fact icon={profile.delivery.freeDelivery ? <Truck /> : <Store />} term="Delivery">
                {delivery.join(" · ")}
              </Fact>
            ) : null}
            {payments.length > 0 ? (
              <Fact
                icon={
                  payments.length > 1 || !profile.paymentOptions.payInPerson ? (
                    <CreditCard />
                  ) : (
                    <HandCoins />
                  )
                }
                term="Payment options"
              >
                {payments.join(" · ")}
              </Fact>
            ) : null}
            <Fact icon={<CalendarDays />} term="Member since">
              <time dateTime={profile.memberSince}>
                {MONTH_YEAR.format(new Date(profile.memberSince))}
              </time>
            </Fact>
          </dl>
          {isFeatureOn("messaging") ? (
            <div className="mt-6">
              <AskTheFarmer farmerName={profile.username} farmerId={profile.username} />
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}

function Fact({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    // dt and dd stay direct children of the div that groups them (a dl may only hold those).
    <div>
      <dt className="flex items-center gap-2.5 text-sm font-semibold text-stone-600">
        <span aria-hidden className="text-leaf-700 [&_svg]:size-5">
          {icon}
        </span>
        {term}
      </dt>
      <dd className="pl-7.5">{children}</dd>
    </div>
  );
}
