import { IMAGE_CACHE_CONTROL, readLocalImage } from "@/server/storage";

// GET /uploads/<key>-<lg|sm>.webp: an uploaded image from UPLOADS_DIR (S3 deployments link to the bucket)
export async function GET(_req: Request, { params }: { params: Promise<{ path: string[] }> }) {
  const { path } = await params;
  const image = await readLocalImage(path);
  if (!image) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" },
    });
  }
  return new Response(new Uint8Array(image), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(image.byteLength),
      "Cache-Control": IMAGE_CACHE_CONTROL,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
