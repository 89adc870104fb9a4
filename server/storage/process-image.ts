import "server-only";
import sharp, { type Metadata, type Sharp } from "sharp";
import { ImageTooLargeError, InvalidImageError } from "./errors";

/** The app's upload limit: 8 MB. Next buffers up to 10 MB through proxy.ts, so this must stay below. */
export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;
/** Refuse decoding beyond 40 megapixels (a 12 MP phone photo is well inside). */
export const MAX_INPUT_PIXELS = 40_000_000;

export type ImageSize = "lg" | "sm";
export const IMAGE_SIZES: readonly ImageSize[] = ["lg", "sm"];

// Width is the limit that matters (the largest slot is 1200 px wide); the height cap only stops
// a pathological strip such as 1000x39000 from becoming a huge file.
const BOXES: Record<ImageSize, { width: number; height: number }> = {
  lg: { width: 1200, height: 2400 },
  sm: { width: 400, height: 800 },
};

/** `width` and `height` are those of the `lg` variant. */
export type ProcessedImage = { width: number; height: number; variants: Record<ImageSize, Buffer> };

export type ProcessImageOptions = { maxBytes: number; maxPixels?: number };

/**
 * Checks that `bytes` really are a JPEG or PNG (magic bytes, then the decoder's own opinion; the
 * file name and the client's content type are never consulted), refuses oversized input and pixel
 * bombs, then re-encodes to WebP in each size: rotated upright by EXIF, with every bit of metadata
 * (EXIF, GPS, XMP, comments, anything appended after the image) left behind.
 *
 * @throws ImageTooLargeError over `maxBytes` or `maxPixels`
 * @throws InvalidImageError for anything that is not a readable JPEG or PNG
 */
export async function processImage(
  bytes: Uint8Array,
  options: ProcessImageOptions,
): Promise<ProcessedImage> {
  const maxPixels = options.maxPixels ?? MAX_INPUT_PIXELS;
  if (bytes.byteLength > options.maxBytes) throw new ImageTooLargeError();
  const format = sniffFormat(bytes);
  if (!format) throw new InvalidImageError();

  // failOn "error" refuses truncated and corrupt data but tolerates the harmless warnings that
  // some cameras' JPEGs raise; limitInputPixels backs up the explicit check below.
  const input = { failOn: "error", limitInputPixels: maxPixels, autoOrient: true } as const;
  let metadata: Metadata;
  try {
    // Reads the header only; without a limit here, a bomb gets its own error below.
    metadata = await sharp(bytes, { ...input, limitInputPixels: false }).metadata();
  } catch (cause) {
    throw new InvalidImageError({ cause });
  }
  if (metadata.format !== format || !metadata.width || !metadata.height)
    throw new InvalidImageError();
  if (metadata.width * metadata.height > maxPixels) throw new ImageTooLargeError();

  try {
    const decoded = sharp(bytes, input);
    const [lg, sm] = await Promise.all([
      encode(decoded.clone(), "lg"),
      encode(decoded.clone(), "sm"),
    ]);
    return { width: lg.info.width, height: lg.info.height, variants: { lg: lg.data, sm: sm.data } };
  } catch (cause) {
    throw new InvalidImageError({ cause });
  }
}

function encode(image: Sharp, size: ImageSize) {
  return image
    .resize({ ...BOXES[size], fit: "inside", withoutEnlargement: true })
    .webp({ quality: size === "lg" ? 82 : 78, effort: 4 })
    .toBuffer({ resolveWithObject: true });
}

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function sniffFormat(bytes: Uint8Array): "jpeg" | "png" | undefined {
  const startsWith = (magic: number[]) => magic.every((byte, i) => bytes[i] === byte);
  if (startsWith(JPEG)) return "jpeg";
  if (startsWith(PNG)) return "png";
  return undefined;
}
