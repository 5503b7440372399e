/**
 * The import graph of a part of the tree, read from the code: which module imports which (type-only
 * imports and `import()` count too), and the circles in it. The server's and the client's graph tests read it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(__dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The relative module names a file imports or re-exports, statically or with `import()`. */
export function specifiersOf(code: string): string[] {
  const withoutComments = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found = withoutComments.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\1/g);
  return [...found].map((match) => match[2]!);
}

function resolveImport(fromFile: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

export interface Graph {
  edges: Map<string, Set<string>>;
  /** Imports of a module that is not there (a stylesheet, an asset are left out: they are no modules). */
  unresolved: string[];
}

export function importGraph(dirs: string[]): Graph {
  const files = dirs.flatMap((dir) => sourceFiles(path.join(root, dir)));
  const known = new Set(files);
  const edges = new Map<string, Set<string>>();
  const unresolved: string[] = [];
  for (const file of files) {
    const targets = new Set<string>();
    for (const specifier of specifiersOf(readFileSync(file, 'utf8'))) {
      const target = resolveImport(file, specifier);
      if (!target) unresolved.push(`${path.relative(root, file)} → ${specifier}`);
      else if (known.has(target)) targets.add(target);
    }
    edges.set(file, targets);
  }
  return { edges, unresolved };
}

/** Every circle of the graph: its strongly connected parts of more than one node, or a node importing itself (Tarjan). */
export function circlesOf(edges: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const part: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        part.push(member);
      } while (member !== node);
      if (part.length > 1 || edges.get(node)?.has(node)) circles.push(part.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return circles;
}

/** The graph of the folders files stand in (`folderOf` names a file's folder, or null to leave it out). */
export function folderGraph(edges: Map<string, Set<string>>, folderOf: (file: string) => string | null): Map<string, Set<string>> {
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of edges) {
    const own = folderOf(file);
    if (!own) continue;
    if (!folders.has(own)) folders.set(own, new Set());
    for (const target of targets) {
      const other = folderOf(target);
      if (other && other !== own) folders.get(own)!.add(other);
    }
  }
  return folders;
}

export const named = (file: string) => path.relative(root, file);
