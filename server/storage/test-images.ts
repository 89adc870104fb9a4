import "server-only";
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

// Real image files for the upload tests, made with sharp (and by hand where sharp refuses to).

export function solid(width: number, height: number, background = "#c0392b") {
  return sharp({ create: { width, height, channels: 3, background } });
}

/** Pseudo-random pixels, which no encoder can shrink: a way to make big files of a known size. */
export function noise(width: number, height: number, seed = 1) {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let i = 0; i < pixels.length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    pixels[i] = state >>> 24;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** An 800x600 JPEG stored sideways (EXIF orientation 6) with GPS, a camera and a script in its EXIF. */
export async function phoneJpeg(): Promise<Buffer> {
  // Left half red, right half blue, so a rotation is visible in the output.
  const left = await solid(400, 600, "#ff0000").png().toBuffer();
  return solid(800, 600, "#0000ff")
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: {
        Make: "PhoneCo",
        Model: "Pixel Secret",
        ImageDescription: "<script>alert('exif')</script>",
      },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "43/1 38/1 0/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "79/1 23/1 0/1",
      },
    })
    .toBuffer();
}

/** A JPEG with an HTML payload in a comment segment (FF FE) right after the start marker. */
export async function jpegWithCommentPayload(payload: string): Promise<Buffer> {
  const jpeg = await solid(64, 64).jpeg().toBuffer();
  const text = Buffer.from(payload, "latin1");
  const segment = Buffer.alloc(4 + text.length);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  text.copy(segment, 4);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A valid PNG padded to exactly `bytes` with a private ancillary chunk that decoders skip. */
export async function pngOfSize(bytes: number): Promise<Buffer> {
  const png = await noise(1000, 800).png({ compressionLevel: 0 }).toBuffer();
  const padding = bytes - png.length - 12;
  if (padding < 0)
    throw new Error(`cannot make a ${bytes}-byte PNG: the image alone is ${png.length}`);
  const end = png.length - 12; // the IEND chunk
  return Buffer.concat([
    png.subarray(0, end),
    pngChunk("prVt", Buffer.alloc(padding, 0x41)),
    png.subarray(end),
  ]);
}

/**
 * A decompression bomb: a real 1-bit PNG of width x height, all black, a few dozen kilobytes on
 * disk and `width * height` pixels once decoded.
 */
export function pngBomb(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8))); // filter byte 0 + zero pixels
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(rows, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

export function isWebp(bytes: Uint8Array): boolean {
  const b = Buffer.from(bytes);
  return (
    b.subarray(0, 4).toString("latin1") === "RIFF" &&
    b.subarray(8, 12).toString("latin1") === "WEBP"
  );
}
