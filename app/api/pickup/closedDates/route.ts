import { pickupClosedDateSchema } from "@/lib/validation/pickup";
import { route } from "@/server/http/route";
import { json } from "@/server/openapi/declare";
import { addClosedDate } from "@/server/pickup/farm-setup";

// POST /api/pickup/closedDates: the farm closes a date (a holiday): no window on it is offered
export const POST = route(
  {
    role: "merchant",
    doc: {
      summary: "The farm closes a date (a holiday): no window on it is offered",
      body: json(pickupClosedDateSchema),
    },
  },
  async ({ req, member, db }) => {
    const { day } = pickupClosedDateSchema.parse(await req.json());
    await addClosedDate(db, member.id, day);
    return Response.json({ message: "Date closed.", day });
  },
);
