import { z } from "zod";
import { moderationSchema } from "@/lib/validation/review-trust";
import { notFoundError } from "@/server/errors";
import { route } from "@/server/http/route";
import { messageAnswer } from "@/server/openapi/answers";
import { json, ok, segment } from "@/server/openapi/declare";
import {
  expireReviewPages,
  invalidateReviewCaches,
} from "@/server/reviews/invalidate-review-caches";
import { REVIEW_MESSAGES } from "@/server/reviews/messages";
import { moderateReview } from "@/server/reviews/moderate-review";
import { parseRowId } from "@/lib/row-id";

const ACTIONS = z.enum(["hide", "restore", "dismiss"]);

// POST /api/admin/reviews/{reviewId}/{hide|restore|dismiss}: an admin moderates a review or its reply, saying why
export const POST = route<{ reviewId: string; action: string }>(
  {
    role: "admin",
    doc: {
      summary: "An admin hides, restores or dismisses the reports of a review or its reply",
      pathParams: { reviewId: segment(), action: ACTIONS },
      body: json(moderationSchema),
      responses: ok(messageAnswer, "The review or reply was moderated"),
    },
  },
  async ({ req, member, db, params }) => {
    const reviewId = parseRowId(params.reviewId);
    const action = ACTIONS.safeParse(params.action);
    if (reviewId === null || !action.success) throw notFoundError(REVIEW_MESSAGES.reviewNotFound);
    const { target, reason } = moderationSchema.parse(await req.json());
    const { productId, rated, message } = await moderateReview(db, {
      adminId: member.id,
      reviewId,
      target,
      action: action.data,
      reason,
    });
    // Hidden or shown again: the product's page, counts and structured data change everywhere now.
    if (rated) invalidateReviewCaches(rated);
    else if (action.data !== "dismiss") expireReviewPages([productId]);
    return Response.json({ message });
  },
);
