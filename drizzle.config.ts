import { defineConfig } from "drizzle-kit";

// `npm run db:generate` needs no database: it diffs the schema against drizzle/meta.
// DATABASE_URL is only read by drizzle-kit commands that connect (studio, check against a live db).
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema/index.ts",
  out: "./drizzle",
  strict: true,
  verbose: true,
  ...(process.env.DATABASE_URL ? { dbCredentials: { url: process.env.DATABASE_URL } } : {}),
});
