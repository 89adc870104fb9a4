import { notFoundError } from "@/server/errors";
import { route } from "@/server/http/route";
import { ok, segment } from "@/server/openapi/declare";
import { deleteReview } from "@/server/reviews/delete-review";
import { invalidateReviewCaches } from "@/server/reviews/invalidate-review-caches";
import { REVIEW_MESSAGES } from "@/server/reviews/messages";
import { parseRowId } from "@/lib/row-id";
import { messageAnswer } from "@/server/openapi/answers";

// DELETE /api/reviews/{reviewId}: the author deletes their review
export const DELETE = route<{ reviewId: string }>(
  {
    doc: {
      summary: "The author deletes their review",
      responses: ok(messageAnswer),
      pathParams: { reviewId: segment() },
    },
  },
  async ({ member, db, params }) => {
    const reviewId = parseRowId(params.reviewId);
    if (reviewId === null) throw notFoundError(REVIEW_MESSAGES.reviewNotFound);
    invalidateReviewCaches(await deleteReview(db, { memberId: member.id, reviewId }));
    return Response.json({ message: REVIEW_MESSAGES.deleted });
  },
);
