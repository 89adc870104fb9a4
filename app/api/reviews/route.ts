import { reviewSchema } from "@/lib/validation/reviews";
import { route } from "@/server/http/route";
import { createdOrOk, json } from "@/server/openapi/declare";
import { reviewSavedAnswer } from "@/server/openapi/answers";
import { invalidateReviewCaches } from "@/server/reviews/invalidate-review-caches";
import { REVIEW_MESSAGES } from "@/server/reviews/messages";
import { saveReview } from "@/server/reviews/save-review";

// POST /api/reviews: a member writes a review of a product, or updates their own
export const POST = route(
  {
    doc: {
      summary: "A member writes a review of a product, or updates their own",
      body: json(reviewSchema),
      responses: createdOrOk(
        { created: "The review was added", ok: "The review was updated" },
        reviewSavedAnswer,
      ),
    },
  },
  async ({ req, member, db }) => {
    const input = reviewSchema.parse(await req.json());
    const { created, review, rated } = await saveReview(db, {
      memberId: member.id,
      productId: input.productId,
      reviewId: input.reviewId,
      score: input.score,
      content: input.reviewContent,
    });
    invalidateReviewCaches(rated);
    const message = created ? REVIEW_MESSAGES.added : REVIEW_MESSAGES.updated;
    return Response.json({ message, review }, { status: created ? 201 : 200 });
  },
);
