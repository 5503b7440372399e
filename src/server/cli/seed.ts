import { createDb } from '../db/db';
import { migrateToLatest } from '../db/migrate';
import { seedAdmin, seedCatalog, seedCatalogueCriteria, type SeedAdminResult } from '../seed/seed';
import { seedNordicCatalog } from '../seed/seed-nordic';
import type { Env } from '../env';
import { env } from '../env';
import { ensureInfrastructureOrExit } from './infrastructure';

/** The lines a start prints about the platform admin; `stop` when the start must not go on. */
export function adminSeedReport(admin: SeedAdminResult): { lines: string[]; stop: boolean } {
  switch (admin.outcome) {
    case 'created':
      return {
        lines: [admin.generatedPassword ? `Platform admin created: ${admin.email} with password ${admin.generatedPassword} (shown only this once)` : `Platform admin created: ${admin.email}`],
        stop: false,
      };
    case 'exists':
      return {
        lines: admin.passwordDiffers
          ? [`ADMIN_PASSWORD is not the password of the platform admin ${admin.email}: a start never changes an existing account's password. Choose a new one with "Forgotten password" on the login page.`]
          : [],
        stop: false,
      };
    case 'refused':
      return {
        lines: [
          `ADMIN_EMAIL=${admin.email} belongs to an account that is not a platform admin and was not made by a start, so it is not made one and its password is not changed. ` +
            `If the account is yours, run \`npm run admin -- ${admin.email}\` and start again; otherwise set ADMIN_EMAIL to an address that has no account.`,
        ],
        stop: true,
      };
  }
}

/**
 * Seeds the demo catalogue and the platform admin; prints a generated password once. Returns
 * false when the admin bootstrap refused (the reason is printed): the start stops there.
 */
export async function runSeed(databaseUrl: string, config: Env): Promise<boolean> {
  const db = createDb(databaseUrl, 2);
  try {
    if (await seedCatalog(db)) console.log('Seeded the demo catalogue: Innovation Fund Denmark › Innobooster');
    const nordic = await seedNordicCatalog(db);
    if (nordic > 0) console.log(`Seeded ${nordic} Norwegian and Finnish grants with their rules (Research Council of Norway, Innovation Norway, Business Finland)`);
    // Each seeded grant's own assessment criteria, once it is there.
    await seedCatalogueCriteria(db);
    const report = adminSeedReport(await seedAdmin(db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD }));
    for (const line of report.lines) (report.stop ? console.error : console.log)(line);
    return !report.stop;
  } finally {
    await db.destroy();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const config = env();
  const infra = await ensureInfrastructureOrExit(config, { redis: false });
  try {
    const db = createDb(infra.databaseUrl, 2);
    await migrateToLatest(db);
    await db.destroy();
    if (!(await runSeed(infra.databaseUrl, config))) process.exitCode = 1;
  } finally {
    await infra.stop();
  }
}
