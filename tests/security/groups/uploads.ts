/**
 * The upload set (issue 22) against the profile image and a farm's product image: oversize,
 * disguised, polyglot, pixel bombs, SVG with script, and bodies streamed without a length. Each is
 * refused with a 4xx and leaves no file in UPLOADS_DIR and no row changed; a small real JPEG is
 * accepted, so the refusals are the files' doing.
 */
import { readdirSync, readFileSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { deflateSync } from "node:zlib";
import sharp from "sharp";
import type { Answer } from "../harness";
import type { Group, GroupContext } from "./index";

const PASSWORD = "Harvest2026!";
const MB = 1024 * 1024;
const SCRIPT = "<script>alert(document.domain)</script>";

type Upload = { label: string; bytes: Uint8Array; name: string; type: string };

/** The product form's other fields, valid, as a browser posts them. */
const PRODUCT_FIELDS: Record<string, string> = {
  name: "Upload Test Carrots",
  detail: "Crunchy and sweet.",
  price: "3.25",
  weightRequired: "false",
  unitWeight: "1",
  weightSymbol: "lbs",
  deliveryService: "false",
  inStock: "true",
  payInPerson: "true",
  payByCard: "false",
};

/** A PNG whose header claims `width`×`height` over a few bytes of pixel data. */
function pngClaiming(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(1024))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A real JPEG with its height and width bytes (SOF0) rewritten to claim `size`×`size`. */
function jpegClaiming(jpeg: Uint8Array, size: number): Uint8Array {
  const bytes = Buffer.from(jpeg);
  for (let i = 2; i < bytes.length - 8; i++) {
    if (bytes[i] === 0xff && (bytes[i + 1] === 0xc0 || bytes[i + 1] === 0xc2)) {
      bytes.writeUInt16BE(size, i + 5);
      bytes.writeUInt16BE(size, i + 7);
      return bytes;
    }
  }
  throw new Error("no SOF marker in the sample JPEG");
}

async function hostileUploads(): Promise<{ jpeg: Uint8Array; hostile: Upload[] }> {
  const photo = sharp({ create: { width: 64, height: 48, channels: 3, background: "#6a8" } });
  const jpeg = new Uint8Array(await photo.clone().jpeg().toBuffer());
  const png = new Uint8Array(await photo.clone().png().toBuffer());
  const text = (value: string) => new TextEncoder().encode(value);
  const bigJpeg = (bytes: number) => {
    const big = new Uint8Array(bytes);
    big.set(jpeg);
    return big;
  };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)">${SCRIPT}</svg>`;
  const hostile: Upload[] = [
    { label: "9 MB JPEG", bytes: bigJpeg(9 * MB), name: "big.jpg", type: "image/jpeg" },
    { label: "12 MB JPEG", bytes: bigJpeg(12 * MB), name: "big.jpg", type: "image/jpeg" },
    { label: "8 MB + 1 byte", bytes: bigJpeg(8 * MB + 1), name: "big.jpg", type: "image/jpeg" },
    {
      label: "text named .jpg",
      bytes: text("just some text, not a picture"),
      name: "photo.jpg",
      type: "image/jpeg",
    },
    {
      label: "HTML named .jpg",
      bytes: text(`<!doctype html><html><body>${SCRIPT}</body></html>`),
      name: "photo.jpg",
      type: "image/jpeg",
    },
    {
      label: "HTML named .png",
      bytes: text(`<html>${SCRIPT}</html>`),
      name: "photo.png",
      type: "image/png",
    },
    {
      label: "HTML behind JPEG magic bytes",
      bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...text(`<html>${SCRIPT}</html>`)]),
      name: "photo.jpg",
      type: "image/jpeg",
    },
    {
      label: "GIF/JavaScript polyglot",
      bytes: text("GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=alert(1);//"),
      name: "photo.gif",
      type: "image/gif",
    },
    {
      label: "GIF/JavaScript polyglot named .jpg",
      bytes: text("GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=alert(1);//"),
      name: "photo.jpg",
      type: "image/jpeg",
    },
    {
      label: "PNG claiming 60000x60000",
      bytes: pngClaiming(60_000, 60_000),
      name: "bomb.png",
      type: "image/png",
    },
    {
      label: "PNG claiming 10000x10000",
      bytes: pngClaiming(10_000, 10_000),
      name: "bomb.png",
      type: "image/png",
    },
    {
      label: "JPEG claiming 65000x65000",
      bytes: jpegClaiming(jpeg, 65_000),
      name: "bomb.jpg",
      type: "image/jpeg",
    },
    { label: "SVG with script", bytes: text(svg), name: "logo.svg", type: "image/svg+xml" },
    { label: "SVG with script named .png", bytes: text(svg), name: "logo.png", type: "image/png" },
    {
      label: "GIF",
      bytes: new Uint8Array(await photo.clone().gif().toBuffer()),
      name: "a.gif",
      type: "image/gif",
    },
    {
      label: "WebP",
      bytes: new Uint8Array(await photo.clone().webp().toBuffer()),
      name: "a.webp",
      type: "image/webp",
    },
    {
      label: "TIFF named .jpg",
      bytes: new Uint8Array(await photo.clone().tiff().toBuffer()),
      name: "a.jpg",
      type: "image/jpeg",
    },
    {
      label: "a truncated JPEG",
      bytes: jpeg.slice(0, Math.floor(jpeg.length / 3)),
      name: "cut.jpg",
      type: "image/jpeg",
    },
    {
      label: "a truncated PNG",
      bytes: png.slice(0, Math.floor(png.length / 2)),
      name: "cut.png",
      type: "image/png",
    },
    { label: "an empty file", bytes: new Uint8Array(0), name: "empty.jpg", type: "image/jpeg" },
    {
      label: "an executable named .jpg",
      bytes: new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Uint8Array(64)]),
      name: "run.jpg",
      type: "image/jpeg",
    },
  ];
  return { jpeg, hostile };
}

/** Every file under the uploads directory (relative names). */
function storedFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** A multipart body as a browser writes it, by hand, for the streamed (chunked) uploads. */
function multipartBody(fields: Record<string, string>, field: string, file: Upload) {
  const boundary = `----securitysuite${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    Buffer.from(file.bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POSTs `body` in 64 KB chunks with `Transfer-Encoding: chunked` and no Content-Length. */
function postChunked(
  base: string,
  target: string,
  headers: Record<string, string>,
  body: Buffer,
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(target, base),
      { method: "POST", headers: { ...headers, "transfer-encoding": "chunked" } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          const answerHeaders = new Headers();
          for (const [name, value] of Object.entries(res.headers))
            if (value !== undefined)
              answerHeaders.set(name, Array.isArray(value) ? value.join(", ") : value);
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({
            status: res.statusCode ?? 0,
            headers: answerHeaders,
            text,
            json,
            setCookies: new Map(),
            ms: performance.now() - started,
          });
        });
        res.on("error", reject);
      },
    );
    // The server may answer and close before the whole body is written: that is a refusal too.
    req.on("error", reject);
    let offset = 0;
    const writeMore = () => {
      while (offset < body.length) {
        const chunk = body.subarray(offset, offset + 64 * 1024);
        offset += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", writeMore);
      }
      req.end();
    };
    writeMore();
  });
}

type Surface = {
  name: string;
  path: string;
  field: string;
  fields: Record<string, string>;
  cookies: Map<string, string>;
  /** The rows an upload would change. */
  rows: () => Promise<unknown>;
  accepted: number;
};

async function attack(
  context: GroupContext,
  surface: Surface,
  hostile: Upload[],
  jpeg: Uint8Array,
): Promise<void> {
  const { app, env, tally } = context;
  const cookieHeader = [...surface.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const refusedAndNothingStored = async (label: string, send: () => Promise<Answer | Error>) => {
    const files = storedFiles(env.uploadsDir).join(",");
    const rows = JSON.stringify(await surface.rows());
    const answer = await send();
    if (!(answer instanceof Error)) tally.inspect(label, answer);
    const same =
      storedFiles(env.uploadsDir).join(",") === files &&
      JSON.stringify(await surface.rows()) === rows;
    const refused = answer instanceof Error || (answer.status >= 400 && answer.status < 500);
    tally.attempt(
      label,
      refused && same,
      answer instanceof Error
        ? answer.message
        : `${answer.status} ${answer.text.slice(0, 120)}${same ? "" : ", something was stored"}`,
    );
  };
  const form = (file: Upload, field = surface.field) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(surface.fields)) data.append(name, value);
    data.append(field, new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
    return data;
  };

  for (const file of hostile)
    await refusedAndNothingStored(`${surface.name}: ${file.label}`, () =>
      app.call(surface.path, { body: form(file), cookies: surface.cookies }),
    );
  const small: Upload = {
    label: "a small JPEG",
    bytes: jpeg,
    name: "photo.jpg",
    type: "image/jpeg",
  };
  await refusedAndNothingStored(`${surface.name}: the image under another field`, () =>
    app.call(surface.path, { body: form(small, "file"), cookies: surface.cookies }),
  );
  await refusedAndNothingStored(`${surface.name}: a JPEG as the raw body`, () =>
    app.call(surface.path, { body: jpeg, contentType: "image/jpeg", cookies: surface.cookies }),
  );
  for (const size of [12 * MB, 9 * MB]) {
    const big = { ...small, bytes: new Uint8Array(size) };
    big.bytes.set(jpeg);
    const { body, contentType } = multipartBody(surface.fields, surface.field, big);
    await refusedAndNothingStored(
      `${surface.name}: ${size / MB} MB chunked without Content-Length`,
      () =>
        postChunked(
          app.base,
          surface.path,
          { "content-type": contentType, cookie: cookieHeader, origin: app.base },
          body,
        ).catch((error: Error) => error),
    );
  }

  // A real JPEG with HTML appended: refused, or re-encoded so that the script never comes back.
  const polyglot = new Uint8Array([...jpeg, ...new TextEncoder().encode(`<html>${SCRIPT}</html>`)]);
  const before = new Set(storedFiles(env.uploadsDir));
  const answer = await app.call(surface.path, {
    body: form({ ...small, bytes: polyglot, name: "poly.jpg" }),
    cookies: surface.cookies,
  });
  tally.inspect(`${surface.name}: JPEG with HTML appended`, answer);
  const added = storedFiles(env.uploadsDir).filter((file) => !before.has(file));
  const carried = added.some((file) =>
    readFileSync(path.join(env.uploadsDir, file)).includes(SCRIPT),
  );
  tally.attempt(
    `${surface.name}: JPEG with HTML appended is refused or stripped`,
    answer.status < 500 && !carried && added.every((file) => file.endsWith(".webp")),
    `${answer.status}, stored ${added.join(", ")}`,
  );
  for (const file of added.filter((name) => name.endsWith("-lg.webp"))) {
    const served = await app.call(`/uploads/${file}`);
    tally.inspect(`${surface.name}: the stored polyglot`, served);
    tally.expect(
      `${surface.name}: a stored image is served as WebP with nosniff`,
      served.headers.get("content-type") === "image/webp" &&
        served.headers.get("x-content-type-options") === "nosniff",
    );
  }

  // The same form with a small real JPEG is accepted and stored (two sizes), under a generated name.
  const filesBefore = new Set(storedFiles(env.uploadsDir));
  const ok = await app.call(surface.path, {
    body: form({ ...small, name: "../../../etc/evil.jpg" }),
    cookies: surface.cookies,
  });
  tally.inspect(`${surface.name}: a small JPEG`, ok);
  const stored = storedFiles(env.uploadsDir).filter((file) => !filesBefore.has(file));
  tally.expect(
    `${surface.name}: a small JPEG is accepted`,
    ok.status === surface.accepted && stored.length === 2,
    `${ok.status} ${ok.text.slice(0, 160)}; stored ${stored.join(", ")}`,
  );
  tally.attempt(
    `${surface.name}: the client's file name is never used`,
    stored.every((file) => !file.includes("evil") && !file.includes("..")),
    stored.join(", "),
  );
}

async function run(context: GroupContext): Promise<void> {
  const { app, env } = context;
  const { jpeg, hostile } = await hostileUploads();
  const customer = await app.signIn("demo_customer", PASSWORD);
  const farm = await app.signIn("caledon_hills_orchard", PASSWORD);
  // The demo has no Stripe accounts, and with card payments on a farm needs a payout account to
  // list another product: this farm gets one, so an upload reaches the image checks (the small
  // JPEG that must be accepted proves it does).
  await env.sql(
    "update members set payout_acct_set = true where username = 'caledon_hills_orchard'",
  );
  await attack(
    context,
    {
      name: "avatar",
      path: "/api/profile/avatar",
      field: "avatarImage",
      fields: {},
      cookies: customer,
      rows: () =>
        env.sql("select avatar_image, updated_at from members where username = 'demo_customer'"),
      accepted: 200,
    },
    hostile,
    jpeg,
  );
  await attack(
    context,
    {
      name: "product image",
      path: "/api/products/add",
      field: "productImage",
      fields: PRODUCT_FIELDS,
      cookies: farm,
      rows: () =>
        env.sql(
          "select p.id, p.image from products p join members m on m.id = p.merchant_id where m.username = 'caledon_hills_orchard' order by p.id",
        ),
      accepted: 201,
    },
    hostile,
    jpeg,
  );
}

export const uploads: Group = { name: "uploads", run };
