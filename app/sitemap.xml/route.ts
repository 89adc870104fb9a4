import { connection } from "next/server";
import { SITEMAP_HEADERS, getCachedSitemap } from "@/server/sitemap/build-sitemap";

// GET /sitemap.xml: every public page, store and product, or an index of sitemap parts past 50,000 URLs
export async function GET() {
  // Rendered per request from the cache: the build has no database, and APP_URL is the server's.
  await connection();
  const xml = await getCachedSitemap("root");
  return new Response(xml, { headers: SITEMAP_HEADERS });
}
