import { z } from "zod";
import { MSG } from "@/lib/validation/messages";
import { id } from "@/lib/validation/shared";
import { route } from "@/server/http/route";
import { confirmByMerchant } from "@/server/orders/confirm-by-merchant";

const confirmByMerchantSchema = z.object({
  orderId: id(),
  /** The token of the customer's QR code; optional for pay-in-person orders. */
  t: z.string({ error: MSG.invalidValue }).max(64, MSG.invalidValue).optional(),
});

// POST /api/orders/confirmByMerchant: the farmer confirms the handover of their lines of an order
export const POST = route({ role: "merchant" }, async ({ req, member, db }) => {
  const { orderId, t } = confirmByMerchantSchema.parse(await req.json());
  const { results } = await confirmByMerchant(db, { merchantId: member.id, orderId, token: t });
  return Response.json({ results });
});
