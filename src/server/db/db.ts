import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';
import { isoOfTimestamptz } from './timestamps';

export type Database = Kysely<DB>;
/** Query functions take either the database or a transaction, so services can compose them. */
export type Executor = Kysely<DB> | Transaction<DB>;

// int8 (bigint counts) arrive as strings by default; every count here fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// Timestamps as ISO strings and dates as `YYYY-MM-DD`, the form they travel in (timestamps.ts):
// pg's default `Date`s would need a transformer on the wire and a date would become a local midnight.
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, isoOfTimestamptz);
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

/** How many statements one connection keeps prepared; past it, statements are sent unnamed. */
export const PREPARED_PER_CONNECTION = 500;

// The name of each statement text seen, shared by all connections: hashing the text on every
// call showed in the profile of signed-in calls (decision 0032). Bounded like the statements.
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `gw_${createHash('sha1').update(text).digest('base64url')}`;
    if (statementNames.size < PREPARED_PER_CONNECTION) statementNames.set(text, name);
  }
  return name;
}

/**
 * A read: a `select`, or a `with` none of whose statements writes (a `WITH … UPDATE` or a
 * data-modifying CTE names one of the verbs; a read naming one by chance, say in `FOR UPDATE`, is
 * only left unprepared). Leading white space is allowed: a statement written with Kysely's `sql`
 * tag starts where the template does.
 */
export function isPreparableRead(text: string): boolean {
  if (/^\s*select\s/i.test(text)) return true;
  return /^\s*with\s/i.test(text) && !/\b(insert|update|delete|merge)\b/i.test(text);
}

/**
 * A connection that prepares each parameterised read (`isPreparableRead`) once and then only
 * executes it, so PostgreSQL parses the reads of the hot paths once per connection instead of on
 * every request (decision 0021). Writes are sent as they are: a prepared statement may be given a
 * generic plan, and an `INSERT … ON CONFLICT … WHERE status = $1` then no longer finds its partial
 * unique index. A read's answer never depends on its plan. Statements without parameters
 * (migrations, several statements in one text) are sent as they are too.
 */
class PreparingClient extends pg.Client {
  private prepared = new Set<string>();

  // Kysely calls `query(text, values)`; every other form passes through unchanged.
  override query(...args: unknown[]): never {
    const [text, values, ...rest] = args;
    if (typeof text === 'string' && Array.isArray(values) && values.length > 0 && isPreparableRead(text)) {
      const name = statementName(text);
      if (this.prepared.has(name) || this.prepared.size < PREPARED_PER_CONNECTION) {
        this.prepared.add(name);
        return (super.query as (...forwarded: unknown[]) => never)({ name, text, values }, ...rest);
      }
    }
    return (super.query as (...forwarded: unknown[]) => never)(...args);
  }
}

export function createDb(connectionString: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString, max: poolSize, connectionTimeoutMillis: 5000, Client: PreparingClient });
  // An idle client that loses its connection (e.g. Postgres restarting) must not crash the process.
  pool.on('error', () => {});
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}
