/**
 * The two floors the benchmark compares the app with, in a process of their own like the app:
 * bare Hono answering one primary-key SELECT through `pg`, and the same read as a tRPC query on
 * Hono (superjson, as the app's router uses). Each request reads a random row of `bench_rows`.
 */
import { serve } from '@hono/node-server';
import { trpcServer } from '@hono/trpc-server';
import { initTRPC } from '@trpc/server';
import { Hono } from 'hono';
import pg from 'pg';
import superjson from 'superjson';

const rows = Number(process.env.FLOOR_ROWS ?? 100_000);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

async function readRow() {
  const id = 1 + Math.floor(Math.random() * rows);
  const result = await pool.query('SELECT id, name, amount, created_at FROM bench_rows WHERE id = $1', [id]);
  return result.rows[0] as unknown;
}

const bare = new Hono();
bare.get('/row', async (c) => c.json(await readRow()));

const t = initTRPC.create({ transformer: superjson });
const floorRouter = t.router({ row: t.procedure.query(() => readRow()) });
const withTrpc = new Hono();
withTrpc.use('/trpc/*', trpcServer({ router: floorRouter }));

serve({ fetch: bare.fetch, port: Number(process.env.FLOOR_PG_PORT), hostname: '127.0.0.1' });
serve({ fetch: withTrpc.fetch, port: Number(process.env.FLOOR_TRPC_PORT), hostname: '127.0.0.1' }, () => console.log('floors ready'));
process.on('SIGTERM', () => {
  void pool.end().finally(() => process.exit(0));
});
