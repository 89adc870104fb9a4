import { adminOrderLineSchema } from "@/lib/validation/orders";
import { payMerchantForLine } from "@/server/admin/pay-merchant-for-line";
import { route } from "@/server/http/route";
import { json, ok } from "@/server/openapi/declare";
import { requireStripe } from "@/server/stripe/require-stripe";
import { merchantPaidAnswer } from "@/server/openapi/answers";

// POST /api/scripts/payMerchant: an admin pays a line's farm for its part of a paid card order (once)
export const POST = route(
  {
    role: "admin",
    stepUp: true,
    doc: {
      summary: "Pay a line's farm for its part of a paid card order (once)",
      responses: ok(merchantPaidAnswer),
      body: json(adminOrderLineSchema),
    },
  },
  async ({ req, member, db }) => {
    const { id } = adminOrderLineSchema.parse(await req.json());
    return Response.json(await payMerchantForLine(db, requireStripe(), { adminId: member.id, id }));
  },
);
