/**
 * The floors the benchmark compares the app with, in a process of their own like the app, each on
 * its own port:
 * - bare Hono answering one primary-key SELECT through `pg` (a random row of `bench_rows`), and the
 *   same read as a tRPC query on Hono (plain JSON, as the app's router answers);
 * - the signed-in read floor: what any signed-in read must do, in bare Hono + `pg` — the session
 *   looked up from the Bearer token as the app does (by id, joined to its user, the SHA-256 of the
 *   secret compared in constant time, expiry checked; a prepared statement), then one application
 *   row read through the user's membership (one prepared statement), answered as JSON;
 * - the write floor: the same session lookup, then one transaction with a versioned UPDATE of one
 *   `application_sections` row and the insert of its event, committed with the database's normal
 *   durability;
 * - the same-work floors, one for each signed-in read (who am I, the application overview, the
 *   dashboard's first page): the same session lookup, then exactly the SQL statements the app's
 *   procedure ran for that answer (taken from one call of it, `bench/same-work.ts`; reads prepared
 *   as the app prepares them, statements the app runs at once run at once), answered with the same
 *   JSON made by `JSON.stringify`.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { trpcServer } from '@hono/trpc-server';
import { initTRPC } from '@trpc/server';
import { Hono, type Context } from 'hono';
import pg from 'pg';
import { isPreparableRead } from '../src/server/db/db';
import type { SameWork, Statement } from './same-work';

const rows = Number(process.env.FLOOR_ROWS ?? 100_000);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

async function readRow() {
  const id = 1 + Math.floor(Math.random() * rows);
  const result = await pool.query('SELECT id, name, amount, created_at FROM bench_rows WHERE id = $1', [id]);
  return result.rows[0] as unknown;
}

const bare = new Hono();
bare.get('/row', async (c) => c.json(await readRow()));

const t = initTRPC.create();
const floorRouter = t.router({ row: t.procedure.query(() => readRow()) });
const withTrpc = new Hono();
withTrpc.use('/trpc/*', trpcServer({ router: floorRouter }));

const sessionStatement = {
  name: 'floor_session',
  text: `SELECT s.id, s.secret_hash, s.created_at, s.last_seen_at, s.expires_at, u.id AS user_id, u.email, u.firstname, u.lastname, u.locale, u.platform_role, u.email_verified_at
    FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1`,
};
const ABSOLUTE_MS = 90 * 24 * 3600 * 1000;

/** The signed-in user's id, or null, as the app decides it (src/server/auth/session.ts). */
async function signedInUser(c: Context, client: pg.Pool | pg.PoolClient = pool): Promise<string | null> {
  const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  const [id, secret, extra] = token?.split('.') ?? [];
  if (!id || !secret || extra !== undefined || id.length > 64 || secret.length > 64) return null;
  const row = (await client.query<{ secret_hash: Buffer; created_at: string; expires_at: string; user_id: string }>({ ...sessionStatement, values: [id] })).rows[0];
  if (!row) return null;
  const given = createHash('sha256').update(secret).digest();
  if (given.length !== row.secret_hash.length || !timingSafeEqual(given, row.secret_hash)) return null;
  const now = Date.now();
  // Timestamps arrive as ISO strings, as the app reads them (src/server/db/timestamps.ts).
  if (now >= Date.parse(row.expires_at) || now >= Date.parse(row.created_at) + ABSOLUTE_MS) return null;
  return row.user_id;
}

const signedInRead = new Hono();
signedInRead.get('/application', async (c) => {
  const userId = await signedInUser(c);
  if (!userId) return c.json({ error: 'unauthorized' }, 401);
  const result = await pool.query({
    name: 'floor_application',
    text: `SELECT a.id, a.title, a.description, a.status, a.language, a.version, a.created_at, a.updated_at, m.role
      FROM applications a JOIN memberships m ON m.company_id = a.company_id AND m.user_id = $2 WHERE a.id = $1`,
    values: [c.req.query('id'), userId],
  });
  const row = result.rows[0] as unknown;
  return row ? c.json(row) : c.json({ error: 'not found' }, 404);
});

const write = new Hono();
write.post('/save', async (c) => {
  const userId = await signedInUser(c);
  if (!userId) return c.json({ error: 'unauthorized' }, 401);
  const input = await c.req.json<{ sectionId: string; version: number; content: string }>();
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const saved = await client.query<{ application_id: string; version: number; status: string }>(
      `UPDATE application_sections SET content = $3, updated_by = $4, updated_at = now(), version = version + 1
        WHERE id = $1 AND version = $2 RETURNING application_id, version, status`,
      [input.sectionId, input.version, input.content, userId],
    );
    const row = saved.rows[0];
    if (!row) {
      await client.query('ROLLBACK');
      return c.json({ error: 'conflict' }, 409);
    }
    await client.query('INSERT INTO application_events (application_id, section_id, actor_id, from_status, to_status) VALUES ($1, $2, $3, $4, $4)', [
      row.application_id,
      input.sectionId,
      userId,
      row.status,
    ]);
    await client.query('COMMIT');
    return c.json({ version: row.version });
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
});

const sameWork = new Hono();
const recorded = JSON.parse(readFileSync(process.env.FLOOR_SAME_WORK!, 'utf8')) as Record<string, SameWork>;
const statementNames = new Map<string, string>();
const run = ({ text, values }: Statement) => {
  if (values.length === 0 || !isPreparableRead(text)) return pool.query(text, values);
  let name = statementNames.get(text);
  if (!name) statementNames.set(text, (name = `same_${statementNames.size}`));
  return pool.query({ name, text, values });
};
sameWork.get('/:line', async (c) => {
  const work = recorded[c.req.param('line')];
  if (!work) return c.json({ error: 'not found' }, 404);
  const userId = await signedInUser(c);
  if (!userId) return c.json({ error: 'unauthorized' }, 401);
  for (const group of work.groups) await Promise.all(group.map(run));
  c.header('Content-Type', 'application/json');
  return c.body(JSON.stringify({ result: { data: work.answer } }));
});

const port = (name: string) => Number(process.env[name]);
serve({ fetch: sameWork.fetch, port: port('FLOOR_SAME_WORK_PORT'), hostname: '127.0.0.1' });
serve({ fetch: bare.fetch, port: port('FLOOR_PG_PORT'), hostname: '127.0.0.1' });
serve({ fetch: signedInRead.fetch, port: port('FLOOR_SIGNED_IN_PORT'), hostname: '127.0.0.1' });
serve({ fetch: write.fetch, port: port('FLOOR_WRITE_PORT'), hostname: '127.0.0.1' });
serve({ fetch: withTrpc.fetch, port: port('FLOOR_TRPC_PORT'), hostname: '127.0.0.1' }, () => console.log('floors ready'));
process.on('SIGTERM', () => {
  void pool.end().finally(() => process.exit(0));
});
