import "server-only";

/**
 * The request body, or null when it is bigger than `maxBytes`. A `Content-Length` over the limit is
 * refused before a byte is read; without one (chunked uploads) the stream is read with a running
 * count and abandoned as soon as it passes the limit, so a huge body is never held in memory.
 */
export async function readBodyWithLimit(
  req: Request,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = req.headers.get("content-length");
  if (declared !== null) {
    const length = Number(declared);
    if (!Number.isFinite(length) || length < 0 || length > maxBytes) {
      await req.body?.cancel().catch(() => undefined);
      return null;
    }
  }
  if (!req.body) return new Uint8Array(0);

  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
