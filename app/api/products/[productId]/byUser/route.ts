import { getOwnerProduct } from "@/server/catalog/get-owner-product";
import { route } from "@/server/http/route";
import { ok, segment } from "@/server/openapi/declare";
import { parseProductId } from "../../product-id";
import { ownerProductAnswer } from "@/server/openapi/answers";

// GET /api/products/{productId}/byUser: the owner loads a product into the edit form (another merchant's: 404)
export const GET = route<{ productId: string }>(
  {
    role: "merchant",
    doc: {
      summary: "The owner loads a product into the edit form (another merchant's: 404)",
      responses: ok(ownerProductAnswer),
      pathParams: { productId: segment() },
    },
  },
  async ({ member, db, params }) => {
    const { product } = await getOwnerProduct(db, {
      merchantId: member.id,
      productId: parseProductId(params.productId),
    });
    return Response.json({ product });
  },
);
