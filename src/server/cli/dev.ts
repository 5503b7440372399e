/**
 * `npm run dev`: the Vite dev server (hot reload, proxying /trpc to the server) and the server
 * and worker restarting on change, on the same embedded defaults as `npm start`.
 */
import { createServer } from 'vite';
import { createDb } from '../db/db';
import { migrateToLatest } from '../db/migrate';
import { env } from '../env';
import { projectPath } from '../platform/project-path';
import { ensureInfrastructureOrExit } from './infrastructure';
import { runSeed } from './seed';
import { runProcesses } from './start';

const config = env();
const infra = await ensureInfrastructureOrExit(config);
const db = createDb(infra.databaseUrl, 2);
await migrateToLatest(db);
await db.destroy();
await runSeed(infra.databaseUrl, config);

const processes = runProcesses(
  [
    { name: 'app', entry: 'src/server/main.ts', watch: true },
    { name: 'worker', entry: 'worker/main.ts', watch: true },
  ],
  { ...process.env, NODE_ENV: 'development', PORT: String(config.PORT), DATABASE_URL: infra.databaseUrl, REDIS_URL: infra.redisUrl },
  () => void stop(1),
);
const vite = await createServer({ configFile: projectPath('vite.config.ts') });
await vite.listen();
vite.printUrls();

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  await vite.close();
  await processes.stop();
  await infra.stop();
  process.exit(code);
}
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));
