/**
 * Every table has one home: it is written (inserted into, updated, deleted from) by one module of
 * the server only — a folder of `src/server` (`auth`, `notify`, …) or a feature of
 * `src/server/features` — and the others change it by calling that module's functions. Read from
 * the code: Kysely's `insertInto`/`updateTable`/`deleteFrom` and SQL written out (`INSERT INTO`,
 * `UPDATE … SET`, `DELETE FROM`). The database's own tooling writes every table and is not a
 * module: the migrations and the restore of a backup (`src/server/db/`). The seeds
 * (`src/server/seed/`) are no exception: they call the owners' functions like any module.
 *
 * No table is written from a second module: a new second writer fails the test.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');

/** The database's tooling, which writes every table by design: the restore of a backup, the migrations. */
const isTooling = (file: string) => /^src\/server\/db\/(backup|migrate)\.ts$/.test(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The module a file belongs to: its feature, its folder of `src/server`, or the worker. */
function moduleOf(file: string): string {
  const parts = path.relative(root, file).split(path.sep);
  if (parts[0] === 'worker') return 'worker';
  if (parts[2] === 'features') return `features/${parts[3]}`;
  return parts.length > 3 ? parts[2]! : `src/server/${parts[2]}`;
}

/** The tables a file writes. */
function tablesWrittenBy(code: string): string[] {
  const withoutComments = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const kysely = withoutComments.matchAll(/\.(?:insertInto|updateTable|deleteFrom)\(\s*['"`]([a-z_]+)/g);
  const written = withoutComments.matchAll(/\b(?:INSERT\s+INTO|DELETE\s+FROM|UPDATE)\s+([a-z_]+)(?:\s+(?:AS\s+)?[a-z_]+)?\s+(?:\(|SET|VALUES|SELECT|WHERE|USING)/g);
  return [...[...kysely].map((match) => match[1]!), ...[...written].map((match) => match[1]!)];
}

function writersByTable(): Map<string, Set<string>> {
  const files = [...sourceFiles(path.join(root, 'src/server')), ...sourceFiles(path.join(root, 'worker'))].filter(
    (file) => !isTooling(path.relative(root, file).split(path.sep).join('/')),
  );
  const writers = new Map<string, Set<string>>();
  for (const file of files) {
    for (const table of tablesWrittenBy(readFileSync(file, 'utf8'))) {
      if (!writers.has(table)) writers.set(table, new Set());
      writers.get(table)!.add(moduleOf(file));
    }
  }
  return writers;
}

describe('table owners', () => {
  it('reads the writes the code has: Kysely calls and SQL written out', () => {
    expect(tablesWrittenBy("db.insertInto('users').values(x); db.updateTable('sessions'); db.deleteFrom(\"emails\")")).toEqual(['users', 'sessions', 'emails']);
    expect(tablesWrittenBy('sql`INSERT INTO section_versions (a) SELECT 1`; sql`UPDATE companies c SET x = 1`; sql`DELETE FROM feedback WHERE true`')).toEqual([
      'section_versions',
      'companies',
      'feedback',
    ]);
    expect(tablesWrittenBy("// db.deleteFrom('users')\n/* db.updateTable('users') */")).toEqual([]);
  });

  it('finds the accounts, the inbox and the texts written where they should be', () => {
    const writers = writersByTable();
    for (const table of ['users', 'sessions', 'email_verifications', 'password_resets']) expect([...(writers.get(table) ?? [])]).toEqual(['auth']);
    expect([...(writers.get('notifications') ?? [])]).toEqual(['notify']);
  });

  it('finds the applications, their sections, texts and versions, and the memberships written by their owners', () => {
    const writers = writersByTable();
    for (const table of ['applications', 'application_sections', 'application_events', 'section_text_updates', 'section_text_clients', 'section_versions']) {
      expect([...(writers.get(table) ?? [])]).toEqual(['features/applications']);
    }
    expect([...(writers.get('memberships') ?? [])]).toEqual(['features/companies']);
    expect([...(writers.get('funds') ?? [])]).toEqual(['features/funds']);
  });

  it('finds the catalogue written by its owners, the seeds included', () => {
    const writers = writersByTable();
    for (const table of ['grants', 'grant_sections', 'section_inputs', 'section_requirements', 'grant_requirements', 'grant_rules']) {
      expect([...(writers.get(table) ?? [])]).toEqual(['features/grants']);
    }
    expect([...(writers.get('assessment_criteria') ?? [])]).toEqual(['features/assessment']);
    // The seeds write no table themselves.
    expect([...writers.values()].filter((modules) => modules.has('seed'))).toEqual([]);
  });

  it('has every table written by one module', () => {
    const several = Object.fromEntries(
      [...writersByTable()]
        .filter(([, modules]) => modules.size > 1)
        .map(([table, modules]) => [table, [...modules].sort()]),
    );
    expect(several).toEqual({});
  });

  it('has no procedure announce a write by hand: the module that wrote announces it once committed', () => {
    const routers = sourceFiles(path.join(root, 'src/server')).filter((file) => file.endsWith('.router.ts'));
    expect(routers.length).toBeGreaterThan(10);
    const byHand = routers.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/liveAccess\.changed\(|announce(?:Status|InboxChange|Assessment|CatalogChange|AccessChange)\(/g)].map(
        (match) => `${path.relative(root, file)}: ${match[0]}`,
      ),
    );
    expect(byHand).toEqual([]);
  });
});
