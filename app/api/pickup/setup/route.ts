import { route } from "@/server/http/route";
import { farmPickupSetupAnswer } from "@/server/openapi/answers";
import { ok } from "@/server/openapi/declare";
import { getFarmPickupSetup } from "@/server/pickup/farm-setup";

// GET /api/pickup/setup: the farm's pickup places, weekly windows, closed dates and time zone
export const GET = route(
  {
    role: "merchant",
    doc: {
      summary: "The farm's pickup places, weekly windows, closed dates and time zone",
      responses: ok(farmPickupSetupAnswer),
    },
  },
  async ({ member, db }) => Response.json(await getFarmPickupSetup(db, member.id)),
);
