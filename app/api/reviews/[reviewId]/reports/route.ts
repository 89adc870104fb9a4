import { reviewReportSchema } from "@/lib/validation/review-trust";
import { notFoundError } from "@/server/errors";
import { route } from "@/server/http/route";
import { messageAnswer } from "@/server/openapi/answers";
import { created, json, segment } from "@/server/openapi/declare";
import { REVIEW_MESSAGES, REVIEW_TRUST_MESSAGES } from "@/server/reviews/messages";
import { reportReview } from "@/server/reviews/report-review";
import { parseRowId } from "@/lib/row-id";

// POST /api/reviews/{reviewId}/reports: a signed-in member reports a review or its reply, once, with a reason
export const POST = route<{ reviewId: string }>(
  {
    doc: {
      summary: "A signed-in member reports a review or its reply, once, with a reason",
      pathParams: { reviewId: segment() },
      body: json(reviewReportSchema),
      responses: created("The report was recorded", messageAnswer),
    },
  },
  async ({ req, member, db, params }) => {
    const reviewId = parseRowId(params.reviewId);
    if (reviewId === null) throw notFoundError(REVIEW_MESSAGES.reviewNotFound);
    const { target, reason } = reviewReportSchema.parse(await req.json());
    await reportReview(db, { reporterId: member.id, reviewId, target, reason });
    return Response.json({ message: REVIEW_TRUST_MESSAGES.reported }, { status: 201 });
  },
);
