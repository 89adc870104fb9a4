/**
 * CPU time as the kernel counts it: this process's (`process.cpuUsage`, every thread) and that of
 * every PostgreSQL process on this machine (`/proc/<pid>/stat`). A timing under contention mixes
 * work with waiting for a core; the two sums over the same stretch say which it was.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";

export interface CpuSnapshot {
  /** Milliseconds of CPU this process has used, and of those in the kernel (its sockets' system calls). */
  node: number;
  nodeKernel: number;
  /** Milliseconds of CPU the local PostgreSQL processes have used; null where they are not readable. */
  postgres: number | null;
  /** performance.now() when it was taken. */
  at: number;
}

export interface CpuSpent {
  node: number;
  nodeKernel: number;
  postgres: number | null;
  wall: number;
  cores: number;
}

/** utime + stime, in clock ticks, from the text of /proc/<pid>/stat (its name may hold spaces or ")"). */
export function statTicks(stat: string): number {
  // Fields after the name: state is field 3, utime field 14 and stime field 15 (proc(5)).
  const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const utime = Number(rest[11]);
  const stime = Number(rest[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) throw new Error("not a /proc stat line");
  return utime + stime;
}

let ticksPerSecond: number | undefined;

function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());
    } catch {
      ticksPerSecond = 100;
    }
    if (!Number.isFinite(ticksPerSecond) || ticksPerSecond <= 0) ticksPerSecond = 100;
  }
  return ticksPerSecond;
}

/** Milliseconds of CPU used by the processes named `postgres`, or null without a readable /proc. */
function postgresCpuMs(): number | null {
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  let ticks = 0;
  let found = false;
  for (const pid of pids) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() !== "postgres") continue;
      ticks += statTicks(readFileSync(`/proc/${pid}/stat`, "utf8"));
      found = true;
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return found ? (ticks * 1000) / clockTicks() : null;
}

/**
 * `local` says whether the database is on this machine; a remote one's CPU is not counted.
 * Backends that end between two snapshots take their time with them: take both while the
 * connections that do the work stay open.
 */
export function cpuSnapshot(local: boolean): CpuSnapshot {
  const { user, system } = process.cpuUsage();
  return {
    node: (user + system) / 1000,
    nodeKernel: system / 1000,
    postgres: local ? postgresCpuMs() : null,
    at: performance.now(),
  };
}

export function cpuSpent(from: CpuSnapshot, to: CpuSnapshot): CpuSpent {
  const node = to.node - from.node;
  const postgres =
    from.postgres === null || to.postgres === null ? null : to.postgres - from.postgres;
  const nodeKernel = to.nodeKernel - from.nodeKernel;
  return { node, nodeKernel, postgres, wall: to.at - from.at, cores: os.availableParallelism() };
}

/** Whether a connection string names this machine. */
export function isLocalDatabase(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === "" || host === "localhost" || host === "127.0.0.1" || host === "[::1]";
  } catch {
    return false;
  }
}
