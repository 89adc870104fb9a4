import { listMapPointsCached, parseBbox } from "@/server/catalog/list-map-points";
import { route } from "@/server/http/route";
import { ok, text } from "@/server/openapi/declare";
import { mapPointsAnswer } from "@/server/openapi/answers";

// GET /api/merchants/mapPoints: the farmers map's points, optionally inside bbox=minLon,minLat,maxLon,maxLat
export const GET = route(
  {
    public: true,
    doc: {
      summary: "The farmers map's points, optionally inside bbox=minLon,minLat,maxLon,maxLat",
      responses: ok(mapPointsAnswer),
      // parseBbox reads it: four decimals in range with min below max.
      query: [{ bbox: text().optional() }],
    },
  },
  async ({ req }) => {
    const bbox = parseBbox(new URL(req.url).searchParams.get("bbox"));
    const points = await listMapPointsCached(bbox);
    // The same public answer for everyone: browsers and shared caches may keep it a minute.
    return Response.json(
      { points },
      { headers: { "Cache-Control": "public, max-age=60, stale-while-revalidate=300" } },
    );
  },
);
