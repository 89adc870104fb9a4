import { route } from "@/server/http/route";
import { listSavedCards } from "@/server/payments";
import { requireStripe } from "@/server/stripe";
import { savedCardsAnswer } from "@/server/openapi/answers";
import { ok } from "@/server/openapi/declare";

// GET /api/checkout/card/savedCards: the member's saved cards (brand and last 4)
export const GET = route(
  {
    role: ["customer", "merchant"],
    doc: {
      summary: "The member's saved cards (brand and last 4)",
      responses: ok(savedCardsAnswer),
    },
  },
  async ({ member, db }) => {
    const cards = await listSavedCards(db, requireStripe(), member.id);
    return Response.json({ cards });
  },
);
