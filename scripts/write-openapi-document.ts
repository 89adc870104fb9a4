/**
 * npx tsx --require ./bench/lib/server-only.cjs scripts/write-openapi-document.ts <file.json>
 *
 * Writes the document GET /api/openapi.json answers to a file, in prettier's layout, so two
 * versions of the API can be compared with a diff.
 */
import { writeFileSync } from "node:fs";
import { format, resolveConfig } from "prettier";
import { ROUTE_MODULES } from "@/app/api/openapi.json/route-index";
import { getOpenApiDocument } from "@/server/openapi/document";

async function main(out: string | undefined): Promise<void> {
  if (!out) {
    console.error("Usage: scripts/write-openapi-document.ts <file.json>");
    process.exit(2);
  }
  const text = JSON.stringify(await getOpenApiDocument(ROUTE_MODULES), null, 2);
  writeFileSync(out, await format(text, { ...(await resolveConfig(out)), filepath: out }));
}

void main(process.argv[2]);
