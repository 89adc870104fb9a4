/**
 * A scenario whose page, route or service does not exist yet fails with "missing: <what>": the
 * suite says so loudly instead of skipping it.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

export class Missing extends Error {
  constructor(readonly what: string) {
    super(`missing: ${what}`);
  }
}

const ROOT = process.cwd();

/** The exported function `name` of the project file `file` (relative to the root), or Missing. */
export async function service<T extends (...args: never[]) => unknown>(
  file: string,
  name: string,
): Promise<T> {
  const abs = path.join(ROOT, file);
  if (!existsSync(abs)) throw new Missing(file);
  const mod = (await import(pathToFileURL(abs).href)) as Record<string, unknown>;
  const fn = mod[name];
  if (typeof fn !== "function") throw new Missing(`${file} export ${name}`);
  return fn as T;
}

/** Whether the app has a route file for the URL path pattern (app/<segments>/page.tsx or route.ts). */
export function appRouteExists(segments: string, kind: "page" | "route"): boolean {
  const dir = path.join(ROOT, "app", segments);
  return ["tsx", "ts", "jsx", "js"].some((ext) => existsSync(path.join(dir, `${kind}.${ext}`)));
}
