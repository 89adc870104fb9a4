import { adminOrderLineSchema } from "@/lib/validation/orders";
import { cancelOrderLine } from "@/server/admin/cancel-order-line";
import { route } from "@/server/http/route";
import { getStripe } from "@/server/payments/stripe-client";

// POST /api/scripts/cancelOrderLine: an admin cancels one order line (active → 0; a paid card line is refunded)
export const POST = route({ role: "admin" }, async ({ req, member, db }) => {
  const { id } = adminOrderLineSchema.parse(await req.json());
  return Response.json(await cancelOrderLine(db, getStripe(), { adminId: member.id, id }));
});
