import { adminKeywordSchema } from "@/lib/validation/orders";
import { findOrdersByKeyword } from "@/server/admin/find-orders-by-keyword";
import { route } from "@/server/http/route";
import { json } from "@/server/openapi/declare";

// POST /api/scripts/findOrdersByKeyword: an admin searches order lines (order number, customer, farm, product)
export const POST = route(
  {
    role: "admin",
    doc: {
      summary: "Search order lines (order number, customer, farm, product)",
      body: json(adminKeywordSchema),
    },
  },
  async ({ req, db }) => {
    const { keyword } = adminKeywordSchema.parse(await req.json());
    return Response.json({ orders: await findOrdersByKeyword(db, { keyword }) });
  },
);
