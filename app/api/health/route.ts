import { checkDatabase } from "@/server/db/health";
import { route } from "@/server/http/route";

// GET /api/health: 200 once the database answers (migrated and, for a new embedded database, seeded).
// Pages can answer from the prerendered cache before that, so readiness checks ask here.
export const GET = route({ public: true }, async ({ db }) => {
  await checkDatabase(db);
  return Response.json({ status: "ok" });
});
