import { listOwnerProducts } from "@/server/catalog/list-owner-products";
import { route } from "@/server/http/route";

// GET /api/products/getTotal/byUser: the merchant's products that count toward the plan limit
export const GET = route(
  {
    role: "merchant",
    doc: { summary: "The merchant's products that count toward the plan limit" },
  },
  async ({ member, db }) => {
    const products = await listOwnerProducts(db, { merchantId: member.id });
    return Response.json({ data: { products } });
  },
);
