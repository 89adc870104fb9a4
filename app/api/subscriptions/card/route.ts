import { route } from "@/server/http/route";
import { requireStripe } from "@/server/stripe";
import { startCardUpdate } from "@/server/subscriptions";
import { clientSecretAnswer } from "@/server/openapi/answers";
import { ok } from "@/server/openapi/declare";

// POST /api/subscriptions/card: a SetupIntent's client secret for a new card on the farmer's plan
export const POST = route(
  {
    doc: {
      summary: "A SetupIntent's client secret for a new card on the farmer's plan",
      responses: ok(clientSecretAnswer),
    },
  },
  async ({ member, db }) => {
    return Response.json(await startCardUpdate(db, requireStripe(), { memberId: member.id }));
  },
);
