import { orderListQuerySchema } from "@/lib/validation/orders";
import { route } from "@/server/http/route";
import { listReceivedOrders } from "@/server/orders/list-received-orders";
import { receivedOrdersAnswer } from "@/server/openapi/answers";
import { ok } from "@/server/openapi/declare";

// GET /api/orders/received/view: the farmer's received order lines, 10 a page, with the total
export const GET = route(
  {
    role: "merchant",
    doc: {
      summary: "The farmer's received order lines, 10 a page, with the total",
      responses: ok(receivedOrdersAnswer),
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
    return Response.json(await listReceivedOrders(db, { merchantId: member.id, ...input }));
  },
);
