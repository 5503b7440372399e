/**
 * Migrations are plain SQL files in `migrations/`, applied in name order by Kysely's migrator
 * (which holds a lock, so two processes starting together do not both apply them).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './db';
import { projectPath } from '../project-path';

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
