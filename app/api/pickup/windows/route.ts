import { pickupWindowSchema } from "@/lib/validation/pickup";
import { revalidateStore } from "@/server/catalog/revalidate-merchant";
import { route } from "@/server/http/route";
import { created, json } from "@/server/openapi/declare";
import { pickupAddedAnswer } from "@/server/openapi/answers";
import { addPickupWindow } from "@/server/pickup/farm-setup";

// POST /api/pickup/windows: the farm adds a weekly pickup window at one of its places
export const POST = route(
  {
    role: "merchant",
    doc: {
      summary: "The farm adds a weekly pickup window at one of its places",
      body: json(pickupWindowSchema),
      responses: created("The window was added", pickupAddedAnswer),
    },
  },
  async ({ req, member, db }) => {
    const input = pickupWindowSchema.parse(await req.json());
    const window = await addPickupWindow(db, member.id, input);
    revalidateStore(member.username);
    return Response.json({ message: "Pickup window added.", ...window }, { status: 201 });
  },
);
