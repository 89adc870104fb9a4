import "server-only";
import { randomBytes } from "node:crypto";
import type { ImageSize } from "./process-image";

export type ImageKind = "product" | "avatar";

/** A fresh key such as `product/3f9a...` (128 random bits); the client's file name is never used. */
export function newImageKey(kind: ImageKind): string {
  return `${kind}/${randomBytes(16).toString("hex")}`;
}

// Lower-case letters, digits and dashes, in "/"-separated segments: no dots, so no "..", no
// absolute paths, no hidden files, nothing a URL or a file system reads specially.
const KEY = /^[a-z0-9-]+(?:\/[a-z0-9-]+)*$/;

export function isImageKey(key: string): boolean {
  return key.length <= 200 && KEY.test(key);
}

/** The stored object for one size of an image: `product/3f9a...-lg.webp`. */
export function imageFileName(key: string, size: ImageSize): string {
  return `${key}-${size}.webp`;
}

/** The reverse of `imageFileName`, for the route that serves local files; null for anything else. */
export function parseImageFileName(name: string): { key: string; size: ImageSize } | null {
  const match = /^(.+)-(lg|sm)\.webp$/.exec(name);
  if (!match || !isImageKey(match[1]!)) return null;
  return { key: match[1]!, size: match[2] as ImageSize };
}
