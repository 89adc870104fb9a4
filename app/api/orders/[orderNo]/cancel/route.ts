import { route } from "@/server/http/route";
import { ok, segment } from "@/server/openapi/declare";
import { cancelOrder } from "@/server/orders/cancel-order";
import { getStripe } from "@/server/stripe/stripe-client";
import { orderCancelledAnswer } from "@/server/openapi/answers";

// POST /api/orders/{orderNo}/cancel: the customer cancels their whole order (every line must
// qualify); a paid card order is refunded, one refund per line
export const POST = route<{ orderNo: string }>(
  {
    role: ["customer", "merchant"],
    doc: {
      summary: "The customer cancels their whole order; a paid card order is refunded",
      responses: ok(orderCancelledAnswer),
      pathParams: { orderNo: segment() },
    },
  },
  async ({ member, db, params }) => {
    return Response.json(
      await cancelOrder(db, {
        customerId: member.id,
        orderNo: params.orderNo,
        stripe: getStripe(),
      }),
    );
  },
);
