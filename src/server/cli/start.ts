/**
 * `npm start`: builds the client if its sources changed, makes sure PostgreSQL and Redis are
 * there (embedded defaults when not configured), migrates, seeds an empty database, then runs
 * the web server (`WEB_CONCURRENCY` processes, `cluster.ts`) and the worker, and stops them on
 * SIGTERM/SIGINT.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createDb } from '../db/db';
import { migrateToLatest } from '../db/migrate';
import { appUrl, env } from '../env';
import { projectPath } from '../platform/project-path';
import { buildClient, clientBuildIsStale } from './build';
import { ensureInfrastructureOrExit } from './infrastructure';
import { runSeed } from './seed';

export interface ProcessSpec {
  name: string;
  entry: string;
  watch?: boolean;
  /** Settings of this process only, over the shared ones. */
  env?: NodeJS.ProcessEnv;
}

export interface RunningProcesses {
  /** Sends SIGTERM to every process and waits until all have exited. */
  stop(): Promise<void>;
}

/**
 * Runs TypeScript entries under Node with tsx's loader, one process each (so signals reach them
 * directly). When one exits on its own, `onUnexpectedExit` is told, so the caller can stop the rest.
 */
export function runProcesses(specs: ProcessSpec[], childEnv: NodeJS.ProcessEnv, onUnexpectedExit: (code: number) => void): RunningProcesses {
  let stopping = false;
  const children: ChildProcess[] = specs.map((spec) => {
    const args = ['--import', 'tsx', ...(spec.watch ? ['--watch', '--watch-preserve-output'] : []), projectPath(spec.entry)];
    const child = spawn(process.execPath, args, { env: { ...childEnv, ...spec.env, SERVICE_NAME: spec.name }, stdio: 'inherit' });
    child.on('exit', (code, signal) => {
      if (!stopping) {
        console.error(`${spec.name} stopped (${signal ?? `exit ${code}`}); stopping the rest`);
        onUnexpectedExit(code ?? 1);
      }
    });
    return child;
  });
  return {
    async stop() {
      stopping = true;
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}

async function main() {
  const config = env();
  if (clientBuildIsStale()) {
    console.log('Building the client…');
    await buildClient();
  }
  const infra = await ensureInfrastructureOrExit(config);
  const db = createDb(infra.databaseUrl, 2);
  const applied = await migrateToLatest(db);
  if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`);
  await db.destroy();
  if (!(await runSeed(infra.databaseUrl, config))) {
    await infra.stop();
    process.exit(1);
  }

  const childEnv = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production', DATABASE_URL: infra.databaseUrl, REDIS_URL: infra.redisUrl };
  let stopping = false;
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await processes.stop();
    await infra.stop();
    process.exit(code);
  };
  const processes = runProcesses(
    [
      // WEB_CONCURRENCY web processes on one port (cluster.ts).
      { name: 'app', entry: 'src/server/cluster.ts' },
      { name: 'worker', entry: 'worker/main.ts' },
    ],
    childEnv,
    (code) => void stopAll(code || 1),
  );
  console.log(`Open ${appUrl(config)}`);
  process.on('SIGTERM', () => void stopAll(0));
  process.on('SIGINT', () => void stopAll(0));
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
