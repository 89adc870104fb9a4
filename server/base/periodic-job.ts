import "server-only";
import { log } from "@/server/log";

type Jobs = Map<string, NodeJS.Timeout>;
const jobs: Jobs = ((
  globalThis as { __marketplacePeriodicJobs?: Jobs }
).__marketplacePeriodicJobs ??= new Map());

/**
 * Runs `task` every `everyMs` on this instance (started from instrumentation.ts); a second start
 * of the same `name` does nothing (hot reload, a second register), and a run still going when the
 * next is due is not doubled. The timer does not keep the process alive. Tasks that must run once
 * across instances claim their rows themselves (a conditional update, `skip locked`).
 */
export function startPeriodicJob(
  name: string,
  everyMs: number,
  task: () => Promise<unknown>,
): void {
  if (jobs.has(name)) return;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    task()
      .catch((error: unknown) => log.error({ err: error, job: name }, `${name} failed`))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  jobs.set(name, timer);
}
