/**
 * Vitest global setup: migrate one template database per run, before any test file starts, and
 * hand its location to the workers (`inject("testDb")` in tests/db.ts). Teardown removes it all.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import {
  buildPgliteDump,
  createPostgresTemplate,
  dropPostgresDatabases,
  newRunPrefix,
  withAdminClient,
  type TestDbSource,
} from "./db";

/** A crashed run leaves its databases behind; a later run drops them once they are this old. */
const STALE_AFTER_SECONDS = 6 * 60 * 60;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = performance.now();
  const adminUrl = process.env.TEST_DATABASE_URL;
  let source: TestDbSource;
  let teardown: () => Promise<void>;

  if (adminUrl) {
    await dropStaleDatabases(adminUrl);
    const prefix = newRunPrefix();
    const template = await createPostgresTemplate(adminUrl, prefix);
    source = { kind: "postgres", adminUrl, template, prefix };
    teardown = () => dropPostgresDatabases(adminUrl, prefix);
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), "lpm-test-db-"));
    const dumpPath = path.join(dir, "template.tar");
    writeFileSync(dumpPath, await buildPgliteDump());
    source = { kind: "pglite", dumpPath };
    teardown = async () => rmSync(dir, { recursive: true, force: true });
  }

  project.provide("testDb", source);
  if (process.env.TEST_DB_TIMING) {
    console.warn(
      `test database template (${source.kind}) ready in ${Math.round(performance.now() - started)} ms`,
    );
  }
  return teardown;
}

async function dropStaleDatabases(adminUrl: string): Promise<void> {
  const cutoff = Math.floor(Date.now() / 1000) - STALE_AFTER_SECONDS;
  const stalePrefixes = await withAdminClient(adminUrl, async (client) => {
    const { rows } = await client.query<{ prefix: string }>(
      `select distinct substring(datname from '^(lpm_test_[0-9]+_[0-9a-f]+)') as prefix
         from pg_database where datname ~ '^lpm_test_[0-9]+_'`,
    );
    return rows.map((r) => r.prefix).filter((p) => Number(p.split("_")[2]) < cutoff);
  });
  for (const prefix of stalePrefixes) await dropPostgresDatabases(adminUrl, prefix);
}
