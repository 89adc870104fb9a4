import { route } from "@/server/http/route";
import { listSavedCards } from "@/server/payments";
import { requireStripe } from "@/server/stripe";

// GET /api/checkout/card/savedCards: the member's saved cards (brand and last 4)
export const GET = route(
  {
    role: ["customer", "merchant"],
    doc: { summary: "The member's saved cards (brand and last 4)" },
  },
  async ({ member, db }) => {
    const cards = await listSavedCards(db, requireStripe(), member.id);
    return Response.json({ cards });
  },
);
