import { profileSchemaFor } from "@/lib/validation/profile";
import { revalidateMerchant } from "@/server/catalog/revalidate-merchant";
import { route } from "@/server/http/route";
import { getProfile } from "@/server/members/get-profile";
import { updateProfile } from "@/server/members/update-profile";

// GET /api/profile: the signed-in member's own profile
export const GET = route({}, async ({ member, db }) => {
  return Response.json({ profile: await getProfile(db, member.id) });
});

// POST /api/profile: save the member's details (merchants also the introduction; the farm is re-geocoded)
export const POST = route({}, async ({ req, member, db }) => {
  const input = profileSchemaFor(member.memberType).parse(await req.json());
  const profile = await updateProfile(db, { memberId: member.id, input });
  revalidateMerchant({
    memberType: member.memberType,
    usernames: [member.username, profile.username],
  });
  return Response.json({ message: "Your profile has been saved.", profile });
});
