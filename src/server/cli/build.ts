/** Builds the client with Vite into dist/client. `npm start` calls it when sources are newer. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { projectPath } from '../platform/project-path';

const inputs = ['src/client', 'src/shared', 'vite.config.ts', 'package-lock.json'].map((p) => projectPath(p));

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export const defaultClientDir = projectPath('dist/client');

export function clientBuildIsStale(outDir = defaultClientDir): boolean {
  const clientIndex = path.join(outDir, 'index.html');
  if (!existsSync(clientIndex)) return true;
  const built = statSync(clientIndex).mtimeMs;
  return inputs.some((input) => newestMtime(input) > built);
}

export async function buildClient(outDir = defaultClientDir): Promise<void> {
  const { build } = await import('vite');
  await build({ configFile: projectPath('vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  await buildClient();
  console.log(`Built the client into dist/client in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
