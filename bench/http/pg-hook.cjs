/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS preload, loaded with node --require */
// Preload for the app under benchmark (NODE_OPTIONS="--require bench/http/pg-hook.cjs"), active
// only with BENCH_COUNT_STATEMENTS=1: counts the SQL statements the server sends through
// node-postgres (pg.Client#query, which pool queries and transactions all reach) and can record
// their text. A side port (BENCH_HOOK_PORT, 127.0.0.1 only) answers:
//   GET /count          {"count": n}            statements so far
//   POST /capture       starts recording texts and parameters
//   GET /capture        {"statements": [...]}   what was recorded (and stops)
// The app's code is untouched: `pg` is a server external package, so Next requires the same module.
if (process.env.BENCH_COUNT_STATEMENTS === "1") {
  const http = require("node:http");
  const pg = require(require.resolve("pg", { paths: [process.cwd()] }));
  const state = { count: 0, capture: null };
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (...args) {
    const first = args[0];
    const isCopy =
      first &&
      typeof first === "object" &&
      typeof first.submit === "function" &&
      !("text" in first);
    if (!isCopy) {
      state.count++;
      if (state.capture) {
        const text = typeof first === "string" ? first : first && first.text;
        // node-postgres takes values in the config object or as the second argument.
        const values =
          (first && typeof first === "object" && first.values) ||
          (Array.isArray(args[1]) ? args[1] : []);
        state.capture.push({ text, values: values || [] });
      }
    }
    return query.apply(this, args);
  };
  const port = Number(process.env.BENCH_HOOK_PORT || 0);
  if (port) {
    const server = http.createServer((req, res) => {
      res.setHeader("content-type", "application/json");
      if (req.url === "/count") return res.end(JSON.stringify({ count: state.count }));
      if (req.url === "/capture" && req.method === "POST") {
        state.capture = [];
        return res.end("{}");
      }
      if (req.url === "/capture") {
        const statements = state.capture || [];
        state.capture = null;
        return res.end(JSON.stringify({ statements }));
      }
      res.statusCode = 404;
      res.end("{}");
    });
    server.on("error", () => {}); // a second process with the same preload keeps quiet
    server.listen(port, "127.0.0.1");
    server.unref();
  }
}
