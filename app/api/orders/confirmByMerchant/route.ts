import { z } from "zod";
import { MSG } from "@/lib/validation/messages";
import { id } from "@/lib/validation/shared";
import { route } from "@/server/http/route";
import { confirmByMerchant } from "@/server/orders/confirm-by-merchant";
import { getStripe } from "@/server/payments/stripe-client";

const confirmByMerchantSchema = z.object({
  orderId: id(),
  /** The token of the customer's QR code; optional for pay-in-person orders. */
  t: z.string({ error: MSG.invalidValue }).max(64, MSG.invalidValue).optional(),
});

// POST /api/orders/confirmByMerchant: the farmer confirms the handover of their lines of an order;
// for a card order this pays the farmer (one transfer, however often it is confirmed)
export const POST = route({ role: "merchant" }, async ({ req, member, db }) => {
  const { orderId, t } = confirmByMerchantSchema.parse(await req.json());
  const { results, payout } = await confirmByMerchant(db, {
    merchantId: member.id,
    orderId,
    token: t,
    stripe: getStripe(),
  });
  return Response.json({ results, payout });
});
