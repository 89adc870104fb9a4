/**
 * `npm run test:security`: the attack suite of issue 22, against the built app on a fresh database
 * (tests/security/environment.ts). Each group attacks one surface and keeps a Tally; at the end a
 * line per group says how many attacks were tried and refused, and how many answers leaked or
 * failed with a 5xx. Any failure, leak or 5xx fails the run.
 *
 *   npm run build && npm run test:security [-- --only sign-in,fuzz] [-- --port 3350]
 */
import { parseArgs } from "node:util";
import { startEnvironment, type Environment } from "./environment";
import { App, Tally } from "./harness";
import { GROUPS } from "./groups";

const USAGE = `Usage: npm run test:security [-- options]

Runs the attack suite against the built app (npm run build first; NEXT_DIST_DIR picks the build)
on a fresh PostgreSQL database (E2E_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres).

Options:
  --only <groups>   comma-separated group names (${GROUPS.map((g) => g.name).join(", ")})
  --port <port>     the app's port (default 3350)
  --help            this text`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      only: { type: "string" },
      port: { type: "string", default: "3350" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const only = values.only?.split(",").map((name) => name.trim());
  const unknown = only?.filter((name) => !GROUPS.some((group) => group.name === name)) ?? [];
  if (unknown.length) {
    process.stderr.write(`unknown group(s): ${unknown.join(", ")}\n\n${USAGE}\n`);
    return 2;
  }
  const started = performance.now();
  const env: Environment = await startEnvironment(Number(values.port));
  const tallies: Tally[] = [];
  try {
    const app = new App(env.base);
    for (const group of GROUPS) {
      if (only && !only.includes(group.name)) continue;
      const tally = new Tally(group.name);
      const groupStarted = performance.now();
      // Each group starts with fresh rate-limit budgets: one group's guesses must not make the
      // next group's sign-ins fail (all of them come from this machine's address).
      await env.sql("delete from rate_limit_buckets");
      try {
        await group.run({ app, env, tally });
      } catch (error) {
        tally.fail(`the group stopped: ${error instanceof Error ? error.stack : String(error)}`);
      }
      tallies.push(tally);
      process.stdout.write(
        `${tally.ok ? "ok  " : "FAIL"} ${group.name} (${((performance.now() - groupStarted) / 1000).toFixed(1)} s)\n`,
      );
    }
  } finally {
    await env.stop();
  }

  process.stdout.write("\ngroup                 tried  refused  leaked  5xx\n");
  for (const t of tallies) {
    process.stdout.write(
      `${t.group.padEnd(20)} ${String(t.tried).padStart(6)} ${String(t.refused).padStart(8)} ${String(t.leaked).padStart(7)} ${String(t.serverErrors).padStart(4)}\n`,
    );
  }
  const failed = tallies.filter((t) => !t.ok);
  for (const t of failed) {
    process.stdout.write(`\n${t.group}:\n${t.failures.map((f) => `  - ${f}`).join("\n")}\n`);
  }
  process.stdout.write(
    `\n${failed.length ? "FAILED" : "passed"} in ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
  );
  return failed.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
