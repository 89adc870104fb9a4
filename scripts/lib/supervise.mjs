// Runs a web server and restarts it when it stops answering: the watchdog of `npm run demo`
// (scripts/serve.mjs) and of the end-to-end suite (scripts/e2e-server.mjs). Decision 0012.
//
// Why from outside: the embedded database (PGlite) runs its queries on the server's JavaScript
// thread, and it has been seen to spin inside a query for good. The whole server then answers
// nothing, ignores SIGTERM, and no timer inside it can fire, so only another process can notice.
// This one asks GET /api/health every few seconds once the server has answered it; after `misses`
// failed checks in a row it kills the server with SIGKILL and starts it again on the same data
// (PostgreSQL's own crash recovery reopens the directory: committed data is kept).
//
// It does not assume the embedded database. With DATABASE_URL set (read as Next reads it, .env
// files included), a 503 from /api/health means PostgreSQL did not answer in time: restarting the
// app would not bring it back, so that is reported and waited out; only a server that answers
// nothing at all is restarted. On the embedded database a 503 means the database inside the
// process is stuck waiting, and a restart is the cure.
import { spawn } from "node:child_process";
import nextEnv from "@next/env";

const DECISION = "docs/decisions/0012-e2e-server-watchdog.md";

/**
 * @param {object} options
 * @param {string[]} options.command the server's command line (argv[0] is the program)
 * @param {string} options.healthUrl the URL that answers 200 while the server and its database work
 * @param {string} options.label the log prefix, e.g. "demo"
 * @param {string} options.serverName how the log names the server ("next start")
 * @param {number} [options.checkEveryMs] time between health checks
 * @param {number} [options.answerWithinMs] a check without an answer by then is a miss
 * @param {number} [options.misses] misses in a row that restart the server
 * @param {number} [options.maxRestarts] restarts allowed within `restartWindowMs`; one more gives up
 * @param {number} [options.restartWindowMs] Infinity: every restart of the run counts
 * @param {(line: string) => void} [options.log]
 */
export function supervise({
  command,
  healthUrl,
  label,
  serverName,
  checkEveryMs = 2_000,
  answerWithinMs = 5_000,
  misses: missesToRestart = 3,
  maxRestarts = 3,
  restartWindowMs = Infinity,
  log = (line) => process.stderr.write(`[${label}] ${line}\n`),
}) {
  // The server gets the environment as it was: Next reads its .env files itself.
  const env = { ...process.env };
  const embedded = !usesPostgres();
  const database = embedded ? "the embedded database" : "PostgreSQL (DATABASE_URL)";
  let server = null;
  let stopping = false;
  const restartTimes = [];

  function startServer() {
    server = spawn(command[0], command.slice(1), { stdio: "inherit", env });
    const child = server;
    child.on("exit", (code, signal) => {
      if (stopping || child !== server) return;
      log(`${serverName} exited (${signal ?? code}) on its own; stopping too`);
      process.exit(code ?? 1);
    });
  }

  /** "ok", "database" (the server answered 503: its database did not answer) or "none". */
  async function check() {
    try {
      const response = await fetch(healthUrl, { signal: AbortSignal.timeout(answerWithinMs) });
      await response.body?.cancel();
      if (response.ok) return "ok";
      return response.status === 503 ? "database" : "none";
    } catch {
      return "none";
    }
  }

  /** SIGKILL (a hung server ignores SIGTERM), then wait until it is gone and reaped. */
  async function killServer() {
    const child = server;
    server = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await gone;
  }

  function whatHappened(answer) {
    const seconds = Math.round((missesToRestart * (checkEveryMs + answerWithinMs)) / 1000);
    if (answer === "database")
      return `${database} stopped answering (${healthUrl} said so ${missesToRestart} times in a row)`;
    // PGlite runs on the server's thread: a server that answers nothing is almost always a stuck
    // embedded query. On PostgreSQL the app itself is stuck, and we say only that.
    return embedded
      ? `the embedded database stopped answering (the server has not answered ${healthUrl} for about ${seconds} s)`
      : `the server stopped answering (no answer from ${healthUrl} for about ${seconds} s)`;
  }

  async function restart(answer) {
    const now = Date.now();
    while (restartTimes.length && now - restartTimes[0] > restartWindowMs) restartTimes.shift();
    restartTimes.push(now);
    const within = Number.isFinite(restartWindowMs)
      ? ` in ${Math.round(restartWindowMs / 60_000)} minutes`
      : "";
    if (restartTimes.length > maxRestarts) {
      log(
        `${whatHappened(answer)}, and ${maxRestarts} ${maxRestarts === 1 ? "restart" : "restarts"} already${within}: giving up. ` +
          `A server that keeps hanging is a bug; please report it with this log (see ${DECISION}).`,
      );
      await killServer();
      process.exit(1);
    }
    log(
      `${whatHappened(answer)}; restarting the server${embedded ? " (your data is kept)" : ""}. ` +
        `Restart ${restartTimes.length} of at most ${maxRestarts}${within}; see ${DECISION}`,
    );
    await killServer();
    startServer();
  }

  async function watch() {
    let up = false;
    let misses = 0;
    let databaseDown = false;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, checkEveryMs));
      if (stopping) return;
      const answer = await check();
      if (answer === "ok") {
        if (!up && restartTimes.length)
          log(`the server is back after the restart: ${healthUrl} answered`);
        else if (!up)
          log(
            `${healthUrl} answered: watching it (a check every ${checkEveryMs / 1000} s; ` +
              `${missesToRestart} missed in a row restart the server)`,
          );
        if (databaseDown) log(`${database} answers again`);
        up = true;
        misses = 0;
        databaseDown = false;
        continue;
      }
      // Until the first answer the server is still starting (migrating, seeding): wait for it.
      if (!up) continue;
      if (answer === "database" && !embedded) {
        // Restarting the app would not bring PostgreSQL back; the app answers again once it is.
        if (!databaseDown)
          log(
            `${database} does not answer (${healthUrl} answers 503); the server keeps running ` +
              `and will answer again once the database is back`,
          );
        databaseDown = true;
        misses = 0;
        continue;
      }
      if (++misses < missesToRestart) continue;
      up = false;
      misses = 0;
      await restart(answer);
    }
  }

  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.on(signal, () => {
      stopping = true;
      void killServer().then(() => process.exit(0));
    });
  }

  log(
    `starting ${serverName} on ${database}, watched through ${healthUrl} ` +
      `(a stuck server is restarted; see ${DECISION})`,
  );
  startServer();
  void watch();
}

/** Whether the server will use PostgreSQL: DATABASE_URL from the environment or Next's .env files. */
function usesPostgres() {
  nextEnv.loadEnvConfig(process.cwd(), false, { info: () => {}, error: console.error });
  return Boolean(process.env.DATABASE_URL?.trim());
}
