/**
 * The folders of server/ import each other without a knot (issue 40): no circle of folders larger
 * than three. Once fifteen domains imported each other in one circle, through small helpers kept
 * in the first domain that needed them; those live on the floors now (server/base, server/stripe,
 * lib/). Type-only imports are left out: they vanish from the built code.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SERVER = "server";
const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^'"]*?\sfrom\s+)?["']([^"']+)["']/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * server/<folder>/… → folder; a file directly in server/ is its own node. The demo seed
 * (server/db/seed) is a node of its own: it builds the demo through the domains' own calls (a
 * review recounted, demand recorded), like a script above them, and no server folder imports it
 * (checked below), so it sits on top of the graph and makes no circle.
 */
const SEED = "db/seed";
function folderOf(file: string): string {
  const parts = file.split(/[\\/]/);
  if (parts[1] === "db" && parts[2] === "seed" && parts.length > 3) return SEED;
  return parts.length > 2 ? parts[1]! : parts[1]!.replace(/\.tsx?$/, ".ts");
}

function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(SERVER)) {
    const from = folderOf(file);
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      if (match[1]) continue;
      const spec = match[2]!;
      const target = spec.startsWith("@/")
        ? spec.slice(2)
        : spec.startsWith(".")
          ? path.normalize(path.join(path.dirname(file), spec))
          : null;
      if (!target?.startsWith(`${SERVER}/`)) continue;
      const to = folderOf(target.split("/").length > 2 ? target : `${target}.ts`);
      if (to !== from) edges.add(to);
    }
  }
  return graph;
}

/** Tarjan's strongly connected components: each circle of folders, as one list. */
function circles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe("server/'s folders", () => {
  it("import each other in no circle of more than three folders", () => {
    const large = circles(folderGraph()).filter((circle) => circle.length > 3);
    expect(large).toEqual([]);
  });

  it("leave the demo seed on top: no server folder imports server/db/seed", () => {
    const importers = [...folderGraph()].filter(([, to]) => to.has(SEED)).map(([from]) => from);
    expect(importers).toEqual([]);
  });

  it("find a circle when there is one (the check can fail)", () => {
    const graph = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["d"])],
      ["d", new Set(["a"])],
      ["e", new Set(["a"])],
    ]);
    expect(circles(graph)).toEqual([["a", "b", "c", "d"]]);
  });

  it("keep the floors under the domains: server/base and server/stripe import no domain", () => {
    const graph = folderGraph();
    const machinery = new Set(["db", "env.ts", "errors.ts", "log.ts", "base", "stripe"]);
    for (const floor of ["base", "stripe"])
      expect([...(graph.get(floor) ?? [])].filter((to) => !machinery.has(to))).toEqual([]);
  });
});
