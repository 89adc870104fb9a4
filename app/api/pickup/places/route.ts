import { pickupPlaceSchema } from "@/lib/validation/pickup";
import { revalidateMerchant } from "@/server/catalog/revalidate-merchant";
import { route } from "@/server/http/route";
import { created, json } from "@/server/openapi/declare";
import { pickupAddedAnswer } from "@/server/openapi/answers";
import { addPickupPlace } from "@/server/pickup/farm-setup";

// POST /api/pickup/places: the farm adds a pickup place with its own address (a market stall)
export const POST = route(
  {
    role: "merchant",
    doc: {
      summary: "The farm adds a pickup place with its own address (a market stall)",
      body: json(pickupPlaceSchema),
      responses: created("The place was added", pickupAddedAnswer),
    },
  },
  async ({ req, member, db }) => {
    const input = pickupPlaceSchema.parse(await req.json());
    const place = await addPickupPlace(db, member.id, input);
    revalidateMerchant({ memberType: member.memberType, usernames: [member.username] });
    return Response.json({ message: "Pickup place added.", ...place }, { status: 201 });
  },
);
