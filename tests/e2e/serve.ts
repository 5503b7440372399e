/**
 * The app as the end-to-end tests see it: the built client, the server and a real worker, on a
 * scratch database (seeded like a first start) and a Redis prefix of its own. E-mails are written
 * to a folder the tests read (its path is in .data/e2e.json).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildClient, clientBuildIsStale } from '../../src/server/cli/build';
import { runProcesses } from '../../src/server/cli/start';
import { createScratchDatabase } from '../../src/server/db/scratch-database';
import { seedAdmin, seedCatalog } from '../../src/server/seed/seed';
import { deleteKeys, redisUrl } from '../integration/harness';
import { startRegistryStandIn } from './registry-stand-in';

const port = process.env.E2E_PORT ?? '3100';
// Per port, so several runs (and a running `npm start`) never share a build or a state file.
const clientDir = path.resolve(`dist/client-e2e-${port}`);
const stateFile = path.resolve(`.data/e2e-${port}.json`);

if (clientBuildIsStale(clientDir)) await buildClient(clientDir);
const scratch = await createScratchDatabase('gw_e2e');
await seedCatalog(scratch.db);
const adminPassword = randomBytes(12).toString('base64url');
await seedAdmin(scratch.db, { email: 'admin@e2e.test', password: adminPassword });

const prefix = `gwe2e:${randomBytes(4).toString('hex')}`;
const mailDir = mkdtempSync(path.join(tmpdir(), 'gw-e2e-mail-'));
mkdirSync(path.dirname(stateFile), { recursive: true });
writeFileSync(stateFile, JSON.stringify({ databaseUrl: scratch.url, mailDir, adminEmail: 'admin@e2e.test', adminPassword, redisPrefix: prefix }));

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  await processes.stop();
  await registry.close().catch(() => {});
  await deleteKeys(prefix).catch(() => {});
  await scratch.drop().catch(() => {});
  rmSync(mailDir, { recursive: true, force: true });
  rmSync(stateFile, { force: true });
  process.exit(code);
}

// The worker asks a stand-in of cvrapi.dk over real HTTP (port E2E_PORT + 50; `POST /__mode` fail|ok).
const registry = await startRegistryStandIn(Number(port) + 50);

const processes = runProcesses(
  [
    { name: 'app', entry: 'src/server/main.ts' },
    // A second web process on the same database and Redis (port E2E_PORT + 1), as behind a load balancer.
    { name: 'app-2', entry: 'src/server/main.ts', env: { PORT: String(Number(port) + 1) } },
    { name: 'worker', entry: 'worker/main.ts' },
  ],
  {
    ...process.env,
    NODE_ENV: 'production',
    PORT: port,
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: scratch.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    MAIL_DIR: mailDir,
    CLIENT_DIR: clientDir,
    REGISTRY: 'cvrapi',
    REGISTRY_URL: registry.url,
    BRREG_URL: registry.baseUrl,
    PRH_URL: registry.baseUrl,
    // Review notifications gathered for two seconds, so a test reads the e-mail without a minute's wait.
    NOTIFICATION_WINDOW_MS: '2000',
    LOG_LEVEL: 'warn',
  },
  (code) => void stop(code || 1),
);
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));
