/** Regenerates src/server/db/schema.ts from a freshly migrated scratch database. */
import { execFileSync } from 'node:child_process';
import { createScratchDatabase } from '../db/scratch-database';
import { projectPath } from '../platform/project-path';

export async function generateDbTypes(outFile: string): Promise<void> {
  const scratch = await createScratchDatabase('gw_codegen');
  try {
    execFileSync(
      projectPath('node_modules/.bin/kysely-codegen'),
      [
        '--url', scratch.url, '--dialect', 'postgres', '--out-file', outFile, '--exclude-pattern', 'kysely_*',
        // Typed as db.ts reads them: timestamps as ISO strings, dates as `YYYY-MM-DD` (timestamps.ts).
        '--date-parser', 'string',
        '--custom-imports', JSON.stringify({ IsoTimestamp: './timestamps' }),
        '--type-mapping', JSON.stringify({ timestamptz: 'IsoTimestamp' }),
      ],
      { stdio: 'pipe' },
    );
  } finally {
    await scratch.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = projectPath('src/server/db/schema.ts');
  await generateDbTypes(out);
  console.log(`Wrote ${out}`);
}
