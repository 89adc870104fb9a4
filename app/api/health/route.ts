import { isEmbedded } from "@/server/db/client";
import { checkDatabase } from "@/server/db/health";
import { route } from "@/server/http/route";
import { ok } from "@/server/openapi/declare";
import { okStatusAnswer } from "@/server/openapi/answers";

// GET /api/health: liveness, 200 while this instance answers; readiness is GET /api/ready. It asks
// PostgreSQL nothing (a database that is down is not cured by restarting the app), but the
// embedded database runs inside this process, so there a `select 1` must answer within 2 s, else
// 503: the demo's and the suite's watchdog restart a server whose database is stuck (decision
// 0012). Opening the database comes first and is not timed: a new embedded database is migrated
// and seeded before the first answer.
export const GET = route(
  {
    public: true,
    doc: {
      summary: "200 while this instance answers (liveness check)",
      responses: ok(okStatusAnswer),
    },
  },
  async ({ db }) => {
    if (isEmbedded(db)) await checkDatabase(db);
    return Response.json({ status: "ok" });
  },
);
