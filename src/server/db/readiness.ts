/**
 * Readiness, apart from liveness: `/healthz` says the process lives and sees its services;
 * `/readyz` says a load balancer may send it new work — PostgreSQL and Redis answer, the
 * database is at the code's migration level, and the process is not draining. From the moment
 * a process is told to stop it answers 503 here, so balancers take it out before it closes.
 */
import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import type { Database } from './db';
import { migrationDrift } from './migrate';

export interface Readiness {
  readonly draining: boolean;
  /** Marks the process as stopping: `/readyz` answers 503 from now on. */
  drain(): void;
}

export function createReadiness(): Readiness {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
  };
}

export type ReadinessReport = {
  status: 'ready' | 'draining' | 'not-ready';
  database: 'ok' | 'down';
  redis: 'ok' | 'down';
  migrations: 'ok' | 'behind' | 'ahead' | 'unknown';
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);
}

// The code's migration files do not change while the process runs; once the database is found
// at their level it stays there unless someone migrates past it, which the next check sees too.
export async function checkReadiness(services: { db: Database; redis: Redis }, readiness: Readiness): Promise<ReadinessReport> {
  const probe = async <T>(run: () => Promise<T>): Promise<T | null> => {
    try {
      return await withTimeout(run(), 2000);
    } catch {
      return null;
    }
  };
  const [database, redis, drift] = await Promise.all([
    probe(() => sql`select 1`.execute(services.db)),
    probe(() => services.redis.ping()),
    probe(() => migrationDrift(services.db)),
  ]);
  const migrations = !drift ? 'unknown' : drift.missing.length ? 'behind' : drift.unknown.length ? 'ahead' : 'ok';
  const ok = database !== null && redis !== null && migrations === 'ok';
  return {
    status: readiness.draining ? 'draining' : ok ? 'ready' : 'not-ready',
    database: database !== null ? 'ok' : 'down',
    redis: redis !== null ? 'ok' : 'down',
    migrations,
  };
}
