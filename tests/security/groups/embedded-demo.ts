/**
 * The embedded demo's own edge (issue 22 items 1, 2 and 4): scripts/check-edge-hardening.mjs starts
 * the same build on a fresh embedded database without SMTP, where the demo mailbox exists, and
 * checks that only this machine reads it, that forged forwarding headers give no new address, and
 * that undecodable input gets a 4xx in the error shape. Each of its checks counts as one attempt.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import type { GroupContext } from "./index";

const SCRIPT = path.resolve(import.meta.dirname, "../../../scripts/check-edge-hardening.mjs");

export async function embeddedDemoGroup({ env, tally }: GroupContext): Promise<void> {
  const port = Number(new URL(env.base).port) + 1;
  const child = spawn(process.execPath, [SCRIPT, String(port)], {
    env: { ...process.env, DATABASE_URL: "", LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  const lines = output.split("\n");
  for (const line of lines) {
    if (line.startsWith("ok  ")) tally.attempt(line.slice(4), true);
    else if (line.startsWith("FAIL")) tally.attempt(line.slice(5), false);
  }
  tally.expect(
    "scripts/check-edge-hardening.mjs passed",
    code === 0,
    `exit ${code}: ${output.slice(-1500)}`,
  );
}
