import { parseRowId } from "@/lib/row-id";
import { PICKUP_MSG } from "@/lib/validation/pickup";
import { revalidateMerchant } from "@/server/catalog/revalidate-merchant";
import { notFoundError } from "@/server/errors";
import { route } from "@/server/http/route";
import { ok, segment } from "@/server/openapi/declare";
import { messageAnswer } from "@/server/openapi/answers";
import { removePickupPlace } from "@/server/pickup/farm-setup";

// DELETE /api/pickup/places/{placeId}: the farm removes a pickup place and its windows
export const DELETE = route<{ placeId: string }>(
  {
    role: "merchant",
    doc: {
      summary: "The farm removes a pickup place and its windows",
      pathParams: { placeId: segment() },
      responses: ok(messageAnswer, "The place was removed"),
    },
  },
  async ({ member, db, params }) => {
    const placeId = parseRowId(params.placeId);
    if (placeId === null) throw notFoundError(PICKUP_MSG.place);
    await removePickupPlace(db, member.id, placeId);
    revalidateMerchant({ memberType: member.memberType, usernames: [member.username] });
    return Response.json({ message: "Pickup place removed." });
  },
);
