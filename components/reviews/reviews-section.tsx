"use client";

import { useRef, useState } from "react";
import { LoadMoreButton } from "@/components/catalog/load-more-button";
import { ReviewForm } from "./review-form";
import { ReviewItem } from "./review-item";
import {
  NO_REVIEWS_MESSAGE,
  REVIEW_FAILURE_MESSAGE,
  type ReviewListAnswer,
  type ReviewPage,
  type ReviewView,
  type ReviewsViewer,
} from "./types";

type ListState = { reviews: ReviewView[]; total: number; page: number };

const fromPage = (page: ReviewPage): ListState => ({
  reviews: page.reviews,
  total: page.total,
  page: page.page,
});

/**
 * The product's reviews (newest first, 5 at a time with Load More) and the review form. It starts
 * from the first page rendered on the server; when the server renders again (after a change) the
 * list starts over from that fresh page.
 */
export function ReviewsSection({
  productId,
  initial,
  viewer,
}: {
  productId: number;
  initial: ReviewPage;
  viewer: ReviewsViewer;
}) {
  const [seen, setSeen] = useState({ initial, viewer });
  const [list, setList] = useState(() => fromPage(initial));
  const [myReview, setMyReview] = useState(viewer.kind === "member" ? viewer.myReview : null);
  const [loading, setLoading] = useState(false);
  const loadingRef = useRef(false);
  const [loadError, setLoadError] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);

  // Fresh server data (router.refresh after a change): start over from it.
  if (seen.initial !== initial || seen.viewer !== viewer) {
    setSeen({ initial, viewer });
    setList(fromPage(initial));
    setMyReview(viewer.kind === "member" ? viewer.myReview : null);
  }

  async function loadMore() {
    if (loadingRef.current) return;
    loadingRef.current = true;
    setLoading(true);
    setLoadError(false);
    const next = list.page + 1;
    try {
      const response = await fetch(`/api/products/${productId}/reviews?page=${next}`, {
        credentials: "same-origin",
      });
      if (!response.ok) throw new Error(String(response.status));
      const answer = (await response.json()) as ReviewListAnswer;
      const known = new Set(list.reviews.map((r) => r.id));
      const firstNew = list.reviews.length;
      setList({
        reviews: [...list.reviews, ...answer.reviews.filter((r) => !known.has(r.id))],
        total: answer.total,
        page: answer.page,
      });
      // Keyboard and screen reader users continue at the first review that arrived.
      requestAnimationFrame(() =>
        listRef.current?.querySelectorAll<HTMLElement>("li")[firstNew]?.focus(),
      );
    } catch {
      setLoadError(true);
    } finally {
      loadingRef.current = false;
      setLoading(false);
    }
  }

  function saved(review: ReviewView) {
    setMyReview(review);
    // A hidden review stays out of the public list, even for its author.
    if (review.hidden) return;
    setList((current) => {
      const exists = current.reviews.some((r) => r.id === review.id);
      return exists
        ? { ...current, reviews: current.reviews.map((r) => (r.id === review.id ? review : r)) }
        : { ...current, reviews: [review, ...current.reviews], total: current.total + 1 };
    });
  }

  function deleted(reviewId: number) {
    setMyReview(null);
    setList((current) => ({
      ...current,
      reviews: current.reviews.filter((r) => r.id !== reviewId),
      total: Math.max(0, current.total - 1),
    }));
  }

  const reviews = list.reviews.map((r) => ({
    ...r,
    author: myReview !== null && r.id === myReview.id,
  }));
  const hasMore = list.reviews.length < list.total;
  const isOwnProduct = viewer.kind === "member" && viewer.isOwnProduct;

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)] lg:items-start">
      <div className="flex flex-col gap-4">
        {reviews.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-stone-300 bg-white/60 p-5 text-stone-700">
            {NO_REVIEWS_MESSAGE}
          </p>
        ) : (
          <ol ref={listRef} aria-label="Reviews" className="flex flex-col gap-3">
            {reviews.map((review) => (
              <li key={review.id} tabIndex={-1} className="rounded-2xl focus-visible:outline-3">
                <ReviewItem
                  review={review}
                  actions={{
                    canReport: viewer.kind === "member" && !review.author,
                    canReply: isOwnProduct,
                  }}
                />
              </li>
            ))}
          </ol>
        )}
        {reviews.length > 0 ? (
          <p aria-live="polite" className="text-sm text-stone-600">
            Showing {reviews.length} of {list.total} {list.total === 1 ? "review" : "reviews"}
          </p>
        ) : null}
        <LoadMoreButton
          hasMore={hasMore}
          loading={loading}
          error={loadError ? REVIEW_FAILURE_MESSAGE : null}
          onLoadMore={() => void loadMore()}
          size="md"
          className="items-start"
        />
      </div>

      <div className="lg:sticky lg:top-6">
        {isOwnProduct ? (
          <p className="rounded-2xl border border-stone-200 bg-white p-5 text-stone-700">
            This is one of your products, so you cannot review it. Your customers&apos; reviews show
            here.
          </p>
        ) : (
          <ReviewForm
            productId={productId}
            ready={viewer.kind !== "pending"}
            signedIn={viewer.kind === "member"}
            myReview={myReview}
            onSaved={saved}
            onDeleted={deleted}
          />
        )}
      </div>
    </div>
  );
}
