/**
 * The same-work floors' material: for each signed-in read the bench measures, the SQL statements
 * the app's procedure runs for that answer (text and values, as Kysely sends them) and the answer
 * itself, taken from one call of the real procedure. `bench/floors.ts` replays them in bare Hono +
 * `pg` after its own session lookup and answers the same JSON with `JSON.stringify`, so a line's
 * ratio to its same-work floor shows what the app's layers add, not what the answer costs.
 *
 * Taken from the procedure, not written down here, so the floor follows any change of the app's
 * SQL. Each read is called twice and the second call kept: the app keeps callers' roles in memory
 * (`auth/membership-cache.ts`), so the second is the call a running server makes. Statements the
 * app runs at once (`Promise.all`) are replayed at once: a statement that started before the one
 * before it ended joins its group.
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { validateSessionToken } from '../src/server/auth';
import type { DB } from '../src/server/db/schema';
import { parseEnv } from '../src/server/env';
import { createCaller } from '../src/server/router';
import { closeServices, createServices } from '../src/server/services';
import { createInnerContext } from '../src/server/trpc/context';

export interface Statement {
  text: string;
  values: unknown[];
}

export interface SameWork {
  /** Groups run one after the other; the statements of a group at once. */
  groups: Statement[][];
  answer: unknown;
}

export type SameWorkLine = 'whoAmI' | 'overview' | 'dashboard';

export async function recordSameWork(options: {
  databaseUrl: string;
  redisUrl: string;
  prefix: string;
  token: string;
  calls: Record<SameWorkLine, { path: string; input?: unknown }>;
}): Promise<Record<SameWorkLine, SameWork>> {
  let heard: Array<Statement & { start: number; end: number }> = [];
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 4 });
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool }),
    log(event) {
      const end = performance.now();
      heard.push({ text: event.query.sql, values: [...event.query.parameters], start: end - event.queryDurationMillis, end });
    },
  });
  const services = createServices({
    ...parseEnv({ NODE_ENV: 'production', DATABASE_URL: options.databaseUrl, REDIS_URL: options.redisUrl, REDIS_PREFIX: options.prefix, REGISTRY: 'fixture' }),
    REDIS_PREFIX: options.prefix,
    installationId: 'bench',
  });
  const ownDb = services.db;
  services.db = db;
  try {
    const auth = await validateSessionToken(db, options.token);
    if (!auth) throw new Error('the bench session is not valid');
    const caller = createCaller(createInnerContext(services, { user: auth.user, session: auth.session }));
    const call = (path: string, input: unknown) => {
      const [router = '', procedure = ''] = path.split('.');
      return (caller as unknown as Record<string, Record<string, (input: unknown) => Promise<unknown>>>)[router]![procedure]!(input);
    };
    const recorded = {} as Record<SameWorkLine, SameWork>;
    for (const [line, { path, input }] of Object.entries(options.calls) as Array<[SameWorkLine, { path: string; input?: unknown }]>) {
      await call(path, input);
      heard = [];
      const answer = await call(path, input);
      const groups: Statement[][] = [];
      let groupEnd = -Infinity;
      for (const { text, values, start, end } of heard.sort((a, b) => a.start - b.start)) {
        if (start < groupEnd && groups.length) groups.at(-1)!.push({ text, values });
        else groups.push([{ text, values }]);
        groupEnd = Math.max(groupEnd, end);
      }
      recorded[line] = { groups, answer };
    }
    return recorded;
  } finally {
    services.db = ownDb;
    await closeServices(services);
    await db.destroy();
  }
}
