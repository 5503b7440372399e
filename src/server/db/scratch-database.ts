/**
 * A throw-away database: created empty on a PostgreSQL server, migrated, dropped afterwards.
 * Tests and the type generator use one each, so two runs never see each other's data.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type Database } from './db';
import { migrateToLatest } from './migrate';

/** The server that scratch databases are created on (its own database is only used to connect). */
export function serverUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export interface ScratchDatabase {
  name: string;
  url: string;
  db: Database;
  drop(): Promise<void>;
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function createScratchDatabase(prefix = 'gw_test'): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), 5);
  await migrateToLatest(db);
  return {
    name,
    url: url.toString(),
    db,
    async drop() {
      await db.destroy();
      await admin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}
