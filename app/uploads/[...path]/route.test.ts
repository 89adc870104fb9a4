import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let root: string;
let uploads: string;
let GET: typeof import("./route").GET;
const saved = { UPLOADS_DIR: process.env.UPLOADS_DIR, PGLITE_DIR: process.env.PGLITE_DIR };
const KEY = "product/0123456789abcdef0123456789abcdef";
const IMAGE = Buffer.from("RIFF\u0000\u0000\u0000\u0000WEBPVP8 fake image bytes");

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "uploads-route-"));
  uploads = path.join(root, "uploads");
  // getEnv() reads these once, on the route's first call.
  process.env.UPLOADS_DIR = uploads;
  process.env.PGLITE_DIR = path.join(root, "pglite");
  await mkdir(path.join(uploads, "product"), { recursive: true });
  await writeFile(path.join(uploads, `${KEY}-lg.webp`), IMAGE);
  // Files a traversal would like to reach.
  await writeFile(path.join(root, "secret-lg.webp"), "outside the uploads folder");
  await writeFile(path.join(uploads, "product", "notes.txt"), "not an image");
  ({ GET } = await import("./route"));
});

afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await rm(root, { recursive: true, force: true });
});

function get(segments: string[]) {
  return GET(new Request(`http://localhost/uploads/${segments.join("/")}`), {
    params: Promise.resolve({ path: segments }),
  });
}

describe("GET /uploads/[...path]", () => {
  it("serves a stored image with long-lived cache headers", async () => {
    const res = await get(["product", "0123456789abcdef0123456789abcdef-lg.webp"]);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-length")).toBe(String(IMAGE.length));
    expect(Buffer.from(await res.arrayBuffer())).toEqual(IMAGE);
  });

  it("answers 404 for an image that is not there", async () => {
    const res = await get(["product", "0123456789abcdef0123456789abcdef-sm.webp"]);
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).toBeNull();
  });

  it.each([
    [["..", "secret-lg.webp"]],
    [["product", "..", "..", "secret-lg.webp"]],
    [["..%2Fsecret-lg.webp"]],
    [["product/../../secret-lg.webp"]],
    [["product\\..\\..\\secret-lg.webp"]],
    [["/etc/hosts"]],
    [["", "tmp", "secret-lg.webp"]],
    [["", "", "secret-lg.webp"]],
    [[".", "product", "0123456789abcdef0123456789abcdef-lg.webp"]],
    [["product", "notes.txt"]],
    [["product"]],
    [["product", "0123456789ABCDEF0123456789ABCDEF-lg.webp"]],
    [["product", "0123456789abcdef0123456789abcdef-xl.webp"]],
    [["product", "0123456789abcdef0123456789abcdef-lg.webp.png"]],
    [["product", "0123456789abcdef0123456789abcdef-lg.webp\u0000"]],
    [["product", "0123456789abcdef0123456789abcdef-lg.webp", ""]],
    [["product", "-lg.webp"]],
  ])("refuses %j with a 404", async (segments) => {
    const res = await get(segments);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe("Not found");
  });
});
