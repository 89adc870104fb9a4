import { listStoreProducts, storeProductsQuerySchema } from "@/server/catalog/list-store-products";
import { route } from "@/server/http/route";
import { ok, segment } from "@/server/openapi/declare";
import { storeProductsAnswer } from "@/server/openapi/answers";

// GET /api/stores/{username}/products: one page of a store's product cards (the deleted view: its owner only)
export const GET = route<{ username: string }>(
  {
    public: true,
    doc: {
      summary: "One page of a store's product cards (the deleted view: its owner only)",
      responses: ok(storeProductsAnswer),
      pathParams: { username: segment() },
      query: [storeProductsQuerySchema],
    },
  },
  async ({ req, member, db, params }) => {
    const query = storeProductsQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
    const page = await listStoreProducts(db, {
      username: params.username,
      ...query,
      viewerId: member?.id ?? null,
    });
    return Response.json({
      products: page.items,
      total: page.total,
      page: page.page,
      perPage: page.perPage,
      hasMore: page.hasMore,
    });
  },
);
