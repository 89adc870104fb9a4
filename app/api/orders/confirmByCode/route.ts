import { confirmByCodeSchema } from "@/lib/validation/orders";
import { route } from "@/server/http/route";
import { handoverByCodeAnswer } from "@/server/openapi/answers";
import { json, ok } from "@/server/openapi/declare";
import { confirmHandoverByCode } from "@/server/orders/confirm-handover-by-code";
import { getStripe } from "@/server/stripe/stripe-client";

// POST /api/orders/confirmByCode: the farm app's scanner confirms a handover from the scanned QR
// link or the typed short code; a replay answers `already_confirmed` and changes nothing
export const POST = route(
  {
    role: "merchant",
    doc: {
      summary: "The farm app confirms a handover by scanned or typed code (idempotent, queueable)",
      responses: ok(handoverByCodeAnswer),
      body: json(confirmByCodeSchema),
    },
  },
  async ({ req, member, db }) => {
    const { code, handedOverAt } = confirmByCodeSchema.parse(await req.json());
    const { outcome, message, orderId, orderNo, results, payout } = await confirmHandoverByCode(
      db,
      { merchantId: member.id, code, handedOverAt, stripe: getStripe() },
    );
    return Response.json({ outcome, message, orderId, orderNo, results, payout });
  },
);
