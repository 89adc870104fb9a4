import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs module of the scripts, without types
import { databaseTestFiles } from "./database-test-files.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const testFiles = execFileSync("git", ["ls-files", "*.test.ts", "*.test.tsx"], { cwd: root })
  .toString()
  .split("\n")
  .filter((file) => file && !file.startsWith("e2e/"));
const selected: string[] = databaseTestFiles(root, testFiles);

describe("the test files npm run test:pg runs", () => {
  it("takes a file that opens its database directly and one that gets it through a helper", () => {
    expect(selected).toContain("server/checkout/place-order.test.ts");
    // stock.test.ts opens its database through tests/stripe-test-db.ts, not tests/db.ts itself.
    expect(selected).toContain("server/checkout/stock.test.ts");
  });

  it("leaves out files that never open a database", () => {
    expect(selected).not.toContain("lib/format.test.ts");
    expect(selected).not.toContain("scripts/lib/database-test-files.test.ts");
  });

  it("keeps every file that says what it does on PostgreSQL", () => {
    // Spelled in two parts so that this file, which only searches for it, does not name it.
    const needle = ["TEST", "DATABASE", "URL"].join("_");
    const namesPostgres = testFiles.filter((file) =>
      readFileSync(path.join(root, file), "utf8").includes(needle),
    );
    expect(namesPostgres.length).toBeGreaterThan(0);
    for (const file of namesPostgres) expect(selected).toContain(file);
  });
});
