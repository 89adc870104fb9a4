import { pickupClosedDateSchema } from "@/lib/validation/pickup";
import { route } from "@/server/http/route";
import { ok, segment } from "@/server/openapi/declare";
import { closedDateAnswer } from "@/server/openapi/answers";
import { removeClosedDate } from "@/server/pickup/farm-setup";

// DELETE /api/pickup/closedDates/{day}: the farm opens a closed date again
export const DELETE = route<{ day: string }>(
  {
    role: "merchant",
    doc: {
      summary: "The farm opens a closed date again",
      pathParams: { day: segment() },
      responses: ok(closedDateAnswer, "The date is open again"),
    },
  },
  async ({ member, db, params }) => {
    const { day } = pickupClosedDateSchema.parse({ day: params.day });
    await removeClosedDate(db, member.id, day);
    return Response.json({ message: "Date open again.", day });
  },
);
