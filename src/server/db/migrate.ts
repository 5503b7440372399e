/**
 * Migrations are plain SQL files in `migrations/`, applied in name order by Kysely's migrator
 * (which holds a lock, so two processes starting together do not both apply them).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './db';
import { projectPath } from '../platform/project-path';

export const migrationsDir = projectPath('migrations');

class SqlFileMigrationProvider implements MigrationProvider {
  constructor(private readonly dir: string) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(this.dir)).filter((file) => file.endsWith('.sql')).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const text = await readFile(path.join(this.dir, file), 'utf8');
      migrations[file.replace(/\.sql$/, '')] = {
        up: async (db) => {
          await sql.raw(text).execute(db);
        },
      };
    }
    return migrations;
  }
}

export async function migrateToLatest(db: Database): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new SqlFileMigrationProvider(migrationsDir) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/** The names of the code's migrations, in the order they apply. */
export async function codeMigrations(): Promise<string[]> {
  return Object.keys(await new SqlFileMigrationProvider(migrationsDir).getMigrations());
}

/**
 * Migrates inside a transaction the caller holds open on `db` (one connection), up to `target`
 * or to the code's level, so that what the caller does before and after (a restore) commits or
 * fails with the migrations as one (src/server/db/backup.ts).
 */
export async function migrateWithinTransaction(db: Database, target?: string): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new SqlFileMigrationProvider(migrationsDir), disableTransactions: true });
  const { error, results } = target ? await migrator.migrateTo(target) : await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/**
 * Whether the database is at the code's migration level: which of the code's migrations it
 * lacks, and which it has that the code does not know (a newer release ran against it).
 */
export async function migrationDrift(db: Database): Promise<{ missing: string[]; unknown: string[] }> {
  const expected = (await new SqlFileMigrationProvider(migrationsDir).getMigrations()) satisfies Record<string, Migration>;
  const exists = await sql<{ name: string | null }>`SELECT to_regclass('kysely_migration')::text AS name`.execute(db);
  const applied = exists.rows[0]?.name ? (await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db)).rows.map((row) => row.name) : [];
  const appliedSet = new Set(applied);
  return {
    missing: Object.keys(expected).filter((name) => !appliedSet.has(name)),
    unknown: applied.filter((name) => !Object.hasOwn(expected, name)),
  };
}

/** The newest migration the database has applied (a backup's name carries it), or null when none. */
export async function migrationLevel(db: Database): Promise<string | null> {
  const exists = await sql<{ name: string | null }>`SELECT to_regclass('kysely_migration')::text AS name`.execute(db);
  if (!exists.rows[0]?.name) return null;
  const row = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(db);
  return row.rows[0]?.name ?? null;
}
