import { z } from "zod";
import {
  customerProfileSchema,
  merchantProfileSchema,
  profileSchemaFor,
} from "@/lib/validation/profile";
import { revalidateMerchant } from "@/server/catalog/revalidate-merchant";
import { route } from "@/server/http/route";
import { getProfile } from "@/server/members/get-profile";
import { updateProfile } from "@/server/members/update-profile";
import { json, ok } from "@/server/openapi/declare";
import { profileAnswer, profileSavedAnswer } from "@/server/openapi/answers";

// GET /api/profile: the signed-in member's own profile
export const GET = route(
  { doc: { summary: "The signed-in member's own profile", responses: ok(profileAnswer) } },
  async ({ member, db }) => {
    return Response.json({ profile: await getProfile(db, member.id) });
  },
);

// POST /api/profile: save the member's details (merchants also the introduction; the farm is re-geocoded)
export const POST = route(
  {
    doc: {
      summary: "Save the member's details (the schema of the caller's member type)",
      responses: ok(profileSavedAnswer),
      body: json(z.union([customerProfileSchema, merchantProfileSchema])),
    },
  },
  async ({ req, member, db }) => {
    const input = profileSchemaFor(member.memberType).parse(await req.json());
    const profile = await updateProfile(db, { memberId: member.id, input });
    revalidateMerchant({
      memberType: member.memberType,
      usernames: [member.username, profile.username],
    });
    return Response.json({ message: "Your profile has been saved.", profile });
  },
);
