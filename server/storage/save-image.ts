import "server-only";
import { getImageStore, type ImageStore } from "./image-store";
import { imageFileName, isImageKey, newImageKey, type ImageKind } from "./keys";
import { IMAGE_SIZES, MAX_UPLOAD_BYTES, processImage, type ImageSize } from "./process-image";

export type SaveImageOptions = {
  kind: ImageKind;
  /** Defaults to MAX_UPLOAD_BYTES (8 MB). */
  maxBytes?: number;
  /** Defaults to the store the environment configures. */
  store?: ImageStore;
};

/**
 * Validates and re-encodes an uploaded image (see `processImage`) and stores both sizes under a
 * new random key. Nothing is stored unless the whole image is valid; if one size fails to store,
 * the other is removed again.
 *
 * @throws ImageTooLargeError, InvalidImageError (before anything is written)
 */
export async function saveImage(
  bytes: Uint8Array,
  options: SaveImageOptions,
): Promise<{ key: string; width: number; height: number }> {
  const store = options.store ?? getImageStore();
  const image = await processImage(bytes, { maxBytes: options.maxBytes ?? MAX_UPLOAD_BYTES });
  const key = newImageKey(options.kind);
  const results = await Promise.allSettled(
    IMAGE_SIZES.map((size) => store.put(imageFileName(key, size), image.variants[size])),
  );
  const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) {
    await Promise.allSettled(IMAGE_SIZES.map((size) => store.remove(imageFileName(key, size))));
    throw failed.reason;
  }
  return { key, width: image.width, height: image.height };
}

/** Removes both sizes of an image; removing one that is already gone is not an error. */
export async function deleteImage(key: string, store: ImageStore = getImageStore()): Promise<void> {
  if (!isImageKey(key)) throw new Error(`Not an image key: ${JSON.stringify(key)}`);
  await Promise.all(IMAGE_SIZES.map((size) => store.remove(imageFileName(key, size))));
}

/** The public URL of one size: `/uploads/<key>-<size>.webp` locally, `${S3_PUBLIC_URL}/<key>-<size>.webp` on S3. */
export function imageUrl(
  key: string,
  size: ImageSize,
  store: ImageStore = getImageStore(),
): string {
  return store.url(imageFileName(key, size));
}
