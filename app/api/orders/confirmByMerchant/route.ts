import { confirmByMerchantSchema } from "@/lib/validation/orders";
import { route } from "@/server/http/route";
import { json, ok } from "@/server/openapi/declare";
import { confirmByMerchant } from "@/server/orders/confirm-by-merchant";
import { getStripe } from "@/server/stripe/stripe-client";
import { handoverConfirmedAnswer } from "@/server/openapi/answers";

// POST /api/orders/confirmByMerchant: the farmer confirms the handover of their lines of an order;
// for a card order this pays the farmer (one transfer, however often it is confirmed)
export const POST = route(
  {
    role: "merchant",
    doc: {
      summary: "The farmer confirms the handover of their lines of an order (pays a card order)",
      responses: ok(handoverConfirmedAnswer),
      body: json(confirmByMerchantSchema),
    },
  },
  async ({ req, member, db }) => {
    const { orderId, t } = confirmByMerchantSchema.parse(await req.json());
    const { results, payout } = await confirmByMerchant(db, {
      merchantId: member.id,
      orderId,
      token: t,
      stripe: getStripe(),
    });
    return Response.json({ results, payout });
  },
);
