import { notFoundError } from "@/server/errors";
import { route } from "@/server/http/route";
import { ok, segment } from "@/server/openapi/declare";
import { getCustomerOrder } from "@/server/orders/get-customer-order";
import { ORDER_NOT_FOUND_MESSAGE } from "@/server/orders/order-rules";
import { orderDetailAnswer } from "@/server/openapi/answers";

// GET /api/orders/{orderNo}/view: one of the member's orders, whole, with its handover QR codes (the order modal)
export const GET = route<{ orderNo: string }>(
  {
    role: ["customer", "merchant"],
    doc: {
      summary: "One of the member's orders, whole, with its handover QR codes",
      responses: ok(orderDetailAnswer),
      pathParams: { orderNo: segment() },
    },
  },
  async ({ member, db, params }) => {
    const order = await getCustomerOrder(db, { customerId: member.id, orderNo: params.orderNo });
    if (!order) throw notFoundError(ORDER_NOT_FOUND_MESSAGE);
    return Response.json({ order });
  },
);
