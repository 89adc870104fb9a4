import "server-only";

/** The unsubscribe calls take JSON from our page, or a plain HTML form post. */
export async function readLinkBody(req: Request): Promise<unknown> {
  const type = req.headers.get("content-type") ?? "";
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    return Object.fromEntries((await req.formData()).entries());
  }
  return req.json();
}
