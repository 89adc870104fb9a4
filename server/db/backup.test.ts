import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Pool } from "pg";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";

vi.hoisted(() => {
  // The sign-in check reads the environment; without a secret it would write one under .data/.
  process.env.NEXTAUTH_SECRET = "backup-test-secret-backup-test-secret-0123";
});

import { LOGIN_FAILED_MESSAGE, signInWithPassword } from "@/server/auth/sign-in";
import { BackupError, backupDatabase, restoreDatabase } from "@/server/db/backup";
import { closeDb, createNodePgDb, createPgliteDb, type Db } from "@/server/db/client";
import { countRows } from "@/server/db/count-rows";
import { backupRequestsDir, holderFilePath } from "@/server/db/embedded-holder";
import {
  DEFAULT_PASSWORD,
  createCartItem,
  createConversation,
  createCustomer,
  createMerchant,
  createMessage,
  createOrder,
  createProduct,
  createReview,
  type Member,
} from "@/server/db/seed/factories";
import { closeTestDb, createTestDb, withAdminClient, withDatabase } from "@/tests/db";

// Issue 43 item 8: a backup restores into a fresh database with every row, and a member signs in
// there with the real credential check. `npm test` runs the embedded half, `npm run test:pg` the
// PostgreSQL half (tests/db.ts says which database the run has).
const source = inject("testDb");
const scratch = mkdtempSync(path.join(tmpdir(), "lpm-backup-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const BACKUP_NAME = /^marketplace-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.(dump|pglite\.tar\.gz)$/;

/** A small marketplace: a farm, its products, an order, a review, a cart and a conversation. */
async function makeWorld(db: Db): Promise<Member> {
  const farm = await createMerchant(db);
  const customer = await createCustomer(db);
  const other = await createCustomer(db);
  const carrots = await createProduct(db, { merchantId: farm.id });
  const kale = await createProduct(db, { merchantId: farm.id });
  await createOrder(db, {
    customerId: customer.id,
    items: [{ productId: carrots.id, qty: 2 }, { productId: kale.id }],
  });
  await createReview(db, { productId: carrots.id, memberId: customer.id });
  await createCartItem(db, { memberId: other.id, productId: kale.id });
  const conversation = await createConversation(db, {
    merchantId: farm.id,
    customerId: customer.id,
  });
  await createMessage(db, { conversationId: conversation.id, senderMemberId: customer.id });
  return customer;
}

/** The app's sign-in check, on the restored database. */
function signIn(db: Db, login: string, password = DEFAULT_PASSWORD) {
  return signInWithPassword(db, { login, password, rateLimitIp: null, ip: null, userAgent: null });
}

async function expectSignInWorks(db: Db, member: Member): Promise<void> {
  const signedIn = await signIn(db, member.email);
  expect(signedIn).toMatchObject({ id: member.id, username: member.username });
  await expect(signIn(db, member.username, "Wrong-password1!")).rejects.toThrow(
    LOGIN_FAILED_MESSAGE,
  );
}

/** The tables the world fills, so equal counts cannot be two empty databases. */
function expectWorldRows(rows: Record<string, number>): void {
  for (const table of ["members", "products", "orders", "order_items", "reviews", "messages"])
    expect(rows[`public.${table}`], table).toBeGreaterThan(0);
  expect(rows["drizzle.__drizzle_migrations"]).toBeGreaterThan(0);
}

describe.runIf(source.kind === "pglite")("backup and restore of the embedded database", () => {
  const appDir = path.join(scratch, "app", "pglite");
  const restoredDir = path.join(scratch, "restored", "pglite");
  const outDir = path.join(scratch, "backups");
  let app: Db | undefined;
  let customer: Member;

  beforeAll(async () => {
    if (source.kind !== "pglite") return;
    // The app's folder: a migrated database on disk, open in this process as the app has it.
    app = await createPgliteDb(appDir, {
      loadDataDir: new Blob([readFileSync(source.dumpPath)]),
    });
    customer = await makeWorld(app);
  });
  afterAll(async () => {
    if (app) await closeDb(app);
  });

  it("has the running app make the backup, between two of its transactions", async () => {
    expect(readFileSync(holderFilePath(appDir), "utf8").trim()).toBe(String(process.pid));
    // A transaction is open in the app when the backup is asked for.
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => (commit = resolve));
    const transaction = app!.transaction(async (tx) => {
      await createCustomer(tx, { username: "joined_mid_backup" });
      await committed;
    });
    const backup = backupDatabase({ kind: "embedded", dir: appDir }, { outDir });
    await vi.waitFor(
      () =>
        expect(
          readdirSync(backupRequestsDir(appDir)).filter((f) => f.endsWith(".request")),
        ).toEqual([]),
      { timeout: 10_000, interval: 20 },
    );
    commit();
    await transaction;
    const { file, source: madeBy } = await backup;
    expect(madeBy).toEqual({ via: "app", pid: process.pid });
    expect(path.basename(file)).toMatch(BACKUP_NAME);
    expect(readdirSync(backupRequestsDir(appDir))).toEqual([]);

    const expected = await countRows(app!);
    expectWorldRows(expected);
    const { rows } = await restoreDatabase(file, { kind: "embedded", dir: restoredDir });
    expect(rows).toEqual(expected);

    const restored = await createPgliteDb(restoredDir);
    try {
      await expectSignInWorks(restored, customer);
      // The transaction the backup waited for is in it whole.
      await expect(signIn(restored, "joined_mid_backup")).resolves.toMatchObject({
        username: "joined_mid_backup",
      });
    } finally {
      await closeDb(restored);
    }
    // The app goes on after answering.
    await expect(createCustomer(app!)).resolves.toMatchObject({ memberType: "customer" });
  });

  it("never restores into a folder a running process has open, even with --force", async () => {
    const file = path.join(outDir, readdirSync(outDir)[0]!);
    const before = readdirSync(appDir).length;
    await expect(
      restoreDatabase(file, { kind: "embedded", dir: appDir }, { force: true }),
    ).rejects.toThrow(new RegExp(`Process ${process.pid} has .* open`));
    expect(readdirSync(appDir)).toHaveLength(before);
    expect(readdirSync(path.dirname(appDir)).filter((f) => f.includes("restoring"))).toEqual([]);
  });

  it("refuses to restore over a database unless forced, then keeps the old folder", async () => {
    const file = path.join(outDir, readdirSync(outDir)[0]!);
    await expect(restoreDatabase(file, { kind: "embedded", dir: restoredDir })).rejects.toThrow(
      "already holds a database",
    );
    const { keptAs } = await restoreDatabase(
      file,
      { kind: "embedded", dir: restoredDir },
      { force: true },
    );
    expect(keptAs && existsSync(path.join(keptAs, "PG_VERSION"))).toBe(true);
    expect(existsSync(path.join(restoredDir, "PG_VERSION"))).toBe(true);
  });

  it("reads the folder at rest when no process has it open", async () => {
    await closeDb(app!);
    app = undefined;
    expect(existsSync(holderFilePath(appDir))).toBe(false);
    // A .pid file left by a process that crashed does not count.
    writeFileSync(holderFilePath(appDir), "999999999\n");
    const later = new Date(Date.now() + 1000);
    const { file, source: madeBy } = await backupDatabase(
      { kind: "embedded", dir: appDir },
      { outDir, now: later },
    );
    expect(madeBy).toEqual({ via: "folder" });
    const fresh = path.join(scratch, "at-rest", "pglite");
    const { rows } = await restoreDatabase(file, { kind: "embedded", dir: fresh });
    expectWorldRows(rows);
    expect(rows["public.members"]).toBeGreaterThanOrEqual(5);
  });

  it("refuses a backup of the other kind and a file that is no backup", async () => {
    const file = path.join(outDir, readdirSync(outDir)[0]!);
    await expect(
      restoreDatabase(file, { kind: "postgres", url: "postgres://127.0.0.1:1/none" }),
    ).rejects.toThrow("is a backup of the embedded database");
    const notABackup = path.join(scratch, "notes.txt");
    writeFileSync(notABackup, "not a backup");
    await expect(
      restoreDatabase(notABackup, { kind: "embedded", dir: path.join(scratch, "never") }),
    ).rejects.toThrow(BackupError);
    expect(existsSync(path.join(scratch, "never"))).toBe(false);
  });
});

describe.runIf(source.kind === "postgres")("backup and restore on PostgreSQL", () => {
  const outDir = path.join(scratch, "backups");
  let db: Db;
  let restored: Db | undefined;
  let targetUrl: string;
  let customer: Member;

  beforeAll(async () => {
    if (source.kind !== "postgres") return;
    db = await createTestDb();
    customer = await makeWorld(db);
    // Named with the run's prefix, so the run's teardown drops it even if this file fails.
    targetUrl = withDatabase(source.adminUrl, `${source.prefix}_${process.pid}_restored`);
  });
  afterAll(async () => {
    if (restored) await closeDb(restored);
    await closeTestDb(db);
    if (source.kind === "postgres" && targetUrl) {
      const name = new URL(targetUrl).pathname.slice(1);
      await withAdminClient(source.adminUrl, (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      );
    }
  });

  it("restores a pg_dump into a new database with every row, and a member signs in there", async () => {
    const url = (db as unknown as { $client: Pool }).$client.options.connectionString!;
    const { file } = await backupDatabase({ kind: "postgres", url }, { outDir });
    expect(path.basename(file)).toMatch(BACKUP_NAME);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe("PGDMP");

    const expected = await countRows(db);
    expectWorldRows(expected);
    const result = await restoreDatabase(file, { kind: "postgres", url: targetUrl });
    expect(result).toMatchObject({ created: true, cleared: false });
    expect(result.rows).toEqual(expected);

    restored = createNodePgDb(targetUrl, { max: 2 });
    await expectSignInWorks(restored, customer);
  });

  it("refuses to restore over a database that is not empty unless forced", async () => {
    const file = path.join(outDir, readdirSync(outDir)[0]!);
    await expect(restoreDatabase(file, { kind: "postgres", url: targetUrl })).rejects.toThrow(
      "is not empty",
    );
    // Forced, it drops what the database held (a sign-in's rows, for one) and restores the backup.
    const result = await restoreDatabase(
      file,
      { kind: "postgres", url: targetUrl },
      { force: true },
    );
    expect(result).toMatchObject({ created: false, cleared: true });
    expect(result.rows).toEqual(await countRows(db));
  });
});
