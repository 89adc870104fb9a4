import { describe, expect, it } from "vitest";
import { readBodyWithLimit } from "./read-body-with-limit";

/** A chunked body (no Content-Length), counting how many chunks were pulled. */
function chunkedRequest(chunks: Uint8Array[]): { req: Request; pulled: () => number } {
  let index = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (index < chunks.length) controller.enqueue(chunks[index++]!);
      else controller.close();
    },
  });
  const req = new Request("http://localhost/upload", {
    method: "POST",
    body: stream,
    duplex: "half",
  } as RequestInit);
  return { req, pulled: () => index };
}

describe("readBodyWithLimit", () => {
  it("answers the whole body when it fits", async () => {
    const req = new Request("http://localhost/upload", { method: "POST", body: "hello" });
    const body = await readBodyWithLimit(req, 5);
    expect(new TextDecoder().decode(body!)).toBe("hello");
  });

  it("answers an empty body for a request without one", async () => {
    const body = await readBodyWithLimit(
      new Request("http://localhost/upload", { method: "POST" }),
      5,
    );
    expect(body).toEqual(new Uint8Array(0));
  });

  it.each(["6", "-1", "abc"])("refuses a Content-Length of %s before reading", async (length) => {
    const { req, pulled } = chunkedRequest([new Uint8Array(3)]);
    const headers = new Headers(req.headers);
    headers.set("content-length", length);
    const declared = new Request(req, { headers, duplex: "half" } as RequestInit);
    expect(await readBodyWithLimit(declared, 5)).toBeNull();
    expect(pulled()).toBeLessThanOrEqual(1);
  });

  it("joins a chunked body that fits, and stops reading one that passes the limit", async () => {
    const fits = chunkedRequest([new Uint8Array([1, 2]), new Uint8Array([3])]);
    expect(await readBodyWithLimit(fits.req, 3)).toEqual(new Uint8Array([1, 2, 3]));

    const tooBig = chunkedRequest([
      new Uint8Array(4),
      new Uint8Array(4),
      new Uint8Array(4),
      new Uint8Array(4),
    ]);
    expect(await readBodyWithLimit(tooBig.req, 6)).toBeNull();
    expect(tooBig.pulled()).toBeLessThan(4);
  });
});
