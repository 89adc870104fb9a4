// The health check beside a crowd (bench/http/suite.ts): asks GET {origin}/api/health every
// {intervalMs} until its stdin closes, then prints {times, failures} as JSON. Its own process, so
// the times are the server's answer and not the wait behind the load generator's event loop (which
// parses the crowd's answers in the bench's process), as a load balancer's health checker sees it.
const [origin, intervalMs = "250"] = process.argv.slice(2);
const times = [];
let failures = 0;
let running = true;
process.stdin.on("end", () => (running = false));
process.stdin.resume();

(async () => {
  while (running) {
    const started = performance.now();
    try {
      const res = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer();
      if (!res.ok) failures++;
    } catch {
      failures++;
    }
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, Number(intervalMs)));
  }
  process.stdout.write(JSON.stringify({ times, failures }));
})();
