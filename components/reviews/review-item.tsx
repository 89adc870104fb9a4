import Image from "next/image";
import { ScoreStars } from "@/components/catalog/score-stars";
import { postedOn } from "./posted-on";
import type { ReviewView } from "./types";

/** One review: avatar, username (marked when it is the viewer's), stars, date and text. */
export function ReviewItem({ review }: { review: ReviewView }) {
  return (
    <article
      aria-label={`Review by ${review.username}`}
      className="flex gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:gap-4 sm:p-5"
    >
      {review.avatar_image ? (
        <Image
          src={review.avatar_image}
          alt=""
          width={44}
          height={44}
          unoptimized
          className="size-11 shrink-0 rounded-full object-cover"
        />
      ) : (
        <span
          aria-hidden
          className="bg-leaf-100 text-leaf-900 flex size-11 shrink-0 items-center justify-center rounded-full text-lg font-bold uppercase"
        >
          {review.username.charAt(0)}
        </span>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p className="font-semibold break-words text-stone-900">{review.username}</p>
          {review.author ? (
            <span className="bg-leaf-100 text-leaf-900 rounded-full px-2 py-0.5 text-xs font-bold">
              Your review
            </span>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-600">
          <ScoreStars score={review.score} />
          <time dateTime={review.created_on}>{postedOn(review.created_on)}</time>
        </div>
        <p className="leading-relaxed break-words whitespace-pre-line text-stone-800">
          {review.review}
        </p>
      </div>
    </article>
  );
}
