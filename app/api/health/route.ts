import { checkDatabase } from "@/server/db/health";
import { route } from "@/server/http/route";

// GET /api/health: 200 once the database answers `select 1` within 2 s, 503 when it does not (the
// demo's and the suite's watchdog restart a server that stops answering; decision 0012). Opening
// the database comes first and is not timed: a new embedded database is migrated and seeded before
// the first answer, and the watchdog waits for that. Pages can answer from the prerendered cache
// before then, so readiness checks ask here.
export const GET = route(
  { public: true, doc: { summary: "200 once the database answers (readiness check)" } },
  async ({ db }) => {
    await checkDatabase(db);
    return Response.json({ status: "ok" });
  },
);
