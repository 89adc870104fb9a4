import { route } from "@/server/http/route";
import { getFarmPickupSetup } from "@/server/pickup/farm-setup";

// GET /api/pickup/setup: the farm's pickup places, weekly windows, closed dates and time zone
export const GET = route(
  {
    role: "merchant",
    doc: { summary: "The farm's pickup places, weekly windows, closed dates and time zone" },
  },
  async ({ member, db }) => Response.json(await getFarmPickupSetup(db, member.id)),
);
