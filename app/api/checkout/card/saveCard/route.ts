import { saveCardSchema } from "@/lib/validation/card-payment";
import { route } from "@/server/http/route";
import { json, ok } from "@/server/openapi/declare";
import { requireStripe } from "@/server/stripe";
import { setSaveCard } from "@/server/payments";
import { saveCardAnswer } from "@/server/openapi/answers";

// POST /api/checkout/card/saveCard: keep (or not) the new card for next time, before it is confirmed
export const POST = route(
  {
    role: ["customer", "merchant"],
    doc: {
      summary: "Keep (or not) the new card for next time, before it is confirmed",
      responses: ok(saveCardAnswer),
      body: json(saveCardSchema),
    },
  },
  async ({ req, member, db }) => {
    const stripe = requireStripe();
    const { orderNo, saveCard } = saveCardSchema.parse(await req.json());
    await setSaveCard(db, stripe, { customerId: member.id, orderNo, saveCard });
    return Response.json({ saveCard });
  },
);
