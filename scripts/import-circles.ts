// Finds import circles among the TypeScript modules under a folder, counting type-only imports (`import type`,
// `export type … from`, `import("…")` in types) as much as value imports: a circle of types still ties the modules'
// design together. `npm run check:circles` runs it over src/ (exit code 1 on any circle); scripts/import-circles.test.ts
// runs it in the unit tests. madge does the same but needs the TypeScript 5 compiler API, which TypeScript 7 no longer
// ships; the parser here is the one Vite builds with.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { parseAst } from "vite";

const SOURCE = /\.(ts|tsx)$/;
const CANDIDATES = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

/** The folder's TypeScript modules (declaration files and node_modules left out), in name order. */
export function sourceFiles(folder: string): string[] {
  return readdirSync(folder)
    .sort()
    .flatMap((name) => {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) return name === "node_modules" ? [] : sourceFiles(path);
      return SOURCE.test(name) && !name.endsWith(".d.ts") ? [path] : [];
    });
}

/** One module a file names: where (its line) and whether it is loaded by `import()`. */
export type ImportSite = { specifier: string; line: number; dynamic: boolean };

export function lineAt(code: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < code.length; i++) if (code.charCodeAt(i) === 10) line++;
  return line;
}

/** An AST node as vite's parser gives it (only what the walkers here read). */
export type AstNode = Record<string, unknown> & { type?: string; start?: number; end?: number };

/** Every node of a TypeScript (or .tsx) file's syntax tree, parents before their children, in source order. */
export function astNodes(path: string, code: string): AstNode[] {
  const nodes: AstNode[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (!node || typeof node !== "object") return;
    const n = node as AstNode;
    nodes.push(n);
    for (const [key, child] of Object.entries(n)) if (key !== "type" && child && typeof child === "object") visit(child);
  };
  visit(parseAst(code, { lang: path.endsWith(".tsx") ? "tsx" : "ts" }));
  return nodes;
}

/** Every module a file names: static imports and re-exports (type-only too), `import()` and `import("…").T`. */
export function importSites(path: string, code = readFileSync(path, "utf8")): ImportSite[] {
  const literal = (node: unknown): string | undefined => {
    const n = node as { value?: unknown; literal?: unknown } | null;
    if (!n) return undefined;
    if (typeof n.value === "string") return n.value;
    return n.literal ? literal(n.literal) : undefined;
  };
  return astNodes(path, code).flatMap((n): ImportSite[] => {
    const site = (source: string | undefined, dynamic: boolean) =>
      source === undefined ? [] : [{ specifier: source, line: lineAt(code, n.start ?? 0), dynamic }];
    switch (n.type) {
      case "ImportDeclaration":
      case "ExportNamedDeclaration":
      case "ExportAllDeclaration":
        return site(literal(n.source), false);
      case "ImportExpression":
        return site(literal(n.source), true);
      case "TSImportType":
        return site(literal(n.source) ?? literal(n.argument), false);
      default:
        return [];
    }
  });
}

/** Every module specifier a file names (see importSites). */
export function specifiersOf(path: string, code = readFileSync(path, "utf8")): string[] {
  return importSites(path, code).map((site) => site.specifier);
}

export function resolveRelative(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ""));
  for (const suffix of CANDIDATES) {
    const path = base + suffix;
    if (SOURCE.test(path) && existsSync(path) && statSync(path).isFile()) return path;
  }
  return undefined;
}

/** The import graph of the folder's modules (relative imports only; packages cannot import back). */
export function importGraph(folder: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(resolve(folder))) {
    const targets = specifiersOf(file).flatMap((specifier) => resolveRelative(file, specifier) ?? []);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/**
 * The circles of a graph: one per group of modules that reach each other (Tarjan's strongly connected components),
 * each given as one path through the group that returns to its start.
 */
export function circlesOf(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (graph.get(node) ?? []).includes(node)) groups.push(group);
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return groups.map((group) => pathThrough(graph, new Set(group)));
}

/** A shortest path from the group's first module (by name) back to itself, through the group. */
function pathThrough(graph: Map<string, string[]>, group: Set<string>): string[] {
  const start = [...group].sort()[0] as string;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const next of graph.get(node) ?? []) {
      if (!group.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0] as string) as string);
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

/** The circles among the folder's modules, as paths relative to the folder. */
export function importCircles(folder: string): string[][] {
  const root = resolve(folder);
  return circlesOf(importGraph(root)).map((circle) => circle.map((path) => relative(root, path)));
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const folder = process.argv[2] ?? "src";
  const circles = importCircles(folder);
  for (const circle of circles) console.log(circle.join(" -> "));
  console.log(circles.length === 0 ? `No import circle in ${folder}/.` : `${circles.length} import circle(s) in ${folder}/.`);
  process.exitCode = circles.length === 0 ? 0 : 1;
}
