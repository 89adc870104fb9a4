import { reviewListQuerySchema } from "@/lib/validation/reviews";
import { notFoundError } from "@/server/errors";
import { route } from "@/server/http/route";
import { ok, segment } from "@/server/openapi/declare";
import { getMyReview } from "@/server/reviews/get-my-review";
import { listReviews } from "@/server/reviews/list-reviews";
import { REVIEW_MESSAGES } from "@/server/reviews/messages";
import { parseRowId } from "@/lib/row-id";
import { reviewPageAnswer } from "@/server/openapi/answers";

// GET /api/products/{productId}/reviews?page=: a page of reviews (5, newest first) and the viewer's own review
export const GET = route<{ productId: string }>(
  {
    public: true,
    doc: {
      summary: "A page of reviews (5, newest first) and the viewer's own review",
      responses: ok(reviewPageAnswer),
      pathParams: { productId: segment() },
      query: [reviewListQuerySchema],
    },
  },
  async ({ req, member, db, params }) => {
    const productId = parseRowId(params.productId);
    if (productId === null) throw notFoundError(REVIEW_MESSAGES.productNotFound);
    const query = reviewListQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
    const list = await listReviews(db, {
      productId,
      page: query.page,
      viewerId: member?.id ?? null,
    });
    const myReview = member ? await getMyReview(db, { productId, memberId: member.id }) : null;
    return Response.json({ ...list, myReview });
  },
);
