import { updateOrderStatusSchema } from "@/lib/validation/orders";
import { route } from "@/server/http/route";
import { json, ok } from "@/server/openapi/declare";
import { updateOrderStatus } from "@/server/orders/update-order-status";
import { getStripe } from "@/server/stripe/stripe-client";
import { messageAnswer } from "@/server/openapi/answers";

// POST /api/orders/updateStatus: a farmer moves one of their order lines to a new status (cancelled
// or refunded on a paid card line refunds it, decision 0016)
export const POST = route(
  {
    role: "merchant",
    doc: {
      summary: "A farmer moves one of their order lines to a new status",
      responses: ok(messageAnswer),
      body: json(updateOrderStatusSchema),
    },
  },
  async ({ req, member, db }) => {
    const input = updateOrderStatusSchema.parse(await req.json());
    const message = await updateOrderStatus(db, {
      merchantId: member.id,
      orderItemId: input.order_id,
      status: input.order_status,
      stripe: getStripe(),
    });
    return Response.json({ message });
  },
);
