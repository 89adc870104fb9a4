import { adminOrderLineSchema } from "@/lib/validation/orders";
import { cancelOrderLine } from "@/server/admin/cancel-order-line";
import { route } from "@/server/http/route";
import { json, ok } from "@/server/openapi/declare";
import { getStripe } from "@/server/stripe/stripe-client";
import { messageAnswer } from "@/server/openapi/answers";

// POST /api/scripts/cancelOrderLine: an admin cancels one order line (active → 0; a paid card line is refunded)
export const POST = route(
  {
    role: "admin",
    stepUp: true,
    doc: {
      summary: "Cancel one order line (a paid card line is refunded)",
      responses: ok(messageAnswer),
      body: json(adminOrderLineSchema),
    },
  },
  async ({ req, member, db }) => {
    const { id } = adminOrderLineSchema.parse(await req.json());
    return Response.json(await cancelOrderLine(db, getStripe(), { adminId: member.id, id }));
  },
);
