import { createDb } from '../db/db';
import { migrateToLatest } from '../db/migrate';
import { seedAdmin, seedCatalog } from '../db/seed';
import type { Env } from '../env';
import { env } from '../env';
import { ensureInfrastructureOrExit } from './infrastructure';

/** Seeds the demo catalogue and the platform admin; prints a generated password once. */
export async function runSeed(databaseUrl: string, config: Env): Promise<void> {
  const db = createDb(databaseUrl, 2);
  try {
    if (await seedCatalog(db)) console.log('Seeded the demo catalogue: Innovation Fund Denmark › Innobooster');
    const admin = await seedAdmin(db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
    if (admin.generatedPassword) {
      console.log(`Platform admin created: ${admin.email} with password ${admin.generatedPassword} (shown only this once)`);
    } else if (admin.created) {
      console.log(`Platform admin created: ${admin.email}`);
    }
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
    await runSeed(infra.databaseUrl, config);
  } finally {
    await infra.stop();
  }
}
