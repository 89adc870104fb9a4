import { adminKeywordSchema } from "@/lib/validation/orders";
import { findOrdersByKeyword } from "@/server/admin/find-orders-by-keyword";
import { route } from "@/server/http/route";
import { json, ok } from "@/server/openapi/declare";
import { adminOrdersAnswer } from "@/server/openapi/answers";

// POST /api/scripts/findOrdersByKeyword: an admin searches order lines (order number, customer, farm, product)
export const POST = route(
  {
    role: "admin",
    doc: {
      summary: "Search order lines (order number, customer, farm, product)",
      responses: ok(adminOrdersAnswer),
      body: json(adminKeywordSchema),
    },
  },
  async ({ req, db }) => {
    const { keyword } = adminKeywordSchema.parse(await req.json());
    return Response.json({ orders: await findOrdersByKeyword(db, { keyword }) });
  },
);
