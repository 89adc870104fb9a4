import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ImageTooLargeError, InvalidImageError } from "./errors";
import { createLocalStore, createS3Store, type ImageStore } from "./image-store";
import { deleteImage, imageUrl, saveImage } from "./save-image";
import { isWebp, phoneJpeg, pngOfSize, solid } from "./test-images";

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

describe("saveImage on the local disk", () => {
  let dir: string;
  let store: ImageStore;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "uploads-"));
    store = createLocalStore(dir);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("stores both sizes as WebP under a new random key", async () => {
    const { key, width, height } = await saveImage(await phoneJpeg(), { kind: "product", store });

    expect(key).toMatch(/^product\/[0-9a-f]{32}$/);
    expect({ width, height }).toEqual({ width: 600, height: 800 });
    expect(await listFiles(dir)).toEqual([`${key}-lg.webp`, `${key}-sm.webp`]);
    const lg = await readFile(path.join(dir, `${key}-lg.webp`));
    expect(isWebp(lg)).toBe(true);
    expect((await sharp(lg).metadata()).exif).toBeUndefined();
    expect(imageUrl(key, "lg", store)).toBe(`/uploads/${key}-lg.webp`);
    expect(imageUrl(key, "sm", store)).toBe(`/uploads/${key}-sm.webp`);
  });

  it("never reuses a key", async () => {
    const png = await solid(50, 50).png().toBuffer();
    const keys = await Promise.all(
      Array.from({ length: 5 }, () => saveImage(png, { kind: "avatar", store })),
    );
    expect(new Set(keys.map((k) => k.key)).size).toBe(5);
    for (const { key } of keys) expect(key).toMatch(/^avatar\/[0-9a-f]{32}$/);
  });

  it.each([
    ["a 9 MB image", () => pngOfSize(9 * 1024 * 1024), ImageTooLargeError],
    ["a 12 MB image", () => pngOfSize(12 * 1024 * 1024), ImageTooLargeError],
    ["a GIF", () => solid(20, 20).gif().toBuffer(), InvalidImageError],
    ["a text file", async () => Buffer.from("hello"), InvalidImageError],
  ])("writes nothing for %s", async (_, make, errorClass) => {
    await expect(saveImage(await make(), { kind: "product", store })).rejects.toBeInstanceOf(
      errorClass,
    );
    expect(await listFiles(dir)).toEqual([]);
  });

  it("takes an 8 MB image", async () => {
    const { key } = await saveImage(await pngOfSize(8 * 1024 * 1024), { kind: "product", store });
    expect(await listFiles(dir)).toEqual([`${key}-lg.webp`, `${key}-sm.webp`]);
  });

  it("deletes both sizes, and deleting again is harmless", async () => {
    const { key } = await saveImage(await solid(50, 50).png().toBuffer(), {
      kind: "product",
      store,
    });
    await deleteImage(key, store);
    expect(await listFiles(dir)).toEqual([]);
    await expect(deleteImage(key, store)).resolves.toBeUndefined();
  });

  it.each(["../etc/passwd", "/etc/passwd", "product/../../x", "Product/ABC", "a/./b", ""])(
    "refuses to delete the key %j",
    async (key) => {
      await expect(deleteImage(key, store)).rejects.toThrow("Not an image key");
    },
  );

  it("removes the first size again when storing the second fails", async () => {
    const stored = new Map<string, Buffer>();
    const flaky: ImageStore = {
      async put(name, body) {
        if (name.endsWith("-sm.webp")) throw new Error("disk full");
        stored.set(name, body);
      },
      async remove(name) {
        stored.delete(name);
      },
      url: (name) => `/x/${name}`,
    };
    await expect(
      saveImage(await solid(50, 50).png().toBuffer(), { kind: "product", store: flaky }),
    ).rejects.toThrow("disk full");
    expect(stored.size).toBe(0);
  });
});

describe("saveImage on S3", () => {
  type Received = {
    method: string;
    url: string;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  };
  let server: Server;
  let endpoint: string;
  let received: Received[] = [];

  beforeAll(async () => {
    // Speaks just enough of the S3 REST API (path-style PUT and DELETE object) for the SDK.
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        received.push({
          method: req.method ?? "",
          url: new URL(req.url ?? "/", "http://s3").pathname,
          headers: req.headers,
          body: Buffer.concat(chunks),
        });
        res.writeHead(req.method === "DELETE" ? 204 : 200, { ETag: '"0123456789abcdef"' });
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    received = [];
  });

  const s3 = () =>
    createS3Store({
      bucket: "produce-images",
      region: "ca-central-1",
      endpoint,
      publicUrl: "https://cdn.example.com/",
      accessKeyId: "AKIDEXAMPLE",
      secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    });

  it("puts both sizes as immutable WebP objects and links to the public URL", async () => {
    const store = s3();
    const { key } = await saveImage(await phoneJpeg(), { kind: "product", store });

    const puts = received
      .filter((r) => r.method === "PUT")
      .sort((a, b) => a.url.localeCompare(b.url));
    expect(puts.map((r) => r.url)).toEqual([
      `/produce-images/${key}-lg.webp`,
      `/produce-images/${key}-sm.webp`,
    ]);
    for (const put of puts) {
      expect(put.headers["content-type"]).toBe("image/webp");
      expect(put.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(put.headers.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/ca-central-1\/s3\//,
      );
      expect(isWebp(put.body)).toBe(true);
    }
    expect(imageUrl(key, "lg", store)).toBe(`https://cdn.example.com/${key}-lg.webp`);
  });

  it("sends nothing for a refused upload", async () => {
    await expect(
      saveImage(await pngOfSize(9 * 1024 * 1024), { kind: "product", store: s3() }),
    ).rejects.toBeInstanceOf(ImageTooLargeError);
    expect(received).toEqual([]);
  });

  it("deletes both objects", async () => {
    await deleteImage("product/0123456789abcdef0123456789abcdef", s3());
    expect(received.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      "DELETE /produce-images/product/0123456789abcdef0123456789abcdef-lg.webp",
      "DELETE /produce-images/product/0123456789abcdef0123456789abcdef-sm.webp",
    ]);
  });

  it("links straight to the bucket when no public URL is configured", () => {
    const aws = createS3Store({ bucket: "b", region: "us-east-2" });
    expect(aws.url("product/k-sm.webp")).toBe(
      "https://b.s3.us-east-2.amazonaws.com/product/k-sm.webp",
    );
    const minio = createS3Store({ bucket: "b", endpoint: "http://minio:9000" });
    expect(minio.url("product/k-sm.webp")).toBe("http://minio:9000/b/product/k-sm.webp");
  });
});
