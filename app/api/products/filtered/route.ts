import { productSearchSchema } from "@/lib/validation/search";
import { getViewerNearby } from "@/server/catalog/get-viewer-nearby";
import { listProducts } from "@/server/catalog/list-products";
import { route } from "@/server/http/route";
import { text } from "@/server/openapi/declare";

// GET /api/products/filtered: search and sort products (12 a page); My Local narrows and orders them
export const GET = route(
  {
    public: true,
    doc: {
      summary: "Search and sort products (12 a page); My Local narrows and orders them",
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
    const list = await listProducts(db, { ...input, cursor: query.get("cursor"), near });
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
