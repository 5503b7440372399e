/**
 * The client's import graph as the code has it today. Its layers, from the ground up: `lib/` (the
 * tRPC client, messages, the live connection), `ui/` (the shared components), `features/<feature>/`
 * (named as the server's features), `app/` (the router, the layouts and each screen), `main.tsx`.
 * Nothing imports a layer above its own; a feature imports another only through its `index.ts`, and
 * features import each other one way, round no circle. Lint holds each file to the rules; this walks
 * the whole graph, which no single file shows.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { circlesOf, folderGraph, importGraph, named, root } from './import-graph';

const client = path.join(root, 'src/client');
const layers = ['lib', 'ui', 'features', 'app', 'main.tsx'];

const layerOf = (file: string) => layers.indexOf(path.relative(client, file).split(path.sep)[0]!);
const featureOf = (file: string): string | null => {
  const [top, feature, rest] = path.relative(client, file).split(path.sep);
  return top === 'features' && rest !== undefined ? feature! : null;
};

describe('the client import graph', () => {
  const graph = importGraph(['src/client']);
  const imports = [...graph.edges].flatMap(([file, targets]) => [...targets].map((target) => ({ file, target })));

  it('reads every relative import of the client', () => {
    expect(graph.unresolved).toEqual([]);
    expect(imports.length).toBeGreaterThan(300);
    expect([...graph.edges.keys()].every((file) => layerOf(file) >= 0)).toBe(true);
  });

  it('has no import from a layer up to a higher one', () => {
    const upwards = imports.filter(({ file, target }) => layerOf(target) > layerOf(file)).map(({ file, target }) => `${named(file)} → ${named(target)}`);
    expect(upwards).toEqual([]);
  });

  it("has no feature importing another feature's insides: only its index.ts", () => {
    const crossings = imports
      .filter(({ file, target }) => featureOf(file) !== null && featureOf(target) !== null && featureOf(file) !== featureOf(target) && path.basename(target) !== 'index.ts')
      .map(({ file, target }) => `${named(file)} → ${named(target)}`);
    expect(crossings).toEqual([]);
  });

  it('has no circle of features and no circle of imports', () => {
    expect(circlesOf(folderGraph(graph.edges, featureOf))).toEqual([]);
    expect(circlesOf(graph.edges).map((circle) => circle.map(named))).toEqual([]);
  });
});
