// Framework floor for the HTTP benchmark: the same markup as a real page, with no data. The bench
// build copies this file to app/(bench)/bench/floor/<name>/page.tsx (bench/http/build.ts) and
// removes it after the build, so only the benchmark build has these routes. The markup is the
// real page's <main> content, captured by the runner into BENCH_SNAPSHOT_DIR/<name>.html; the
// page renders it per request (after connection()), like a dynamic page, without touching the
// database.
import { readFileSync } from "node:fs";
import path from "node:path";
import { connection } from "next/server";
import { Suspense } from "react";

const NAME = "__NAME__";
let markup = "";

function readMarkup(): string {
  const dir = process.env.BENCH_SNAPSHOT_DIR;
  if (!dir) return "";
  try {
    return readFileSync(path.join(dir, `${NAME}.html`), "utf8");
  } catch {
    return "";
  }
}

async function Markup() {
  await connection();
  markup ||= readMarkup();
  return <div dangerouslySetInnerHTML={{ __html: markup }} />;
}

export default function FloorPage() {
  return (
    <Suspense fallback={null}>
      <Markup />
    </Suspense>
  );
}
