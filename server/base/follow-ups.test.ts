import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/db/client";
import { closeTestDb, createTestDb } from "@/tests/db";
import { afterCommit, withFollowUps } from "./follow-ups";

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => closeTestDb(db));

describe("afterCommit", () => {
  it("runs a write's follow-up before returning when no scope is open (a script, a test)", async () => {
    const ran: string[] = [];
    await afterCommit(db, "mail", async () => void ran.push("mail"));
    expect(ran).toEqual(["mail"]);
  });

  it("refuses a follow-up scheduled inside a transaction with no scope, so a new entry point cannot forget it", async () => {
    await expect(
      db.transaction((tx) => afterCommit(tx, "mail", async () => undefined)),
    ).rejects.toThrow(/inside a transaction with no follow-up scope/);
  });

  it("waits for the scope to end, then gives the task the database, not the transaction", async () => {
    const ran: string[] = [];
    let seenCommitted: number | undefined;
    await withFollowUps(db, async () => {
      await db.transaction(async (tx) => {
        await tx.execute(sql`create table if not exists follow_up_probe (n int)`);
        await tx.execute(sql`insert into follow_up_probe values (1)`);
        await afterCommit(tx, "mail", async (root) => {
          const { rows } = await root.execute<{ n: number }>(
            sql`select count(*)::int as n from follow_up_probe`,
          );
          seenCommitted = rows[0]?.n;
          ran.push("mail");
        });
        ran.push("write");
      });
      ran.push("commit");
    });
    expect(ran).toEqual(["write", "commit", "mail"]);
    expect(seenCommitted).toBe(1);
  });

  it("drops the follow-ups of a transaction that rolled back, and keeps those of committed writes", async () => {
    const ran: string[] = [];
    await expect(
      withFollowUps(db, async () => {
        await afterCommit(db, "committed mail", async () => void ran.push("committed"));
        await db.transaction(async (tx) => {
          await afterCommit(tx, "rolled back mail", async () => void ran.push("rolled back"));
          throw new Error("the write failed");
        });
      }),
    ).rejects.toThrow("the write failed");
    expect(ran).toEqual(["committed"]);
  });

  it("hands an inner scope's follow-ups to the outer one, which runs them when it ends", async () => {
    const ran: string[] = [];
    await withFollowUps(db, async () => {
      await withFollowUps(db, async () => {
        await afterCommit(db, "inner mail", async () => void ran.push("inner"));
      });
      ran.push("outer work done");
    });
    expect(ran).toEqual(["outer work done", "inner"]);
  });

  it("takes the database itself as a scope's, never a transaction", async () => {
    await expect(db.transaction((tx) => withFollowUps(tx, async () => undefined))).rejects.toThrow(
      /not a transaction/,
    );
  });
});
