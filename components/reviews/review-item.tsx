"use client";

import dynamic from "next/dynamic";
import Image from "next/image";
import { useState } from "react";
import { ScoreStars } from "@/components/catalog/score-stars";
import { Button } from "@/components/ui/button";
import type { ReviewReportTarget } from "@/lib/review-trust";
import { postedOn } from "./posted-on";
import type { ReviewView } from "./types";
import { VerifiedBadge } from "./verified-badge";

// Only the product's farm replies and only a member reports, after a tap: neither is part of the
// product page's first load (its JavaScript budget, bench:ci).
const ReplyEditor = dynamic(() => import("./reply-editor").then((m) => m.ReplyEditor));
const ReportReviewDialog = dynamic(() =>
  import("./report-review-dialog").then((m) => m.ReportReviewDialog),
);

/** What the viewer may do with a review besides reading it. */
export type ReviewActions = {
  /** A signed-in member who did not write it. */
  canReport: boolean;
  /** The product's farm: reply, edit or delete its reply. */
  canReply: boolean;
};

const NO_ACTIONS: ReviewActions = { canReport: false, canReply: false };

/**
 * One review: avatar, username (marked when it is the viewer's), the verified-buyer mark, stars,
 * date and text, then the farm's reply (issue 44). Texts are shown as text, never as markup.
 */
export function ReviewItem({
  review,
  actions = NO_ACTIONS,
}: {
  review: ReviewView;
  actions?: ReviewActions;
}) {
  const [reporting, setReporting] = useState<ReviewReportTarget | null>(null);
  const [notice, setNotice] = useState("");
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
          {review.verified_buyer ? <VerifiedBadge /> : null}
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
        {review.reply ? (
          <section
            aria-label={`Reply from ${review.reply.farm}`}
            className="border-leaf-300 mt-2 flex flex-col gap-1 border-l-4 bg-stone-50 py-2 pr-2 pl-3"
          >
            <p className="text-sm font-semibold text-stone-900">Reply from {review.reply.farm}</p>
            <p className="text-sm leading-relaxed break-words whitespace-pre-line text-stone-800">
              {review.reply.reply}
            </p>
            {actions.canReport && !actions.canReply ? (
              <Button
                variant="ghost"
                size="sm"
                className="self-start"
                onClick={() => setReporting("reply")}
              >
                Report reply<span className="sr-only"> from {review.reply.farm}</span>
              </Button>
            ) : null}
          </section>
        ) : null}
        {actions.canReply ? <ReplyEditor review={review} /> : null}
        {actions.canReport && !review.author ? (
          <Button
            variant="ghost"
            size="sm"
            className="self-start"
            onClick={() => setReporting("review")}
          >
            Report<span className="sr-only"> the review by {review.username}</span>
          </Button>
        ) : null}
        <p role="status" className="text-leaf-800 text-sm font-semibold">
          {notice}
        </p>
      </div>
      {reporting ? (
        <ReportReviewDialog
          reviewId={review.id}
          target={reporting}
          about={
            reporting === "review"
              ? `the review by ${review.username}`
              : `the reply from ${review.reply?.farm ?? "the farm"}`
          }
          onClose={() => setReporting(null)}
          onDone={(message) => {
            setReporting(null);
            setNotice(message);
          }}
        />
      ) : null}
    </article>
  );
}
