import "server-only";

export { ImageTooLargeError, InvalidImageError } from "./errors";
export { IMAGE_CACHE_CONTROL, type ImageStore } from "./image-store";
export type { ImageKind } from "./keys";
export {
  MAX_UPLOAD_BYTES,
  processImage,
  type ImageSize,
  type ProcessedImage,
} from "./process-image";
export { readLocalImage } from "./read-local-image";
export { deleteImage, imageUrl, saveImage, type SaveImageOptions } from "./save-image";
