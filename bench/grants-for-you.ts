/**
 * The "Grants for you" line: ranking 5,000 open grants, each with rules, for one company — the
 * one statement `rankGrantsForCompany` runs (set-based SQL, every rule checked in PostgreSQL).
 * Budget: p50 ≤ 20 ms on the server. Runs inside `npm run bench` on its scratch database, or
 * alone: `node --import tsx bench/grants-for-you.ts` (on a scratch database of its own).
 */
import { sql } from 'kysely';
import type { Executor } from '../src/server/db/db';
import { createScratchDatabase } from '../src/server/db/scratch-database';
import { rankGrantsForCompany } from '../src/server/features/grants-for-you/grants-for-you.queries';
import { GRANTS_FOR_YOU_LIMIT } from '../src/server/features/grants-for-you/grants-for-you.service';

export const RANKED_GRANTS = 5000;
const RUNS = 60;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1));
}

/** 5,000 published grants with varied rules under one fund, and a small Norwegian company. */
async function seedRanking(db: Executor): Promise<string> {
  const fund = await db.insertInto('funds').values({ slug: `bench-ranking-${Date.now()}`, name: 'Bench ranking fund', country: 'NO' }).returning('id').executeTakeFirstOrThrow();
  await sql`
    INSERT INTO grants (fund_id, slug, title, description, status, published_at, deadline_at, currency)
    SELECT ${fund.id}, 'bench-rank-' || i || '-' || ${fund.id}, 'Grant ' || i, 'A grant to rank', CASE WHEN i % 10 = 0 THEN 'upcoming' ELSE 'open' END,
           now(), now() + (i % 200) * interval '1 day', 'EUR'
    FROM generate_series(1, ${RANKED_GRANTS}) AS i
  `.execute(db);
  await sql`
    INSERT INTO grant_rules (grant_id, countries, company_size, max_age_years, nace_included, nace_excluded, legal_forms, max_turnover_eur, cofinancing_pct)
    SELECT g.id,
           CASE n % 5 WHEN 0 THEN ARRAY['DK'] WHEN 1 THEN ARRAY['NO'] WHEN 2 THEN ARRAY['FI'] WHEN 3 THEN ARRAY['DK', 'NO', 'FI'] END,
           (ARRAY['micro', 'small', 'sme', NULL])[1 + n % 4],
           CASE WHEN n % 3 = 0 THEN 5 + n % 7 END,
           CASE WHEN n % 4 = 0 THEN ARRAY['62', '63', '72'] ELSE '{}' END,
           CASE WHEN n % 6 = 0 THEN ARRAY['01', '02', '03'] ELSE '{}' END,
           CASE WHEN n % 9 = 0 THEN ARRAY['AS', 'ASA'] ELSE '{}' END,
           CASE WHEN n % 8 = 0 THEN 10000000 END,
           25 + n % 50
    FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM grants WHERE fund_id = ${fund.id}) g
  `.execute(db);
  const company = await db
    .insertInto('companies')
    .values({ country: 'NO', org_id: '923609016', name: 'Bench AS', nace: '62.01', employees_min: 12, employees_max: 12, start_date: '2019-03-01', legal_form_code: 'AS', facts_source: 'brreg' })
    .onConflict((oc) => oc.columns(['country', 'org_id']).doUpdateSet({ name: 'Bench AS' }))
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`ANALYZE grants, grant_rules, funds, companies`.execute(db);
  return company.id;
}

/** Ranks the 5,000 grants `RUNS` times, after a few warm-up runs; times the statement as the server runs it. */
export async function grantsForYouRanking(db: Executor) {
  const companyId = await seedRanking(db);
  const today = new Date().toISOString().slice(0, 10);
  for (let warm = 0; warm < 5; warm += 1) await rankGrantsForCompany(db, companyId, { today, limit: GRANTS_FOR_YOU_LIMIT });
  const times: number[] = [];
  let rows = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const start = performance.now();
    rows = (await rankGrantsForCompany(db, companyId, { today, limit: GRANTS_FOR_YOU_LIMIT })).length;
    times.push(performance.now() - start);
  }
  const p50 = percentile(times, 50);
  return { grants: RANKED_GRANTS, runs: RUNS, rowsReturned: rows, p50Ms: p50, p95Ms: percentile(times, 95), p99Ms: percentile(times, 99), budget: 'p50 ≤ 20 ms', pass: p50 <= 20 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const scratch = await createScratchDatabase('gw_bench_rank');
  try {
    console.log(`grants for you (rank ${RANKED_GRANTS} grants for one company, one SQL statement): ${JSON.stringify(await grantsForYouRanking(scratch.db))}`);
  } finally {
    await scratch.drop();
  }
}
