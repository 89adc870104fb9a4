import { orderListQuerySchema } from "@/lib/validation/orders";
import { route } from "@/server/http/route";
import { listPlacedOrders } from "@/server/orders/list-placed-orders";
import { placedOrdersAnswer } from "@/server/openapi/answers";
import { ok } from "@/server/openapi/declare";

// GET /api/orders/placed/view: the member's own purchases (My Purchases), 10 lines a page, with the total
export const GET = route(
  {
    role: ["customer", "merchant"],
    doc: {
      summary: "The member's own purchases (My Purchases), 10 lines a page, with the total",
      responses: ok(placedOrdersAnswer),
      query: [orderListQuerySchema],
    },
  },
  async ({ req, member, db }) => {
    const query = new URL(req.url).searchParams;
    const input = orderListQuerySchema.parse({
      page: query.get("page"),
      perPage: query.get("perPage"),
      keyword: query.get("keyword"),
    });
    return Response.json(await listPlacedOrders(db, { customerId: member.id, ...input }));
  },
);
