/**
 * Runs once when a server instance starts. On the embedded database it opens (migrates) it before
 * the first request, seeding the demo when the database is new, so the first page is fast.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.DATABASE_URL) return;
  const { getDb, registerEmptyDatabaseHook } = await import("@/server/db/client");
  const { seedDemo } = await import("@/server/db/seed/seed-demo");
  registerEmptyDatabaseHook(async (db) => {
    await seedDemo(db);
  });
  await getDb();
}
