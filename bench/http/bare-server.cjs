/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS preload, loaded with node --require */
// Bare floor for the HTTP benchmark: node:http + pg running the same SQL as the app's page (the
// statements the app sent for one product, captured by bench/http/pg-hook.cjs, with that product's
// id replaced by the requested one) and answering template HTML of the same size. No framework,
// no React: what the hardware and PostgreSQL can do for this page.
const http = require("node:http");
const { readFileSync } = require("node:fs");
const pg = require("pg");

const config = JSON.parse(readFileSync(process.env.BARE_CONFIG, "utf8"));
// { statements: [{text, values}], idValue: the captured id (string or number), template: "<html>...{{data}}...</html>" }
// With `idValue: null` (a page with no id: the dashboard, a search, a store) every path is that one
// page: the statements run as captured.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const ESC = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escape = (s) => String(s).replace(/[&<>"']/g, (c) => ESC[c]);
const [before, after] = config.template.split("{{data}}");

async function page(id) {
  let rows = [];
  for (const s of config.statements) {
    const values = s.values.map((v) =>
      config.idValue !== null && String(v) === String(config.idValue)
        ? typeof v === "number"
          ? id
          : String(id)
        : v,
    );
    const result = await pool.query(s.text, values);
    rows = rows.concat(result.rows);
  }
  if (rows.length === 0) return null;
  let data = "";
  for (const row of rows) {
    data += "<div>";
    for (const key of Object.keys(row)) data += `<span data-k="${key}">${escape(row[key])}</span>`;
    data += "</div>";
  }
  return before + data + after;
}

http
  .createServer(async (req, res) => {
    if (req.url === "/health") return res.end("ok");
    const m = config.idValue === null ? [] : /^\/products\/(\d+)/.exec(req.url || "");
    if (!m) {
      res.statusCode = 404;
      return res.end("not found");
    }
    try {
      const html = await page(Number(m[1]));
      res.statusCode = html ? 200 : 404;
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.end(html || "not found");
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error && error.message));
    }
  })
  .listen(Number(process.env.PORT), "127.0.0.1");
