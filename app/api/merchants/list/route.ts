import { merchantSearchSchema } from "@/lib/validation/search";
import { getViewerNearby } from "@/server/catalog/get-viewer-nearby";
import { listMerchants } from "@/server/catalog/list-merchants";
import { route } from "@/server/http/route";
import { ok, text } from "@/server/openapi/declare";
import { merchantListAnswer } from "@/server/openapi/answers";

// GET /api/merchants/list: farmers by username, email or address (10 a page): newest, nearest (My Local) or top rated first
export const GET = route(
  {
    public: true,
    doc: {
      summary:
        "Farmers by username, email or address (10 a page): newest, nearest or top rated first",
      responses: ok(merchantListAnswer),
      query: [merchantSearchSchema, { cursor: text().optional() }],
    },
  },
  async ({ req, member, db }) => {
    const query = new URL(req.url).searchParams;
    const input = merchantSearchSchema.parse({
      keyword: query.get("keyword"),
      sortType: query.get("sortType"),
      page: query.get("page"),
    });
    const near = await getViewerNearby(db, member);
    const list = await listMerchants(db, { ...input, cursor: query.get("cursor"), near });
    return Response.json({
      merchants: list.items,
      total: list.total,
      page: list.page,
      perPage: list.perPage,
      hasMore: list.hasMore,
      nextCursor: list.nextCursor,
    });
  },
);
