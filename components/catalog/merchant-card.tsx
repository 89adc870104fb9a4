import Image from "next/image";
import Link from "next/link";
import { SpriteIcon } from "@/components/icons/sprite-icon";
import { AskTheFarmer } from "@/components/messaging/ask-the-farmer";
import { buttonClasses } from "@/components/ui/button";
import type { MerchantCardView } from "@/lib/catalog/card-view";
import { INTRODUCTION_PREVIEW_MAX_CHARS } from "@/lib/constants";
import { isFeatureOn } from "@/lib/features";
import { truncate } from "@/lib/format";
import { formatDistance } from "./product-card";
import { ScoreStars } from "./score-stars";
import { UsernameText } from "./username-text";

const AVATAR_PX = 64;

/**
 * One farmer (dashboard latest farmers, /merchants/list): avatar, username linking to the store,
 * the introduction cut at 157 characters with an ellipsis, and where the farm is.
 */
export function MerchantCard({
  merchant,
  headingLevel = "h3",
}: {
  merchant: MerchantCardView;
  headingLevel?: "h2" | "h3" | "h4";
}) {
  const Heading = headingLevel;
  const place = [merchant.city, merchant.province_state].filter(Boolean).join(", ");
  return (
    <article className="card-frame min-h-[12rem] gap-4 p-5">
      <div className="flex items-center gap-4">
        <div
          className="bg-leaf-100 text-leaf-800 flex shrink-0 items-center justify-center overflow-hidden rounded-full text-2xl font-bold uppercase"
          style={{ width: AVATAR_PX, height: AVATAR_PX }}
        >
          {merchant.avatar_image ? (
            <Image
              src={merchant.avatar_image}
              alt=""
              width={AVATAR_PX}
              height={AVATAR_PX}
              unoptimized
              loading="lazy"
              className="size-full object-cover"
            />
          ) : (
            <span aria-hidden>{merchant.username.charAt(0)}</span>
          )}
        </div>
        <div className="min-w-0">
          {/* Wraps at underscores; only a single part wider than the card breaks inside. */}
          <Heading className="text-lg font-bold break-words text-stone-900">
            <Link href={`/stores/${encodeURIComponent(merchant.username)}`} className="card-link">
              <UsernameText name={merchant.username} />
            </Link>
          </Heading>
          {place ? (
            <p className="flex items-center gap-1 text-sm text-stone-700">
              <SpriteIcon name="map-pin" className="text-leaf-700 size-4 shrink-0" />
              {/* A long place gives way; the distance is never cut. */}
              <span className="truncate">{place}</span>
              {typeof merchant.distanceKm === "number" ? (
                <span className="shrink-0 whitespace-nowrap text-stone-600">
                  · {formatDistance(merchant.distanceKm)}
                </span>
              ) : null}
            </p>
          ) : null}
          <ScoreStars score={merchant.rating} count={merchant.review_count} className="text-sm" />
        </div>
      </div>
      {merchant.introduction ? (
        <p className="text-sm leading-relaxed text-stone-700">
          {truncate(merchant.introduction, INTRODUCTION_PREVIEW_MAX_CHARS)}
        </p>
      ) : null}
      {isFeatureOn("messaging") ? (
        // Above the card's stretched link, so it opens the dialog rather than the store.
        <div className="relative z-10 mt-auto">
          <AskTheFarmer
            farmerName={merchant.username}
            farmerId={merchant.username}
            triggerLabel={`Ask The Farmer: ${merchant.username}`}
            triggerClassName={buttonClasses({ variant: "secondary", size: "sm" })}
          />
        </div>
      ) : null}
    </article>
  );
}
