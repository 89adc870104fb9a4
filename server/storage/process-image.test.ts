import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ImageTooLargeError, InvalidImageError } from "./errors";
import { MAX_UPLOAD_BYTES, processImage } from "./process-image";
import {
  isWebp,
  jpegWithCommentPayload,
  noise,
  phoneJpeg,
  pngBomb,
  pngOfSize,
  solid,
} from "./test-images";

const limits = { maxBytes: MAX_UPLOAD_BYTES };

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable("expected the image to be refused"),
    (error: unknown) => error,
  );
}

describe("processImage", () => {
  it("re-encodes a phone JPEG to upright WebP with no metadata left", async () => {
    const jpeg = await phoneJpeg();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const image = await processImage(jpeg, limits);

    // 800x600 stored sideways (orientation 6) comes out 600x800, the red half on top.
    expect(image).toMatchObject({ width: 600, height: 800 });
    for (const variant of [image.variants.lg, image.variants.sm]) {
      expect(isWebp(variant)).toBe(true);
      const meta = await sharp(variant).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      for (const secret of ["PhoneCo", "Pixel Secret", "<script", "GPS"]) {
        expect(Buffer.from(variant).includes(secret)).toBe(false);
      }
    }
    const { data } = await sharp(image.variants.lg).raw().toBuffer({ resolveWithObject: true });
    const [red, , blue] = [data[0]!, data[1]!, data[2]!];
    expect(red).toBeGreaterThan(200);
    expect(blue).toBeLessThan(60);
    expect((await sharp(image.variants.sm).metadata()).width).toBe(400);
  });

  it("re-encodes a PNG, whatever the client called the file (only the bytes are read)", async () => {
    const png = await solid(1000, 500, "#27ae60").png().toBuffer();
    const image = await processImage(png, limits);
    expect(image).toMatchObject({ width: 1000, height: 500 });
    expect(await sharp(image.variants.lg).metadata()).toMatchObject({
      format: "webp",
      width: 1000,
      height: 500,
    });
    expect(await sharp(image.variants.sm).metadata()).toMatchObject({
      format: "webp",
      width: 400,
      height: 200,
    });
  });

  it("scales large photos down to 1200 and 400 px wide and never scales small ones up", async () => {
    const big = await processImage(await noise(3000, 2000).jpeg().toBuffer(), limits);
    expect(big).toMatchObject({ width: 1200, height: 800 });
    expect((await sharp(big.variants.sm).metadata()).width).toBe(400);

    const small = await processImage(await solid(300, 200).png().toBuffer(), limits);
    expect(small).toMatchObject({ width: 300, height: 200 });
    expect((await sharp(small.variants.sm).metadata()).width).toBe(300);
  });

  it("drops an HTML payload appended after the JPEG (a polyglot)", async () => {
    const payload = "<html><body><script>alert(document.cookie)</script></body></html>";
    const polyglot = Buffer.concat([await solid(120, 80).jpeg().toBuffer(), Buffer.from(payload)]);
    const image = await processImage(polyglot, limits);
    expect(isWebp(image.variants.lg)).toBe(true);
    expect(Buffer.from(image.variants.lg).includes("<script")).toBe(false);
    expect(Buffer.from(image.variants.sm).includes("<script")).toBe(false);
  });

  it("drops an HTML payload hidden in a JPEG comment", async () => {
    const jpeg = await jpegWithCommentPayload("<script>alert(1)</script>");
    expect(jpeg.includes("<script")).toBe(true);
    const image = await processImage(jpeg, limits);
    expect(Buffer.from(image.variants.lg).includes("<script")).toBe(false);
  });

  it.each([
    ["a GIF", () => solid(40, 40).gif().toBuffer()],
    ["a WebP", () => solid(40, 40).webp().toBuffer()],
    ["a TIFF", () => solid(40, 40).tiff().toBuffer()],
    [
      "an SVG",
      async () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40"/></svg>',
        ),
    ],
    [
      "an SVG with an XML prolog",
      async () => Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'),
    ],
    ["a text file", async () => Buffer.from("just some notes, not a picture\n")],
    ["an HTML page", async () => Buffer.from("<!doctype html><script>alert(1)</script>")],
    ["an empty file", async () => Buffer.alloc(0)],
    [
      "a truncated PNG",
      async () => {
        const png = await noise(300, 300).png().toBuffer();
        return png.subarray(0, Math.floor(png.length / 2));
      },
    ],
    [
      "a truncated JPEG",
      async () => {
        const jpeg = await noise(300, 300).jpeg().toBuffer();
        return jpeg.subarray(0, Math.floor(jpeg.length / 2));
      },
    ],
    [
      "a JPEG signature followed by garbage",
      async () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]),
    ],
    [
      "a PNG signature followed by garbage",
      async () => Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(2000, 7)]),
    ],
    [
      "a GIF renamed with a PNG signature",
      async () => {
        const gif = await solid(40, 40).gif().toBuffer();
        return Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), gif]);
      },
    ],
  ])("refuses %s as an invalid file", async (_, make) => {
    const error = await rejection(processImage(await make(), limits));
    expect(error).toBeInstanceOf(InvalidImageError);
    expect(error).toMatchObject({ code: "invalid_image", message: "Invalid file uploaded." });
  });

  it("accepts an image of exactly 8 MB", async () => {
    const png = await pngOfSize(8 * 1024 * 1024);
    expect(png.length).toBe(MAX_UPLOAD_BYTES);
    const image = await processImage(png, limits);
    expect(image).toMatchObject({ width: 1000, height: 800 });
  });

  it.each([9, 12])("refuses a valid image of %i MB as too big", async (mb) => {
    const png = await pngOfSize(mb * 1024 * 1024);
    expect((await sharp(png).metadata()).format).toBe("png");
    const error = await rejection(processImage(png, limits));
    expect(error).toBeInstanceOf(ImageTooLargeError);
    expect(error).toMatchObject({ code: "image_too_large", message: "Image size is too big." });
  });

  it("refuses a 20000x20000 pixel bomb without decoding it", async () => {
    const bomb = pngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(MAX_UPLOAD_BYTES);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
      width: 20_000,
      height: 20_000,
    });
    const started = performance.now();
    const error = await rejection(processImage(bomb, limits));
    expect(error).toBeInstanceOf(ImageTooLargeError);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("refuses images just over 40 megapixels and takes one just under", async () => {
    await expect(processImage(pngBomb(8000, 5001), limits)).rejects.toBeInstanceOf(
      ImageTooLargeError,
    );
    const image = await processImage(pngBomb(8000, 5000), limits);
    expect(image).toMatchObject({ width: 1200, height: 750 });
  });
});
