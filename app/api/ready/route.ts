import { route } from "@/server/http/route";
import { currentRequestId } from "@/server/base/request-context";
import { NOT_READY_MESSAGE, checkReadiness } from "@/server/observability/readiness";
import { readyAnswer } from "@/server/openapi/answers";
import { ok } from "@/server/openapi/declare";

// GET /api/ready: readiness, for the balancer and whatever waits for an instance to serve: 200
// once the database answers, holds this build's migrations and Redis (when configured) answers;
// 503 naming the check that failed. Liveness, which never asks PostgreSQL, is GET /api/health.
export const GET = route(
  {
    public: true,
    doc: {
      summary: "200 once the database, its migrations and Redis are ready",
      responses: ok(readyAnswer),
    },
  },
  async ({ db }) => {
    const { ready, checks, problems } = await checkReadiness(db);
    if (ready) return Response.json({ status: "ready", checks });
    // The error shape, answered rather than thrown: route() logs every thrown 503 as an error and
    // a balancer asks every 2 s; checkReadiness logs the change of state once instead.
    const errors = Object.fromEntries(
      Object.entries(problems).map(([check, problem]) => [check, [problem]]),
    );
    return Response.json(
      { message: NOT_READY_MESSAGE, errors, requestId: currentRequestId() },
      { status: 503 },
    );
  },
);
