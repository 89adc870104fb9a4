import { cookies } from "next/headers";
import { localLocationSchema } from "@/lib/validation/location";
import { route } from "@/server/http/route";
import {
  clearViewerLocation,
  LOCATION_CLEARED_MESSAGE,
} from "@/server/location/clear-viewer-location";
import { getViewerLocation } from "@/server/location/get-viewer-location";
import {
  LOCATION_SAVED_MESSAGE,
  MY_LOCAL_ROLE_MESSAGE,
  saveViewerLocation,
} from "@/server/location/save-viewer-location";
import { toLocationAnswer } from "@/server/location/types";
import { refuseCrossSiteVisitorWrite } from "@/server/location/visitor-write-guard";
import { json, ok } from "@/server/openapi/declare";
import { locationAnswer, locationSavedAnswer, messageAnswer } from "@/server/openapi/answers";

// GET /api/location: the viewer's My Local setting (a customer's saved one, a visitor's cookies), or null
export const GET = route(
  {
    public: true,
    doc: { summary: "The viewer's My Local setting, or null", responses: ok(locationAnswer) },
  },
  async ({ member, db }) => {
    const location = await getViewerLocation(db, member);
    return Response.json({ location: location ? toLocationAnswer(location) : null });
  },
);

// POST /api/location: save My Local (customers in the database, visitors in cookies); the place is geocoded
export const POST = route(
  {
    public: true,
    // Farms and admins have no My Local (spec part 1 section 6).
    signedInRoles: ["customer"],
    roleMessage: MY_LOCAL_ROLE_MESSAGE,
    doc: {
      summary: "Save My Local (customers in the database, visitors in cookies)",
      responses: ok(locationSavedAnswer),
      body: json(localLocationSchema),
    },
  },
  async ({ req, member, db }) => {
    if (!member) refuseCrossSiteVisitorWrite(req);
    const input = localLocationSchema.parse(await req.json());
    const location = await saveViewerLocation(db, { member, input, cookies: await cookies() });
    return Response.json({ message: LOCATION_SAVED_MESSAGE, location: toLocationAnswer(location) });
  },
);

// DELETE /api/location: forget My Local
export const DELETE = route(
  { public: true, doc: { summary: "Forget My Local", responses: ok(messageAnswer) } },
  async ({ req, member, db }) => {
    if (!member) refuseCrossSiteVisitorWrite(req);
    await clearViewerLocation(db, { member, cookies: await cookies() });
    return Response.json({ message: LOCATION_CLEARED_MESSAGE });
  },
);
