"use client";

import { useEffect, useState } from "react";
import { useViewerState, type ViewerState } from "@/components/layout/viewer-context";
import { ReviewsSection } from "@/components/reviews/reviews-section";
import type { ReviewPage, ReviewsViewer } from "@/components/reviews/types";

const PENDING: ReviewsViewer = { kind: "pending" };

/** The review form's viewer from the shell's viewer answer, once it is there for this product. */
function toReviewsViewer(
  state: ViewerState,
  productId: number,
  merchantUsername: string,
): ReviewsViewer | null {
  if (state.status === "failed") return { kind: "visitor" };
  if (state.status !== "ready" || state.productId !== productId) return null;
  const { viewer, myReview } = state.answer;
  if (!viewer) return { kind: "visitor" };
  const isOwnProduct = viewer.role === "merchant" && viewer.username === merchantUsername;
  return { kind: "member", isOwnProduct, myReview: isOwnProduct ? null : (myReview ?? null) };
}

/**
 * The reviews with the viewer's part (their own review, whether they may write one) from
 * `GET /api/viewer?product={id}`, asked once with the shell's own call: the page itself stays
 * the same for everyone and is served from the cache. When the server renders the page again
 * after a change (router.refresh after a review is saved or deleted), the viewer is asked again
 * and the new first page and the new viewer are shown together, so the form never steps back.
 */
export function ProductReviews({
  productId,
  merchantUsername,
  initial,
}: {
  productId: number;
  merchantUsername: string;
  initial: ReviewPage;
}) {
  const { state, reload } = useViewerState();
  const [shown, setShown] = useState<{ initial: ReviewPage; viewer: ReviewsViewer }>({
    initial,
    viewer: PENDING,
  });

  // The first answer for this product: the viewer is known from now on.
  if (shown.viewer === PENDING) {
    const viewer = toReviewsViewer(state, productId, merchantUsername);
    if (viewer) setShown({ initial: shown.initial, viewer });
  }

  useEffect(() => {
    if (initial === shown.initial) return;
    let live = true;
    void reload().then((next) => {
      if (live)
        setShown({
          initial,
          viewer: toReviewsViewer(next, productId, merchantUsername) ?? PENDING,
        });
    });
    return () => {
      live = false;
    };
  }, [initial, shown.initial, reload, productId, merchantUsername]);

  // Mounted again once the viewer is known, as the server's Suspense fallback was replaced: the
  // form takes its starting values (the viewer's review) when it mounts.
  return (
    <ReviewsSection
      key={shown.viewer === PENDING ? "pending" : "viewer"}
      productId={productId}
      initial={shown.initial}
      viewer={shown.viewer}
    />
  );
}
