import { route } from "@/server/http/route";
import { getOpenApiDocument } from "@/server/openapi/document";

// GET /api/openapi.json: the OpenAPI 3.1 document of every call, generated from the handlers' zod
// schemas; the same for everyone and derived from code, so browsers and shared caches may keep it
export const GET = route({ public: true }, () =>
  Response.json(getOpenApiDocument(), {
    headers: { "Cache-Control": "public, max-age=3600" },
  }),
);
