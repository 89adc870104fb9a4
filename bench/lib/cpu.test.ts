import { describe, expect, it } from "vitest";
import { cpuSnapshot, cpuSpent, isLocalDatabase, statTicks } from "./cpu";

describe("statTicks", () => {
  it("adds utime and stime (fields 14 and 15), whatever the process name holds", () => {
    const fields = (name: string) =>
      `4242 (${name}) S 1 4242 4242 0 -1 4194560 1234 0 0 0 731 269 0 0 20 0 1 0 5000 1000 100`;
    expect(statTicks(fields("postgres"))).toBe(1000);
    expect(statTicks(fields("a (b) c"))).toBe(1000);
  });

  it("refuses text that is not a stat line", () => {
    expect(() => statTicks("hello")).toThrow();
  });
});

describe("cpuSpent", () => {
  it("counts this process's work between two snapshots", () => {
    const from = cpuSnapshot(false);
    let x = 0;
    for (let i = 0; i < 5e6; i++) x += i % 7;
    const spent = cpuSpent(from, cpuSnapshot(false));
    expect(x).toBeGreaterThan(0);
    expect(spent.node).toBeGreaterThan(0);
    expect(spent.postgres).toBeNull();
    expect(spent.wall).toBeGreaterThan(0);
    expect(spent.cores).toBeGreaterThanOrEqual(1);
  });
});

describe("isLocalDatabase", () => {
  it.each([
    ["postgres://postgres@127.0.0.1:5432/bench_m", true],
    ["postgres://postgres@localhost/bench_m", true],
    ["postgres://u:p@db.example.com:5432/x", false],
    ["not a url", false],
  ])("%s -> %s", (url, local) => expect(isLocalDatabase(url)).toBe(local));
});
