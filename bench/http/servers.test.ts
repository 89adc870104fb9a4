// The bench pins itself to the load generator's core and gives every core back before it starts
// Chromium for Lighthouse; a Chromium left on one core measured blocking times 10x a real one.
import { spawnSync } from "node:child_process";
import { cpus } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hasTaskset } from "./servers";

const ROOT = process.cwd();
const canPin = hasTaskset() && cpus().length > 1;

/** The cores a process started on core 0 may use after it ran `code` (servers.ts as `m`, CommonJS). */
function coresAfter(code: string): number[] {
  const script = `import("${path.join(ROOT, "bench", "http", "servers.ts")}").then((m) => { ${code}; })`;
  const child = spawnSync(
    "taskset",
    ["-c", "0", process.execPath, "--import", "tsx", "-e", script],
    {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, NODE_OPTIONS: "" },
    },
  );
  expect(child.stderr).toBe("");
  // taskset's list: "0", "0,1", "0-3"
  return child.stdout
    .trim()
    .split(",")
    .flatMap((part) => {
      const [from, to = from] = part.split("-").map(Number) as [number, number?];
      return Array.from({ length: to - from + 1 }, (_, i) => from + i);
    });
}

const affinity =
  "process.stdout.write(require('node:child_process').execSync('taskset -cp ' + process.pid).toString().split(': ')[1])";

describe.runIf(canPin)("unpinSelf", () => {
  it("gives a process pinned to one core every core of the machine", () => {
    expect(coresAfter(affinity)).toEqual([0]);
    expect(coresAfter(`(m.unpinSelf ?? m.default.unpinSelf)(); ${affinity}`)).toEqual(
      cpus().map((_, i) => i),
    );
  });
});
