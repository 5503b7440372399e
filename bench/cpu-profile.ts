/**
 * `node --import tsx bench/cpu-profile.ts <file.cpuprofile> [top]`: what a V8 CPU profile (from
 * `BENCH_CPU_PROF`, or `node --cpu-prof`) spent its time on. Prints the functions with the most
 * self time (anywhere: the app, libraries, Node, the garbage collector), then the app's own
 * functions (src/) and the libraries' entry points by inclusive time: the share of samples with
 * the function anywhere on the stack, each sample counted once however often it recurs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('Usage: node --import tsx bench/cpu-profile.ts <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const root = process.cwd();
function where(frame: ProfileNode['callFrame']): string {
  const url = frame.url.replace(/^file:\/\//, '');
  if (!url) return '';
  const relative = url.startsWith(root) ? path.relative(root, url) : url;
  return `${relative.replace(/^node_modules\//, '')}:${frame.lineNumber + 1}`;
}
const keyOf = (node: ProfileNode) => `${node.callFrame.functionName || '(anonymous)'} ${where(node.callFrame)}`.trim();

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  total += delta;
  const node = byId.get(id)!;
  self.set(keyOf(node), (self.get(keyOf(node)) ?? 0) + delta);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const key = keyOf(byId.get(at)!);
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + delta);
  }
});

const print = (title: string, entries: Map<string, number>, keep: (key: string) => boolean = () => true) => {
  console.log(`\n${title}`);
  const rows = [...entries].filter(([key]) => keep(key)).sort((a, b) => b[1] - a[1]).slice(0, top);
  for (const [key, micros] of rows) console.log(`${((100 * micros) / total).toFixed(1).padStart(5)} %  ${(micros / 1000).toFixed(0).padStart(6)} ms  ${key}`);
};
console.log(`${(total / 1e6).toFixed(1)} s sampled`);
print('by self time', self);
print('app functions (src/) by inclusive time', inclusive, (key) => / src\//.test(key));
print('libraries by inclusive time', inclusive, (key) => /^\S+ (@?[a-z]|\.pnpm)/.test(key) && !/ src\//.test(key) && !/^\S+ node:/.test(key));
