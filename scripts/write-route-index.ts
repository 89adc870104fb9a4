/**
 * npm run openapi:index
 *
 * Writes app/api/openapi.json/route-index.ts, the list of route modules the OpenAPI document is
 * built from. Run it after adding or removing an app/api/**\/route.ts; a test fails until then.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { ROUTE_INDEX_FILE, routeIndexSource } from "./lib/route-index";

async function main(): Promise<void> {
  const root = path.resolve(__dirname, "..");
  writeFileSync(path.join(root, ROUTE_INDEX_FILE), await routeIndexSource(root));
  console.warn(`wrote ${ROUTE_INDEX_FILE}`);
}

void main();
