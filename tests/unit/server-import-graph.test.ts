/**
 * The server's import graph as the code has it today: a feature is reached only through its public
 * face (its folder's `index.ts`) — from another feature, from the rest of the server and from the
 * worker — but for the two mounts (the root router takes each feature's `*.router.ts`, the HTTP
 * app its `*.http.ts`); the rooms below the features that own tables (`auth/`, `notify/`, `mail/`)
 * are reached only through their `index.ts` too, from anywhere outside them; features do not import each other round a circle, `src/server/domain/`
 * is no more, and no module of `src/server` or `worker` imports itself round a circle (type-only
 * imports count too).
 * Lint holds each file to the rules; this walks the whole graph, which no single file shows.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { circlesOf, importGraph, root, specifiersOf } from './import-graph';

const featuresDir = path.join(root, 'src/server/features');

const featureOf = (file: string): string | null => {
  const relative = path.relative(featuresDir, file);
  return relative.startsWith('..') ? null : relative.split(path.sep)[0]!;
};

/** The rooms below the features that own tables and show a public face of their own. */
const faced = ['auth', 'notify', 'mail'];

const roomOf = (file: string): string | null => {
  const [room, ...rest] = path.relative(path.join(root, 'src/server'), file).split(path.sep);
  return room && rest.length > 0 && faced.includes(room) ? room : null;
};

const named = (file: string) => path.relative(root, file);

describe('the server import graph', () => {
  const graph = importGraph(['src/server', 'worker']);

  it('reads every relative import of the server and the worker', () => {
    expect(graph.unresolved).toEqual([]);
    const services = path.join(root, 'src/server/services.ts');
    expect(graph.edges.get(services)).toContain(path.join(root, 'src/server/db/db.ts'));
    expect([...graph.edges.values()].reduce((sum, targets) => sum + targets.size, 0)).toBeGreaterThan(300);
  });

  it("has no feature importing another feature's insides: only its index.ts", () => {
    const crossings = [...graph.edges].flatMap(([file, targets]) => {
      const own = featureOf(file);
      if (!own) return [];
      return [...targets]
        .filter((target) => featureOf(target) !== null && featureOf(target) !== own && path.basename(target) !== 'index.ts')
        .map((target) => `${named(file)} → ${named(target)}`);
    });
    expect(crossings).toEqual([]);
  });

  it("has nothing outside a feature importing its insides, but the root router its routers and the HTTP app its HTTP routes", () => {
    const mounts: Record<string, RegExp> = {
      [path.join(root, 'src/server/router.ts')]: /\.router\.ts$/,
      [path.join(root, 'src/server/app.ts')]: /\.http\.ts$/,
    };
    const crossings = [...graph.edges].flatMap(([file, targets]) => {
      if (featureOf(file)) return [];
      return [...targets]
        .filter((target) => featureOf(target) !== null && path.basename(target) !== 'index.ts' && !mounts[file]?.test(target))
        .map((target) => `${named(file)} → ${named(target)}`);
    });
    expect(crossings).toEqual([]);
  });

  it('has nothing outside auth/, notify/ and mail/ importing their insides: only their index.ts', () => {
    const crossings = [...graph.edges].flatMap(([file, targets]) =>
      [...targets]
        .filter((target) => roomOf(target) !== null && roomOf(target) !== roomOf(file) && path.basename(target) !== 'index.ts')
        .map((target) => `${named(file)} → ${named(target)}`),
    );
    expect(crossings).toEqual([]);
    for (const room of faced) expect(existsSync(path.join(root, 'src/server', room, 'index.ts'))).toBe(true);
  });

  it('has no shared grab-bag under the features: src/server/domain/ is gone', () => {
    expect(existsSync(path.join(root, 'src/server/domain'))).toBe(false);
  });

  it('has no circle of features', () => {
    const features = new Map<string, Set<string>>();
    for (const [file, targets] of graph.edges) {
      const own = featureOf(file);
      if (!own) continue;
      if (!features.has(own)) features.set(own, new Set());
      for (const target of targets) {
        const other = featureOf(target);
        if (other && other !== own) features.get(own)!.add(other);
      }
    }
    expect(circlesOf(features)).toEqual([]);
  });

  it('has no circle of imports', () => {
    expect(circlesOf(graph.edges).map((circle) => circle.map(named))).toEqual([]);
  });

  it('finds a circle where there is one', () => {
    const edges = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a', 'd'])],
      ['d', new Set<string>()],
      ['e', new Set(['e'])],
    ]);
    expect(circlesOf(edges)).toEqual([['a', 'b', 'c'], ['e']]);
  });

  it('reads the import forms the code uses', () => {
    const code = [
      "import { a } from './a';",
      "import type { B } from '../b';",
      "export { c } from './c';",
      "import './d';",
      "const e = await import('./e');",
      "// import { f } from './f';",
      "import { g } from 'kysely';",
    ].join('\n');
    expect(specifiersOf(code)).toEqual(['./a', '../b', './c', './d', './e']);
  });
});
