import { connection } from "next/server";
import { SITEMAP_HEADERS, getCachedSitemap } from "@/server/sitemap/build-sitemap";

// GET /sitemaps/{part}.xml: one part of a large sitemap (pages.xml, products-0.xml, ...)
export async function GET(_req: Request, { params }: { params: Promise<{ part: string }> }) {
  await connection();
  const { part } = await params;
  const name = /^([a-z0-9-]{1,40})\.xml$/.exec(part)?.[1];
  const xml = name && name !== "root" ? await getCachedSitemap(name) : null;
  if (xml === null)
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(xml, { headers: SITEMAP_HEADERS });
}
