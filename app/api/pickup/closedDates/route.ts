import { pickupClosedDateSchema } from "@/lib/validation/pickup";
import { route } from "@/server/http/route";
import { json, ok } from "@/server/openapi/declare";
import { closedDateAnswer } from "@/server/openapi/answers";
import { addClosedDate } from "@/server/pickup/farm-setup";

// POST /api/pickup/closedDates: the farm closes a date (a holiday): no window on it is offered
export const POST = route(
  {
    role: "merchant",
    doc: {
      summary: "The farm closes a date (a holiday): no window on it is offered",
      body: json(pickupClosedDateSchema),
      responses: ok(closedDateAnswer, "The date was closed"),
    },
  },
  async ({ req, member, db }) => {
    const { day } = pickupClosedDateSchema.parse(await req.json());
    await addClosedDate(db, member.id, day);
    return Response.json({ message: "Date closed.", day });
  },
);
