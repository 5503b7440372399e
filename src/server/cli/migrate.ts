import { createDb } from '../db/db';
import { migrateToLatest } from '../db/migrate';
import { env } from '../env';
import { ensureInfrastructureOrExit } from './infrastructure';

const infra = await ensureInfrastructureOrExit(env(), { redis: false });
const db = createDb(infra.databaseUrl, 2);
try {
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `Applied ${applied.join(', ')}` : 'The database is up to date');
} finally {
  await db.destroy();
  await infra.stop();
}
