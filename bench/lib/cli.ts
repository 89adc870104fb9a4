/**
 * The bench CLIs' argument reading: `--help` (or `-h`) prints the usage and exits 0; an unknown or
 * malformed option prints what is wrong and the usage, and exits 2, never a stack trace.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";

type Parsed<C extends ParseArgsConfig> = ReturnType<typeof parseArgs<C>>;

export type CliRead<C extends ParseArgsConfig> =
  { kind: "ok"; parsed: Parsed<C> } | { kind: "help" } | { kind: "error"; message: string };

/** Reads `args` against `config`, without exiting (the testable half). */
export function readCli<C extends ParseArgsConfig>(config: C, args: string[]): CliRead<C> {
  if (args.includes("--help") || args.includes("-h")) return { kind: "help" };
  try {
    return { kind: "ok", parsed: parseArgs({ ...config, args }) as Parsed<C> };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" && code.startsWith("ERR_PARSE_ARGS"))
      return { kind: "error", message: (error as Error).message };
    throw error;
  }
}

/** readCli on the process's arguments; prints the usage and exits on --help or a bad option. */
export function parseCli<C extends ParseArgsConfig>(
  config: C,
  usage: string,
  args = process.argv.slice(2),
): Parsed<C> {
  const read = readCli(config, args);
  if (read.kind === "ok") return read.parsed;
  if (read.kind === "help") {
    process.stdout.write(`${usage.trim()}\n`);
    process.exit(0);
  }
  process.stderr.write(`${read.message}\n\n${usage.trim()}\n`);
  process.exit(2);
}
