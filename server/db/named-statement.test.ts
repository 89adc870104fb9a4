import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { closeTestDb, createTestDb } from "@/tests/db";
import { createCustomer } from "@/server/db/seed/factories";
import type { Db } from "./client";
import { executeRendered, intLiteral, renderStatement, statementName } from "./named-statement";
import { members } from "./schema";

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => closeTestDb(db));

const source = inject("testDb");

const executeNamed = (on: Db, query: ReturnType<typeof sql>) =>
  executeRendered(on, renderStatement(query, { named: true }));

/** A statement whose text is the same whatever `username` is. */
const memberByName = (username: string) =>
  sql`select ${members.id} as id, ${members.username} as username,
    ${members.createdAt} as created_at, ${intLiteral(2)} + 1 as three
    from ${members} where ${members.username} = ${username}`;

describe("a named statement (renderStatement, executeRendered)", () => {
  it("answers what db.execute answers, column types included", async () => {
    const member = await createCustomer(db, { username: "named_statement_one" });
    const named = await executeNamed(db, memberByName("named_statement_one"));
    const plain = await db.execute(memberByName("named_statement_one"));
    expect(named.rows).toEqual(plain.rows);
    expect(named.rows).toHaveLength(1);
    expect(named.rows[0]).toMatchObject({ id: member.id, username: "named_statement_one" });
    // Timestamps stay as PostgreSQL wrote them, as db.execute gives them.
    expect(typeof named.rows[0]!.created_at).toBe("string");
  });

  it("runs unnamed as db.execute does", async () => {
    const plain = await db.execute(memberByName("named_statement_one"));
    const rendered = renderStatement(memberByName("named_statement_one"), { named: false });
    expect(rendered.name).toBeUndefined();
    expect((await executeRendered(db, rendered)).rows).toEqual(plain.rows);
  });

  it("names a statement after its text, not its values", () => {
    const one = renderStatement(memberByName("a"), { named: true });
    const other = renderStatement(memberByName("b"), { named: true });
    expect(one.params).not.toEqual(other.params);
    expect(one.name).toBe(other.name);
    expect(one.name).toBe(statementName(one.sql));
    expect(one.name).not.toBe(statementName(`${one.sql} `));
    expect(one.name).toMatch(/^n_[0-9a-f]{40}$/);
  });

  it.runIf(source?.kind === "postgres")(
    "on PostgreSQL, parses a statement once per connection and runs it again with other values",
    async () => {
      await createCustomer(db, { username: "named_statement_two" });
      const { name } = renderStatement(memberByName("x"), { named: true });
      await db.transaction(async (tx) => {
        const runs = async () => {
          const { rows } = await tx.execute<{ runs: string }>(
            sql`select generic_plans + custom_plans as runs from pg_prepared_statements
              where name = ${name}`,
          );
          return rows.map((row) => Number(row.runs));
        };
        const first = await executeNamed(tx, memberByName("named_statement_one"));
        const [before] = await runs();
        const second = await executeNamed(tx, memberByName("named_statement_two"));
        expect(first.rows.map((r) => r.username)).toEqual(["named_statement_one"]);
        expect(second.rows.map((r) => r.username)).toEqual(["named_statement_two"]);
        expect(before).toBeGreaterThanOrEqual(1);
        expect(await runs()).toEqual([before! + 1]);
      });
    },
  );
});

describe("intLiteral", () => {
  it("writes a whole number into the text", () => {
    expect(renderStatement(sql`limit ${intLiteral(13)}`, { named: false })).toEqual({
      sql: "limit 13",
      params: [],
    });
  });

  it.each([-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1])("refuses %s", (value) => {
    expect(() => intLiteral(value)).toThrow("not a non-negative integer");
  });
});
