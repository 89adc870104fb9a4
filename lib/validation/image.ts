/**
 * Image upload checks shared by the product form and the profile. These look at the name, the
 * declared type and the size; the server still verifies the real type from the bytes
 * (`sniffImageType`, then re-encoding) because a name and a declared type are the client's word.
 * No zod here: the product form and the avatar upload check a picked file with these before any
 * schema loads (the schema's rule is in image-schema.ts).
 */
import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES, IMAGE_MIME_TYPES } from "@/lib/constants";

/** What both a browser File and a multipart-decoded File look like. */
export interface FileLike {
  name: string;
  size: number;
  type?: string;
}

/** A form may hand over a FileList, a File, or "" / null when nothing was chosen. */
export type ImageInput = FileLike | ArrayLike<FileLike> | string | null | undefined;

function isFileLike(value: unknown): value is FileLike {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as FileLike).name === "string" &&
    typeof (value as FileLike).size === "number"
  );
}

/**
 * The chosen file, or null when none: a FileList gives its first file; an empty multipart file
 * part (no name, 0 bytes, what an untouched file input sends) counts as none.
 */
export function pickFile(value: unknown): FileLike | null {
  let candidate = value;
  if (typeof value === "object" && value !== null && !isFileLike(value) && "length" in value) {
    candidate = (value as ArrayLike<unknown>)[0];
  }
  if (!isFileLike(candidate)) return null;
  if (candidate.name === "" && candidate.size === 0) return null;
  return candidate;
}

export function hasImageExtension(name: string): boolean {
  const ext = name.toLowerCase().split(".").pop() ?? "";
  return name.includes(".") && (IMAGE_EXTENSIONS as readonly string[]).includes(ext);
}

export type ImageProblem = "type" | "size";

/** "type" for a name or declared type other than JPEG/PNG, "size" above the limit, else null. */
export function imageProblem(
  file: FileLike,
  maxBytes: number = IMAGE_MAX_BYTES,
): ImageProblem | null {
  const declared = (file.type ?? "").toLowerCase();
  if (!hasImageExtension(file.name)) return "type";
  if (declared !== "" && !(IMAGE_MIME_TYPES as readonly string[]).includes(declared)) return "type";
  if (file.size > maxBytes) return "size";
  return null;
}

/** "jpeg" or "png" from the first bytes of a file, else null: the server's real-type check. */
export function sniffImageType(bytes: Uint8Array): "jpeg" | "png" | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return "jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((b, i) => bytes[i] === b)) return "png";
  return null;
}
