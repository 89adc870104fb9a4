import { listOwnerProducts } from "@/server/catalog/list-owner-products";
import { route } from "@/server/http/route";
import { ownerProductsAnswer } from "@/server/openapi/answers";
import { ok } from "@/server/openapi/declare";

// GET /api/products/getTotal/byUser: the merchant's products that count toward the plan limit
export const GET = route(
  {
    role: "merchant",
    doc: {
      summary: "The merchant's products that count toward the plan limit",
      responses: ok(ownerProductsAnswer),
    },
  },
  async ({ member, db }) => {
    const products = await listOwnerProducts(db, { merchantId: member.id });
    return Response.json({ data: { products } });
  },
);
