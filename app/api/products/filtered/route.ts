import { productSearchSchema } from "@/lib/validation/search";
import { getViewerNearby } from "@/server/catalog/get-viewer-nearby";
import { countSearchAfterResponse } from "@/server/demand/count-demand";
import { listProducts } from "@/server/catalog/list-products";
import { route } from "@/server/http/route";
import { ok, text } from "@/server/openapi/declare";
import { productListAnswer } from "@/server/openapi/answers";

// GET /api/products/filtered: search and sort products (12 a page); My Local narrows and orders them
export const GET = route(
  {
    public: true,
    doc: {
      summary: "Search and sort products (12 a page); My Local narrows and orders them",
      responses: ok(productListAnswer),
      query: [productSearchSchema, { cursor: text().optional() }],
    },
  },
  async ({ req, member, db }) => {
    const query = new URL(req.url).searchParams;
    const input = productSearchSchema.parse({
      keyword: query.get("keyword"),
      sortType: query.get("sortType"),
      page: query.get("page"),
    });
    const near = await getViewerNearby(db, member);
    const cursor = query.get("cursor");
    const list = await listProducts(db, { ...input, cursor, near });
    if (input.page === 1 && !cursor)
      await countSearchAfterResponse(db, {
        keyword: input.keyword,
        total: list.total,
        near,
        member,
        headers: req.headers,
      });
    return Response.json({
      products: list.items,
      total: list.total,
      page: list.page,
      perPage: list.perPage,
      hasMore: list.hasMore,
      nextCursor: list.nextCursor,
    });
  },
);
