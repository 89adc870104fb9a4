import { route } from "@/server/http/route";
import { ok, segment } from "@/server/openapi/declare";
import { CARD_DELETED_MESSAGE, deleteSavedCard } from "@/server/payments";
import { requireStripe } from "@/server/stripe";
import { messageAnswer } from "@/server/openapi/answers";

// DELETE /api/checkout/card/savedCards/{paymentMethodId}: delete one of the member's saved cards
export const DELETE = route<{ paymentMethodId: string }>(
  {
    role: ["customer", "merchant"],
    doc: {
      summary: "Delete one of the member's saved cards",
      responses: ok(messageAnswer),
      pathParams: { paymentMethodId: segment() },
    },
  },
  async ({ member, db, params }) => {
    await deleteSavedCard(db, requireStripe(), {
      memberId: member.id,
      paymentMethodId: params.paymentMethodId,
    });
    return Response.json({ message: CARD_DELETED_MESSAGE });
  },
);
