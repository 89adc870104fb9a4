import "server-only";
import { getSessionMember } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { getMyReview } from "@/server/reviews/get-my-review";
import { ReviewsSection } from "./reviews-section";
import type { ReviewPage, ReviewsViewer } from "./types";

/**
 * The viewer-dependent part of the reviews: who is looking and their own review (one indexed
 * query for a member, none for a visitor). It reads the session cookie, so the page renders it
 * under <Suspense>; the cached first page of reviews comes in as `initial`.
 */
export async function ViewerReviews({
  productId,
  merchantUsername,
  initial,
}: {
  productId: number;
  merchantUsername: string;
  initial: ReviewPage;
}) {
  const member = await getSessionMember();
  let viewer: ReviewsViewer = { kind: "visitor" };
  if (member) {
    const isOwnProduct = member.memberType === "merchant" && member.username === merchantUsername;
    const myReview = isOwnProduct
      ? null
      : await getMyReview(await getDb(), { productId, memberId: member.id });
    viewer = { kind: "member", isOwnProduct, myReview };
  }
  return <ReviewsSection productId={productId} initial={initial} viewer={viewer} />;
}
