// The test files that reach a test database: those whose imports, followed through the project's
// own files, arrive at tests/db.ts (createTestDb, createRouteTestDb). `npm run test:pg` runs only
// these on PostgreSQL; the others (validation, formatting, components) never open a database and
// already ran in `npm test`. Reading imports rather than a list keeps a new test file, or a test
// that gets its database through a shared helper, in the PostgreSQL run without anyone adding it.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\s*\(\s*)["']([^"']+)["']/g;
const EXTENSIONS = ["", ".ts", ".tsx", ".mts", ".js", ".mjs", "/index.ts", "/index.tsx"];

/** The local file an import specifier names, or null for a package. */
function resolveImport(root, fromFile, specifier) {
  let base;
  if (specifier.startsWith("@/")) base = path.join(root, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(fromFile), specifier);
  else return null;
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * @param {string} root the project's directory
 * @param {string[]} testFiles paths relative to root
 * @returns {string[]} those of testFiles that reach tests/db.ts
 */
export function databaseTestFiles(root, testFiles) {
  const target = path.join(root, "tests", "db.ts");
  const reaches = new Map(); // file -> boolean, once decided
  const visiting = new Set();

  function reachesDb(file) {
    if (file === target) return true;
    if (reaches.has(file)) return reaches.get(file);
    if (visiting.has(file)) return false; // a cycle: decided by the file that started it
    visiting.add(file);
    let found = false;
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const next = resolveImport(root, file, match[1]);
      if (next && reachesDb(next)) {
        found = true;
        break;
      }
    }
    visiting.delete(file);
    reaches.set(file, found);
    return found;
  }

  return testFiles.filter((file) => reachesDb(path.join(root, file)));
}
