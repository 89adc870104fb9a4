import "server-only";
import { getEnv } from "@/server/env";
import { createLocalStore } from "./image-store";
import { imageFileName, parseImageFileName } from "./keys";

/**
 * The bytes of a locally stored image for the URL path segments after /uploads/, or null when
 * the path is not an image name (traversal, dots, upper case, other files) or nothing is there.
 */
export async function readLocalImage(
  segments: readonly string[],
  dir = getEnv().UPLOADS_DIR,
): Promise<Buffer | null> {
  const parsed = parseImageFileName(segments.join("/"));
  if (!parsed) return null;
  return createLocalStore(dir).read(imageFileName(parsed.key, parsed.size));
}
