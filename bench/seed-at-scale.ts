/**
 * A catalogue and workspace at a realistic size, for the benchmark and the query-plan test:
 * funds, published grants with sections, companies each with an owner, and applications with a
 * section per grant section (budgets and activity plans with data). Set-based SQL, so the full
 * size (20,000 applications) takes seconds, not minutes. For an empty, freshly migrated database.
 * The bench's own tooling, outside the server's modules: it fills every table at once in SQL,
 * which row-by-row calls of the tables' owners could not do in seconds.
 */
import { sql } from 'kysely';
import type { Database } from '../src/server/db/db';
import { recountApplications } from '../src/server/features/applications';

export interface Scale {
  funds: number;
  grantsPerFund: number;
  companies: number;
  applicationsPerCompany: number;
}

/** The size the public catalogue and the workspace are expected to reach. */
export const realisticScale: Scale = { funds: 50, grantsPerFund: 100, companies: 2000, applicationsPerCompany: 10 };

// Section kinds of every seeded grant, in order: three texts, a budget, an activity plan.
const sectionKinds = ['text', 'text', 'text', 'budget', 'activity_plan'];

const budgetData = JSON.stringify({ lines: [], fundingRequested: null });
const activityPlanData = JSON.stringify({ activities: [] });

export async function seedAtScale(db: Database, scale: Scale = realisticScale): Promise<void> {
  const grants = scale.funds * scale.grantsPerFund;
  await db.transaction().execute(async (trx) => {
    await sql`INSERT INTO funds (slug, name, description)
      SELECT 'fund-' || n, 'Fund ' || n, 'A fund that supports projects of kind ' || n
      FROM generate_series(1, ${scale.funds}) n`.execute(trx);
    // Grants: a mix of open, upcoming and closed, deadlines spread over two years.
    await sql`INSERT INTO grants (fund_id, slug, title, description, status, deadline_at, published_at, amount_min, amount_max, max_funding_pct, hourly_rate)
      SELECT f.id, 'grant-' || n, 'Grant ' || n || ' for ' || (ARRAY['green technology', 'health', 'export', 'digital services', 'food'])[1 + n % 5],
        'Support for companies developing ' || (ARRAY['green technology', 'health', 'export', 'digital services', 'food'])[1 + n % 5] || ' projects, round ' || n,
        (ARRAY['open', 'open', 'open', 'upcoming', 'closed'])[1 + n % 5],
        now() + ((n % 730) - 200) * interval '1 day',
        now() - (n % 500) * interval '1 hour',
        50000, 500000 + (n % 10) * 100000, 50, 650
      FROM generate_series(1, ${grants}) n
      JOIN (SELECT id, row_number() OVER (ORDER BY slug) AS k FROM funds) f ON f.k = 1 + (n - 1) / ${scale.grantsPerFund}`.execute(trx);
    await sql`INSERT INTO grant_requirements (grant_id, position, text)
      SELECT g.id, p, 'Eligibility question ' || p FROM grants g CROSS JOIN generate_series(1, 2) p`.execute(trx);
    await sql`INSERT INTO grant_sections (grant_id, position, kind, title, guidance)
      SELECT g.id, p, (${sectionKinds}::text[])[p], 'Section ' || p, 'What this section should say'
      FROM grants g CROSS JOIN generate_series(1, ${sectionKinds.length}) p`.execute(trx);
    await sql`INSERT INTO section_requirements (grant_section_id, position, text)
      SELECT gs.id, p, 'Requirement ' || p FROM grant_sections gs CROSS JOIN generate_series(1, 2) p WHERE gs.kind = 'text'`.execute(trx);
    await sql`INSERT INTO section_inputs (grant_section_id, position, label, type)
      SELECT gs.id, 1, 'Project title', 'text' FROM grant_sections gs WHERE gs.kind = 'text' AND gs.position = 1`.execute(trx);
    // Each grant's own assessment criteria: one reading its texts, one its budget.
    await sql`INSERT INTO assessment_criteria (grant_id, position, name, weight, grant_section_ids, signals)
      SELECT g.id, 0, 'Value creation', 2, ARRAY(SELECT gs.id FROM grant_sections gs WHERE gs.grant_id = g.id AND gs.kind = 'text'), ARRAY['market_size', 'named_partner', 'quantified_effect']
      FROM grants g WHERE g.slug LIKE 'grant-%'
      UNION ALL
      SELECT g.id, 1, 'Cost-effectiveness', 1, ARRAY(SELECT gs.id FROM grant_sections gs WHERE gs.grant_id = g.id AND gs.kind = 'budget'), ARRAY['costs_per_activity', 'co_financing']
      FROM grants g WHERE g.slug LIKE 'grant-%'`.execute(trx);
    // One owner per company. The password hash is not a valid one: nobody signs in as these.
    await sql`INSERT INTO users (email, password_hash, firstname, lastname)
      SELECT 'owner' || n || '@scale.example', 'x', 'Owner', 'Number ' || n FROM generate_series(1, ${scale.companies}) n`.execute(trx);
    // A session per owner, so signing in reads a table of a realistic size.
    await sql`INSERT INTO sessions (id, secret_hash, user_id, expires_at)
      SELECT md5(random()::text || id::text), decode(md5(id::text), 'hex'), id, now() + interval '30 days' FROM users WHERE email LIKE '%@scale.example'`.execute(trx);
    await sql`INSERT INTO companies (org_id, name, verified)
      SELECT (10000000 + n)::text, 'Company ' || n || ' ApS', true FROM generate_series(1, ${scale.companies}) n`.execute(trx);
    await sql`INSERT INTO memberships (company_id, user_id, role)
      SELECT c.id, u.id, 'owner' FROM companies c JOIN users u ON u.email = 'owner' || (c.org_id::int - 10000000) || '@scale.example'`.execute(trx);
    // Each company applies to different grants; updated_at spread so lists have an order to keep.
    await sql`INSERT INTO applications (company_id, grant_id, title, created_by, updated_at)
      SELECT c.id, g.id, 'Application ' || k || ' of ' || c.name, m.user_id, now() - (k * 37 + c.org_id::int % 1000) * interval '1 minute'
      FROM (SELECT id, name, org_id, row_number() OVER (ORDER BY org_id) AS i FROM companies) c
      JOIN memberships m ON m.company_id = c.id
      CROSS JOIN generate_series(1, ${scale.applicationsPerCompany}) k
      JOIN (SELECT id, row_number() OVER (ORDER BY slug) AS j FROM grants) g ON g.j = 1 + ((c.i * 7 + k * 131) % ${grants})`.execute(trx);
    await sql`INSERT INTO application_sections (application_id, grant_section_id, position, status, content, data)
      SELECT a.id, gs.id, gs.position,
        (ARRAY['not_started', 'draft', 'draft', 'done'])[1 + (abs(hashtext(a.id::text)) + gs.position) % 4],
        CASE WHEN gs.kind = 'text' THEN repeat('Text written for this section. ', 20) ELSE '' END,
        CASE gs.kind WHEN 'budget' THEN ${budgetData}::jsonb WHEN 'activity_plan' THEN ${activityPlanData}::jsonb END
      FROM applications a JOIN grant_sections gs ON gs.grant_id = a.grant_id`.execute(trx);
    // A finished draft for every other text section: the editor's save and mark-done read them.
    await sql`INSERT INTO ai_drafts (application_id, section_id, status, content, model, offline, finished_at)
      SELECT s.application_id, s.id, 'done', repeat('A drafted paragraph for this section. ', 15), 'offline', true, now()
      FROM application_sections s JOIN grant_sections gs ON gs.id = s.grant_section_id
      WHERE gs.kind = 'text' AND abs(hashtext(s.id::text)) % 2 = 0`.execute(trx);
    // Two versions of every section someone has written in: each save reads the latest one.
    await sql`INSERT INTO section_versions (section_id, author_id, started_at, saved_at, content, data)
      SELECT s.id, a.created_by, now() - k * interval '1 day', now() - k * interval '1 day' + interval '20 minutes', left(s.content, 100), s.data
      FROM application_sections s JOIN applications a ON a.id = s.application_id CROSS JOIN generate_series(1, 2) k
      WHERE s.status <> 'not_started'`.execute(trx);
    // The sections were written here, not through their owner: the counts their applications keep (decision 0060) are recounted once.
    await recountApplications(trx);
  });
  // The planner needs statistics of the new rows to choose the plans production will get.
  await sql`ANALYZE`.execute(db);
}
