import "server-only";
import { eq } from "drizzle-orm";
import { MSG } from "@/lib/validation/messages";
import type { Db } from "@/server/db/client";
import { members } from "@/server/db/schema";
import { notFoundError, validationError } from "@/server/errors";
import { log } from "@/server/log";
import {
  deleteImage,
  ImageTooLargeError,
  imageUrl,
  InvalidImageError,
  saveImage,
  type ImageStore,
} from "@/server/storage";

/** The form field of `POST /api/profile/avatar`, and the key its errors come under. */
export const AVATAR_FIELD = "avatarImage";

/**
 * Replaces the member's profile image. The bytes are checked by content (JPEG or PNG only, 8 MB,
 * no pixel bombs) and re-encoded by `saveImage`; the old image is removed once the new one is saved.
 *
 * @throws AppError validation on `avatarImage` ('Invalid file uploaded.' / 'Image size is too big.'),
 *   with nothing stored; not_found for a vanished member.
 */
export async function updateAvatar(
  db: Db,
  { memberId, bytes, store }: { memberId: number; bytes: Uint8Array; store?: ImageStore },
): Promise<{ avatarImage: string }> {
  const [current] = await db
    .select({ avatarImage: members.avatarImage })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  if (!current) throw notFoundError("The member could not be found.");

  let key: string;
  try {
    ({ key } = await saveImage(bytes, { kind: "avatar", store }));
  } catch (error) {
    if (error instanceof InvalidImageError)
      throw validationError({ [AVATAR_FIELD]: [MSG.invalidFileUploaded] });
    if (error instanceof ImageTooLargeError)
      throw validationError({ [AVATAR_FIELD]: [MSG.imageTooBig] });
    throw error;
  }

  try {
    await db.update(members).set({ avatarImage: key }).where(eq(members.id, memberId));
  } catch (error) {
    await deleteImage(key, store).catch(() => undefined);
    throw error;
  }
  if (current.avatarImage) {
    // A leftover file only costs storage; the profile already points at the new one.
    await deleteImage(current.avatarImage, store).catch((err: unknown) =>
      log.warn({ err, memberId }, "could not remove the previous profile image"),
    );
  }
  return { avatarImage: imageUrl(key, "sm", store) };
}
