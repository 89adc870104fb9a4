import { route } from "@/server/http/route";
import { requireMetricsToken } from "@/server/observability/metrics-access";
import { renderMetrics } from "@/server/observability/scrape";

// GET /api/metrics: this instance's Prometheus metrics, for the operators' scraper (a bearer
// token from METRICS_TOKEN; 404 while it is unset). Each instance answers for itself.
export const GET = route(
  {
    public: true,
    doc: {
      summary: "This instance's Prometheus metrics (Authorization: Bearer METRICS_TOKEN)",
      responses: [{ status: 200, description: "Prometheus' text format", mediaType: "text/plain" }],
    },
  },
  async ({ req, db }) => {
    requireMetricsToken(req);
    const { contentType, text } = await renderMetrics(db);
    return new Response(text, { headers: { "Content-Type": contentType } });
  },
);
