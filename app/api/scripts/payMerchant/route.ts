import { adminOrderLineSchema } from "@/lib/validation/orders";
import { payMerchantForLine } from "@/server/admin/pay-merchant-for-line";
import { route } from "@/server/http/route";
import { requireStripe } from "@/server/payments/require-stripe";

// POST /api/scripts/payMerchant: an admin pays a line's farm for its part of a paid card order (once)
export const POST = route({ role: "admin" }, async ({ req, member, db }) => {
  const { id } = adminOrderLineSchema.parse(await req.json());
  return Response.json(await payMerchantForLine(db, requireStripe(), { adminId: member.id, id }));
});
