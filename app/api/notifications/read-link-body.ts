import "server-only";
import type { MediaType } from "@/server/openapi/types";

/** What readLinkBody reads, for the calls' declarations. */
export const LINK_BODY_MEDIA_TYPES: readonly MediaType[] = [
  "application/json",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
];

/** The unsubscribe calls take JSON from our page, or a plain HTML form post. */
export async function readLinkBody(req: Request): Promise<unknown> {
  const type = req.headers.get("content-type") ?? "";
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    return Object.fromEntries((await req.formData()).entries());
  }
  return req.json();
}
