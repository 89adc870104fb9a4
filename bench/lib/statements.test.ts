import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { countStatements, timeStatements } from "./statements";

const ANSWER_MS = 20;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// node-postgres itself is replaced by a client that answers after ANSWER_MS, by promise or by
// callback (pool queries), before the counter wraps it; put back afterwards.
const realQuery = pg.Client.prototype.query;
afterAll(() => {
  pg.Client.prototype.query = realQuery;
});
pg.Client.prototype.query = function answerLater(...args: unknown[]) {
  const callback = args[args.length - 1];
  if (typeof callback === "function") {
    setTimeout(() => (callback as (e: null, r: object) => void)(null, { rows: [] }), ANSWER_MS);
    return undefined;
  }
  return wait(ANSWER_MS).then(() => ({ rows: [] }));
} as unknown as typeof pg.Client.prototype.query;

const client = new pg.Client();
const byCallback = (text: string) =>
  new Promise((resolve) => {
    void client.query(text, [], resolve);
  });

describe("timeStatements", () => {
  it("times statements answered by promise and by callback, one after the other", async () => {
    const started = performance.now();
    const timed = await timeStatements(async () => {
      await client.query("select 1");
      await byCallback("select 2");
      await wait(ANSWER_MS); // not a statement: not database time
      return "done";
    });
    const elapsed = performance.now() - started;
    expect(timed.result).toBe("done");
    expect(timed.count).toBe(2);
    expect(timed.busyMs).toBeGreaterThanOrEqual(2 * ANSWER_MS - 2);
    expect(timed.busyMs).toBeLessThanOrEqual(elapsed - (ANSWER_MS - 2));
    expect(timed.sumMs).toBeCloseTo(timed.busyMs, 0);
  });

  it("counts statements in flight together once in the busy time, each in the sum", async () => {
    const timed = await timeStatements(() =>
      Promise.all([client.query("select 1"), byCallback("select 2"), client.query("select 3")]),
    );
    expect(timed.count).toBe(3);
    expect(timed.busyMs).toBeGreaterThanOrEqual(ANSWER_MS - 1);
    expect(timed.sumMs).toBeGreaterThanOrEqual(3 * ANSWER_MS - 3);
    expect(timed.busyMs).toBeLessThan(timed.sumMs / 2);
  });

  it("stops timing when the call is over, and still counts", async () => {
    await timeStatements(() => client.query("select 1"));
    expect(await countStatements(() => client.query("select 2"))).toBe(1);
  });
});
