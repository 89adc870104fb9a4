import { farmTimeZoneSchema } from "@/lib/validation/pickup";
import { revalidateStore } from "@/server/catalog/revalidate-merchant";
import { route } from "@/server/http/route";
import { json, ok } from "@/server/openapi/declare";
import { farmTimeZoneAnswer } from "@/server/openapi/answers";
import { setFarmTimeZone } from "@/server/pickup/farm-setup";

// POST /api/pickup/timeZone: the farm picks the time zone of its windows (null: its province's)
export const POST = route(
  {
    role: "merchant",
    doc: {
      summary: "The farm picks the time zone of its windows (null: its province's)",
      body: json(farmTimeZoneSchema),
      responses: ok(farmTimeZoneAnswer, "The time zone was saved"),
    },
  },
  async ({ req, member, db }) => {
    const { timeZone } = farmTimeZoneSchema.parse(await req.json());
    await setFarmTimeZone(db, member.id, timeZone);
    revalidateStore(member.username);
    return Response.json({ message: "Time zone saved.", timeZone });
  },
);
