/**
 * Why is it slow? Prints EXPLAIN (ANALYZE, BUFFERS) of every statement a statement probe's service
 * call sends, on a bench database:
 *
 *   npx tsx --require ./bench/lib/server-only.cjs bench/explain.ts --size M "latest products" "My Local 25 km"
 *
 * Probe names are those of bench/db/statements.ts (run without names to list them).
 */
import "./lib/env";
import { DEFAULT_SERVER } from "./data/config";
import { closeContext, openContext } from "./db/context";
import { STATEMENT_PROBES } from "./db/statements";
import { parseCli } from "./lib/cli";
import { out } from "./lib/out";
import { captureStatements } from "./lib/statements";

const USAGE = `
npx tsx --require ./bench/lib/server-only.cjs bench/explain.ts [--size M] [--server URL] [probe ...]

Prints EXPLAIN (ANALYZE, BUFFERS) of every statement of the named statement probes; without names,
lists them.
`;

async function main(): Promise<void> {
  const { values, positionals } = parseCli(
    {
      allowPositionals: true,
      options: {
        size: { type: "string", default: "M" },
        server: { type: "string", default: DEFAULT_SERVER },
      },
    },
    USAGE,
  );
  if (positionals.length === 0) {
    out(STATEMENT_PROBES.map((p) => p.name).join("\n"));
    return;
  }
  const ctx = await openContext(
    values.server ?? DEFAULT_SERVER,
    `bench_${(values.size ?? "M").toLowerCase()}`,
  );
  try {
    for (const name of positionals) {
      const probe = STATEMENT_PROBES.find((p) => p.name === name);
      if (!probe) throw new Error(`no probe "${name}"`);
      const prepared = probe.prepare ? await probe.prepare(ctx) : undefined;
      // Explained before the clean-up, on the data the statements ran on.
      try {
        await probe.run(ctx, prepared); // warm
        const statements = await captureStatements(() => probe.run(ctx, prepared));
        out(`\n=== ${name}: ${statements.length} statements`);
        for (const s of statements) {
          if (!/^\s*(with|select)\b/i.test(s.text)) {
            out(`\n-- ${s.text.slice(0, 200)}`);
            continue;
          }
          const { rows } = await ctx.raw.query<{ "QUERY PLAN": string }>(
            `explain (analyze, buffers) ${s.text}`,
            s.values,
          );
          out(
            `\n-- ${s.text.replace(/\s+/g, " ").slice(0, 300)}\n${rows.map((r) => r["QUERY PLAN"]).join("\n")}`,
          );
        }
      } finally {
        await probe.cleanup?.(ctx, prepared);
      }
    }
  } finally {
    await closeContext(ctx);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
