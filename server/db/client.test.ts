import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createCustomer } from "@/server/db/seed/factories";
import type { Db } from "./client";
import { members } from "./schema";

// getDb() on the embedded database, in a directory of its own.
const root = mkdtempSync(path.join(tmpdir(), "lpm-client-test-"));
const dataDir = path.join(root, "pglite");

type ClientModule = typeof import("./client");

/** The client as a freshly started server process would load it. */
async function loadClient(): Promise<ClientModule> {
  delete (globalThis as { __marketplaceDb?: unknown }).__marketplaceDb;
  vi.resetModules();
  return import("./client");
}

beforeAll(() => {
  vi.stubEnv("DATABASE_URL", "");
  vi.stubEnv("PGLITE_DIR", dataDir);
});

afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(root, { recursive: true, force: true });
});

// Each new directory runs initdb (seconds, more on a busy machine).
describe("getDb on the embedded database", { timeout: 60_000 }, () => {
  let client: ClientModule;
  let db: Db;
  const seed = vi.fn(async (fresh: Db) => {
    await createCustomer(fresh, { username: "seeded_customer" });
  });

  it("starts over from nothing when the first-start hook fails", async () => {
    client = await loadClient();
    client.registerEmptyDatabaseHook(async () => {
      throw new Error("seed failed");
    });
    await expect(client.getDb()).rejects.toThrow("seed failed");
    expect(existsSync(dataDir)).toBe(false);
  });

  it("creates, migrates and seeds a new directory once, then reuses one connection", async () => {
    client.registerEmptyDatabaseHook(seed);
    db = await client.getDb();
    expect(seed).toHaveBeenCalledTimes(1);
    expect(await client.getDb()).toBe(db);
    const [seeded] = await db
      .select({ n: count() })
      .from(members)
      .where(eq(members.username, "seeded_customer"));
    expect(seeded!.n).toBe(1);
  });

  it("seeds a directory a build created without the hook on the first start with it", async () => {
    const built = path.join(root, "built-by-next-build");
    vi.stubEnv("PGLITE_DIR", built);
    try {
      let buildClient = await loadClient();
      const unseeded = await buildClient.getDb();
      await buildClient.closeDb(unseeded);
      buildClient = await loadClient();
      const firstStart = vi.fn(async (fresh: Db) => {
        await createCustomer(fresh, { username: "seeded_after_build" });
      });
      buildClient.registerEmptyDatabaseHook(firstStart);
      const started = await buildClient.getDb();
      expect(firstStart).toHaveBeenCalledTimes(1);
      const [seeded] = await started.select({ n: count() }).from(members);
      expect(seeded!.n).toBe(1);
      await buildClient.closeDb(started);
    } finally {
      vi.stubEnv("PGLITE_DIR", dataDir);
    }
  });

  it("does not seed again when the server restarts on the same directory", async () => {
    await client.closeDb(db);
    client = await loadClient();
    const again = vi.fn(async () => {});
    client.registerEmptyDatabaseHook(again);
    const reopened = await client.getDb();
    expect(again).not.toHaveBeenCalled();
    const [seeded] = await reopened.select({ n: count() }).from(members);
    expect(seeded!.n).toBe(1);
    await client.closeDb(reopened);
  });
});
