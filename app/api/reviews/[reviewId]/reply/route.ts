import { reviewReplySchema } from "@/lib/validation/review-trust";
import { notFoundError } from "@/server/errors";
import { route } from "@/server/http/route";
import { reviewReplySavedAnswer, messageAnswer } from "@/server/openapi/answers";
import { created, json, ok, segment } from "@/server/openapi/declare";
import { deleteReviewReply } from "@/server/reviews/delete-review-reply";
import { expireReviewPages } from "@/server/reviews/invalidate-review-caches";
import { REVIEW_MESSAGES, REVIEW_TRUST_MESSAGES } from "@/server/reviews/messages";
import { saveReviewReply } from "@/server/reviews/save-review-reply";
import { parseRowId } from "@/lib/row-id";

type Params = { reviewId: string };

function reviewIdOf(params: Params): number {
  const reviewId = parseRowId(params.reviewId);
  if (reviewId === null) throw notFoundError(REVIEW_MESSAGES.reviewNotFound);
  return reviewId;
}

const replyDoc = (summary: string, isNew: boolean) => ({
  summary,
  pathParams: { reviewId: segment() },
  body: json(reviewReplySchema),
  responses: isNew
    ? created("The reply was posted", reviewReplySavedAnswer)
    : ok(reviewReplySavedAnswer, "The reply was updated"),
});

// POST /api/reviews/{reviewId}/reply: the product's farm posts its one public reply to a review
export const POST = route<Params>(
  { doc: replyDoc("The product's farm posts its one public reply to a review", true) },
  async ({ req, member, db, params }) => {
    const reviewId = reviewIdOf(params);
    const { replyContent } = reviewReplySchema.parse(await req.json());
    const saved = await saveReviewReply(db, {
      memberId: member.id,
      reviewId,
      content: replyContent,
      mode: "create",
    });
    expireReviewPages([saved.productId]);
    return Response.json(
      { message: REVIEW_TRUST_MESSAGES.replyAdded, reply: saved.reply },
      { status: 201 },
    );
  },
);

// PUT /api/reviews/{reviewId}/reply: the farm edits its reply
export const PUT = route<Params>(
  { doc: replyDoc("The farm edits its reply to a review", false) },
  async ({ req, member, db, params }) => {
    const reviewId = reviewIdOf(params);
    const { replyContent } = reviewReplySchema.parse(await req.json());
    const saved = await saveReviewReply(db, {
      memberId: member.id,
      reviewId,
      content: replyContent,
      mode: "update",
    });
    expireReviewPages([saved.productId]);
    return Response.json({ message: REVIEW_TRUST_MESSAGES.replyUpdated, reply: saved.reply });
  },
);

// DELETE /api/reviews/{reviewId}/reply: the farm deletes its reply
export const DELETE = route<Params>(
  {
    doc: {
      summary: "The farm deletes its reply to a review",
      pathParams: { reviewId: segment() },
      responses: ok(messageAnswer, "The reply was deleted"),
    },
  },
  async ({ member, db, params }) => {
    const { productId } = await deleteReviewReply(db, {
      memberId: member.id,
      reviewId: reviewIdOf(params),
    });
    expireReviewPages([productId]);
    return Response.json({ message: REVIEW_TRUST_MESSAGES.replyDeleted });
  },
);
