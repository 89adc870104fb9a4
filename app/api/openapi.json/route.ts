import { route } from "@/server/http/route";
import { getOpenApiDocument } from "@/server/openapi/document";
import { ROUTE_MODULES } from "./route-index";
import { openApiDocumentAnswer } from "@/server/openapi/answers";
import { ok } from "@/server/openapi/declare";

// GET /api/openapi.json: the OpenAPI 3.1 document of every call, generated from the routes'
// declarations and the handlers' zod schemas; the same for everyone and derived from code, so
// browsers and shared caches may keep it
export const GET = route(
  {
    public: true,
    doc: {
      summary: "This OpenAPI 3.1 document, generated from the handlers' zod schemas",
      responses: ok(openApiDocumentAnswer),
    },
  },
  async () =>
    Response.json(await getOpenApiDocument(ROUTE_MODULES), {
      headers: { "Cache-Control": "public, max-age=3600" },
    }),
);
