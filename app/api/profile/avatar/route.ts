import { IMAGE_MAX_BYTES } from "@/lib/constants";
import { MSG } from "@/lib/validation/messages";
import { profileImageSchema } from "@/lib/validation/profile";
import { validationError } from "@/server/errors";
import { revalidateMerchant } from "@/server/catalog/revalidate-merchant";
import { MULTIPART_MEDIA_TYPE, requireContentType } from "@/server/http/content-type";
import { readBodyWithLimit } from "@/server/http/read-body-with-limit";
import { route } from "@/server/http/route";
import { AVATAR_FIELD, updateAvatar } from "@/server/members/update-avatar";
import { ok, upload } from "@/server/openapi/declare";
import { avatarSavedAnswer } from "@/server/openapi/answers";

/** Room for the multipart boundaries and part headers around an 8 MB file. */
const MAX_BODY_BYTES = IMAGE_MAX_BYTES + 64 * 1024;

// POST /api/profile/avatar: replace the profile image (multipart field avatarImage, JPEG or PNG, 8 MB)
export const POST = route(
  {
    doc: {
      summary: "Replace the profile image (avatarImage, JPEG or PNG, 8 MB)",
      responses: ok(avatarSavedAnswer),
      body: upload(profileImageSchema, [AVATAR_FIELD]),
    },
  },
  async ({ req, member, db }) => {
    requireContentType(req, [MULTIPART_MEDIA_TYPE]);
    // Refused before reading a byte when the declared size is too big; streamed with a cap otherwise.
    const body = await readBodyWithLimit(req, MAX_BODY_BYTES);
    if (!body) throw validationError({ [AVATAR_FIELD]: [MSG.imageTooBig] });
    const form = await parseMultipart(body, req.headers.get("content-type"));
    const { avatarImage } = profileImageSchema.parse({ avatarImage: form.get(AVATAR_FIELD) });
    const bytes = new Uint8Array(await avatarImage!.arrayBuffer());
    const saved = await updateAvatar(db, { memberId: member.id, bytes });
    revalidateMerchant({ memberType: member.memberType, usernames: [member.username] });
    return Response.json({ message: "Your profile image has been updated.", ...saved });
  },
);

async function parseMultipart(
  body: Uint8Array<ArrayBuffer>,
  contentType: string | null,
): Promise<FormData> {
  if (!contentType?.toLowerCase().startsWith("multipart/form-data")) {
    throw validationError({ [AVATAR_FIELD]: [MSG.invalidFileUploaded] });
  }
  try {
    return await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw validationError({ [AVATAR_FIELD]: [MSG.invalidFileUploaded] });
  }
}
