/**
 * `node --import tsx bench/cpu-profile.ts <file.cpuprofile> [top]`: what a V8 CPU profile (from
 * `BENCH_CPU_PROF`, or `node --cpu-prof`) spent its time on. Prints the functions with the most
 * self time (anywhere: the app, libraries, Node, the garbage collector), then the app's own
 * functions (src/) and the libraries' entry points by inclusive time: the share of samples with
 * the function anywhere on the stack, each sample counted once however often it recurs. With
 * `--line <name>`, only the samples taken while that bench line's load ran.
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
  startTime: number;
}

const args = process.argv.slice(2);
const lineAt = args.indexOf('--line');
const lineName = lineAt >= 0 ? args.splice(lineAt, 2)[1] : undefined;
const [file, topArg] = args;
if (!file) {
  console.error('Usage: node --import tsx bench/cpu-profile.ts <file.cpuprofile> [top] [--line <part of a line name>]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

// With --line, only the samples taken while that line's load ran (`lines.json`, written by the
// bench beside the profile: both on the monotonic clock of `process.hrtime`).
let lineWindow: { fromUs: number; toUs: number } | undefined;
if (lineName !== undefined) {
  const lines = JSON.parse(readFileSync(path.join(path.dirname(file), 'lines.json'), 'utf8')) as { name: string; fromUs: number; toUs: number }[];
  lineWindow = lines.find((line) => line.name === lineName) ?? lines.find((line) => line.name.includes(lineName));
  if (!lineWindow) {
    console.error(`No line named like "${lineName}" in lines.json: ${lines.map((line) => line.name).join('; ')}`);
    process.exit(2);
  }
}

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
let sampledAt = profile.startTime;
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  sampledAt += delta;
  if (lineWindow && (sampledAt < lineWindow.fromUs || sampledAt > lineWindow.toUs)) return;
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
