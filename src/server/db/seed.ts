/**
 * Demo data for a new installation: Innovation Fund Denmark with its Innobooster grant (built
 * from the fund's public facts, sections written in our own words) and a platform admin.
 * Idempotent: what exists already is left as it is.
 */
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../auth/password';
import type { Database } from './db';

type SectionSeed = {
  kind: 'text' | 'deliverables' | 'budget' | 'activity_plan';
  title: string;
  guidance: string;
  aiInstructions: string;
  requirements: string[];
  inputs?: Array<{ label: string; type: 'text' | 'number' | 'date' | 'list'; required?: boolean; maxChars?: number }>;
};

// Not published by the fund; a configurable value an administrator can change on the grant.
export const INNOBOOSTER_MIN_INVOICE = 5000;

const innoboosterSections: SectionSeed[] = [
  {
    kind: 'text',
    title: 'Project summary',
    guidance: 'Describe in a few paragraphs what the project will develop, why now, and what the company gains. Write so a non-specialist understands it.',
    aiInstructions: 'Write a concise summary (max 2,000 characters) covering problem, solution, novelty and expected effect.',
    requirements: ['States the problem the project solves', 'Describes the solution and what is new', 'Names the expected commercial result'],
    inputs: [
      { label: 'Project title', type: 'text', maxChars: 150 },
      { label: 'Project start date', type: 'date' },
      { label: 'Project end date', type: 'date' },
    ],
  },
  {
    kind: 'text',
    title: 'The company and the team',
    guidance: 'Present the company, its current business and the people who will carry out the project, with the competences they bring.',
    aiInstructions: 'Use the company profile from the registry. Describe the team roles and why they can deliver.',
    requirements: ['Describes the company\'s current business', 'Names the key people and their roles', 'Shows the team has the competences the project needs'],
    inputs: [
      { label: 'Number of employees', type: 'number' },
      { label: 'Key people', type: 'list' },
    ],
  },
  {
    kind: 'text',
    title: 'The innovation and its technical uncertainty',
    guidance: 'Explain what is new compared to what exists today, and which technical questions the project has to answer before the solution works.',
    aiInstructions: 'Contrast the solution with existing alternatives and list the main technical risks and how the project tests them.',
    requirements: ['States what is new compared to existing solutions', 'Describes the technical uncertainty and how it is reduced', 'Explains why the company cannot do it without support'],
    inputs: [{ label: 'Existing solutions compared against', type: 'list' }],
  },
  {
    kind: 'text',
    title: 'Market and business potential',
    guidance: 'Describe the customers, the size of the market and how the company will earn money on the result.',
    aiInstructions: 'Quantify the target market, describe the business model and expected revenue in the years after the project.',
    requirements: ['Quantifies the target market', 'Describes the business model', 'Estimates revenue or savings after the project', 'Names competitors'],
    inputs: [{ label: 'Expected revenue three years after the project (DKK)', type: 'number', required: false }],
  },
  {
    kind: 'text',
    title: 'Societal impact and theme',
    guidance: 'Explain which of the fund\'s themes the project supports and what it means for society: jobs, climate, health or security.',
    aiInstructions: 'Tie the project to one theme (green technology; life science, health and welfare technology; digital and critical technologies) with concrete effects.',
    requirements: ['Names one of the fund\'s themes', 'Describes a concrete societal effect'],
    inputs: [{ label: 'Theme', type: 'text', maxChars: 120 }],
  },
  {
    kind: 'activity_plan',
    title: 'Activity plan',
    guidance: 'List the project\'s activities with start and end dates, who does them and the result or milestone each leads to. A project lasts at most two years.',
    aiInstructions: 'Propose activities that follow from the innovation section, each with a measurable milestone.',
    requirements: ['Every activity has dates, a responsible and a milestone', 'The plan fits within two years'],
  },
  {
    kind: 'deliverables',
    title: 'Deliverables',
    guidance: 'Describe what the project delivers: prototypes, tests, documentation or market validation.',
    aiInstructions: 'List concrete, verifiable deliverables linked to the activity plan.',
    requirements: ['Each deliverable is concrete and verifiable', 'Deliverables match the activity plan'],
  },
  {
    kind: 'budget',
    title: 'Budget',
    guidance: 'Enter the project\'s costs: own staff (existing and new hires) at the fixed rate of DKK 750 per hour, knowledge providers, external services, materials and equipment. The grant covers at most 35 % of the total cost.',
    aiInstructions: 'Check that the budget matches the activities and that the funding share does not exceed the maximum.',
    requirements: ['Costs match the activities', 'The funding share is within the grant\'s maximum'],
  },
];

const innoboosterRequirements = [
  'The company has a Danish CVR number',
  'The company is an SME (fewer than 250 employees)',
  'In the last fiscal year the company had at least DKK 250,000 gross profit, or in the last three years it raised at least DKK 100,000 of external capital',
  'The project fits one of the fund\'s themes: green technology; life science, health and welfare technology; digital and critical technologies',
  'The project lasts at most two years',
];

export async function seedCatalog(db: Database): Promise<boolean> {
  const existing = await db.selectFrom('funds').select('id').where('slug', '=', 'innovation-fund-denmark').executeTakeFirst();
  if (existing) return false;
  await db.transaction().execute(async (trx) => {
    const fund = await trx
      .insertInto('funds')
      .values({
        slug: 'innovation-fund-denmark',
        name: 'Innovation Fund Denmark',
        description:
          'Innovationsfonden invests in research and innovation that creates value for Denmark: new knowledge, technologies and growth companies.',
        url: 'https://innovationsfonden.dk/en',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const grant = await trx
      .insertInto('grants')
      .values({
        fund_id: fund.id,
        slug: 'innobooster',
        title: 'Innobooster',
        description:
          'Innobooster supports small and medium-sized companies and start-ups with innovation projects that have a clear commercial potential. ' +
          'Applications of DKK 50,000–1,500,000 (de minimis track); the grant covers at most 35 % of the project\'s total cost. ' +
          'Own staff are costed at a fixed DKK 750 per hour. Projects last up to two years. Applications are accepted continuously.',
        url: 'https://innovationsfonden.dk/en/p/innobooster',
        status: 'open',
        currency: 'DKK',
        amount_min: 50000,
        amount_max: 1500000,
        max_funding_pct: 35,
        min_invoice_amount: INNOBOOSTER_MIN_INVOICE,
        hourly_rate: 750,
        opens_at: new Date('2026-01-01T00:00:00Z'),
        deadline_at: null,
        published_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('grant_requirements')
      .values(
        innoboosterRequirements.map((text, position) => ({
          grant_id: grant.id,
          position,
          text,
          expected_answer: true,
          // The first two questions the company's registry profile answers (CVR number, head count).
          prefill: position === 0 ? 'org_id' : position === 1 ? 'sme' : null,
        })),
      )
      .execute();
    for (const [position, section] of innoboosterSections.entries()) {
      const row = await trx
        .insertInto('grant_sections')
        .values({ grant_id: grant.id, position, kind: section.kind, title: section.title, guidance: section.guidance, ai_instructions: section.aiInstructions })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('section_requirements')
        .values(section.requirements.map((text, index) => ({ grant_section_id: row.id, position: index, text })))
        .execute();
      if (section.inputs?.length) {
        await trx
          .insertInto('section_inputs')
          .values(
            section.inputs.map((input, index) => ({
              grant_section_id: row.id,
              position: index,
              label: input.label,
              type: input.type,
              required: input.required ?? true,
              max_chars: input.maxChars ?? null,
            })),
          )
          .execute();
      }
    }
  });
  return true;
}

/**
 * Makes sure a platform admin exists. Returns the generated password when one was made, so the
 * caller can print it once.
 */
export async function seedAdmin(
  db: Database,
  options: { email?: string | undefined; password?: string | undefined },
): Promise<{ email: string; generatedPassword: string | null; created: boolean }> {
  const email = (options.email ?? 'admin@grantwork.local').toLowerCase();
  const existing = await db.selectFrom('users').select(['id', 'platform_role']).where((eb) => eb(eb.fn('lower', ['email']), '=', email)).executeTakeFirst();
  if (existing) {
    if (existing.platform_role !== 'admin') {
      await db.updateTable('users').set({ platform_role: 'admin' }).where('id', '=', existing.id).execute();
    }
    return { email, generatedPassword: null, created: false };
  }
  if (!options.email) {
    const anyAdmin = await db.selectFrom('users').select('email').where('platform_role', '=', 'admin').executeTakeFirst();
    if (anyAdmin) return { email: anyAdmin.email, generatedPassword: null, created: false };
  }
  const generatedPassword = options.password ? null : randomBytes(12).toString('base64url');
  await db
    .insertInto('users')
    .values({
      email,
      password_hash: await hashPassword(options.password ?? generatedPassword!),
      firstname: 'Admin',
      lastname: '',
      platform_role: 'admin',
    })
    .execute();
  return { email, generatedPassword, created: true };
}
