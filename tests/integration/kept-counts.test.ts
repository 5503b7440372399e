/**
 * Counts are kept, not counted (decision 0060): after any sequence of saves, marks done and
 * reopens, review moves, comments opened, replied to, resolved and reopened, versions restored,
 * copies, and deletions undone, made through the real procedures, every application's kept counts
 * equal a recount of its sections and comments, and the dashboard shows what the recount says.
 */
import fc from 'fast-check';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast, createCompany, type Cast } from './company-fixtures';
import { createTestServices, type TestServices } from './harness';

let services: TestServices;
let cast: Cast;
let grantId: string;

beforeAll(async () => {
  services = await createTestServices();
  cast = await createCast(services);
  const fund = await services.db.insertInto('funds').values({ slug: 'tællefonden', name: 'Tællefonden' }).returning('id').executeTakeFirstOrThrow();
  const grant = await services.db
    .insertInto('grants')
    .values({ fund_id: fund.id, slug: 'taelling', title: 'Tællepuljen', status: 'open', published_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  grantId = grant.id;
  await services.db
    .insertInto('grant_sections')
    .values([0, 1, 2].map((position) => ({ grant_id: grant.id, position, kind: 'text', title: `Afsnit ${position + 1}` })))
    .execute();
});
afterAll(async () => {
  await services?.close();
});

/** What a run works on: its company, its applications (copies join them), and the threads opened. */
interface World {
  companyId: string;
  applications: string[];
  threads: Array<{ applicationId: string; id: string }>;
}

type Command = (world: World) => Promise<unknown>;

const pick = <T,>(list: readonly T[], index: number): T => list[index % list.length]!;

async function sectionsOf(applicationId: string) {
  return services.db.selectFrom('application_sections').select(['id', 'version', 'status']).where('application_id', '=', applicationId).orderBy('position').execute();
}

/** A section of one of the world's applications, by two indexes the arbitrary chose. */
async function sectionAt(world: World, app: number, section: number) {
  const applicationId = pick(world.applications, app);
  const target = pick(await sectionsOf(applicationId), section);
  return { applicationId, sectionId: target.id, version: target.version };
}

/** The members who write comments take turns: each has a limit of comments per five minutes. */
const commenters = ['employee', 'reviewer', 'admin', 'owner'] as const;

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ app: fc.nat(), section: fc.nat(), written: fc.boolean() }).map(({ app, section, written }): Command => async (world) => {
    const { applicationId, sectionId, version } = await sectionAt(world, app, section);
    return cast.callers.employee.applications.saveSection({ applicationId, sectionId, version, content: written ? 'Projektet samler tre kommuner om en fælles indsats.' : '', answers: {}, fulfilled: [] });
  }),
  fc.record({ app: fc.nat(), section: fc.nat() }).map(({ app, section }): Command => async (world) => {
    const target = await sectionAt(world, app, section);
    return cast.callers.employee.applications.markDone(target);
  }),
  fc.record({ app: fc.nat(), section: fc.nat() }).map(({ app, section }): Command => async (world) => {
    const target = await sectionAt(world, app, section);
    return cast.callers.employee.applications.reopen(target);
  }),
  fc.record({ app: fc.nat(), section: fc.nat() }).map(({ app, section }): Command => async (world) => {
    const { applicationId, sectionId } = await sectionAt(world, app, section);
    return cast.callers.employee.reviews.sendToReview({ applicationId, sectionId, reviewerIds: [cast.users.reviewer.id] });
  }),
  fc.record({ app: fc.nat(), section: fc.nat(), decision: fc.constantFrom('approve', 'reject', 'comment') }).map(({ app, section, decision }): Command => async (world) => {
    const { applicationId, sectionId, version } = await sectionAt(world, app, section);
    const reviews = cast.callers.reviewer.reviews;
    if (decision === 'approve') return reviews.approve({ applicationId, sectionId, version });
    if (decision === 'reject') return reviews.reject({ applicationId, sectionId, reason: 'Tallene mangler' });
    return reviews.comment({ applicationId, sectionId, text: 'Uddyb indsatsen' });
  }),
  fc.record({ app: fc.nat(), section: fc.nat(), by: fc.nat() }).map(({ app, section, by }): Command => async (world) => {
    const { applicationId, sectionId } = await sectionAt(world, app, section);
    const thread = await cast.callers[pick(commenters, by)].comments.add({ applicationId, sectionId, body: 'Hvad med budgettet?', mentionIds: [] });
    world.threads.push({ applicationId, id: thread.id });
  }),
  fc.record({ thread: fc.nat(), by: fc.nat() }).map(({ thread, by }): Command => async (world) => {
    if (world.threads.length === 0) return;
    const { applicationId, id } = pick(world.threads, thread);
    return cast.callers[pick(commenters, by)].comments.reply({ applicationId, threadId: id, body: 'Det ser jeg på.', mentionIds: [] });
  }),
  fc.record({ thread: fc.nat(), resolved: fc.boolean() }).map(({ thread, resolved }): Command => async (world) => {
    if (world.threads.length === 0) return;
    const { applicationId, id } = pick(world.threads, thread);
    return cast.callers.employee.comments.resolve({ applicationId, threadId: id, resolved });
  }),
  fc.record({ app: fc.nat(), section: fc.nat(), version: fc.nat() }).map(({ app, section, version }): Command => async (world) => {
    const { applicationId, sectionId } = await sectionAt(world, app, section);
    const { versions } = await cast.callers.employee.versions.list({ applicationId, sectionId });
    if (versions.length === 0) return;
    return cast.callers.employee.versions.restore({ applicationId, sectionId, versionId: pick(versions, version).id });
  }),
  fc.nat().map((app): Command => async (world) => {
    const copy = await cast.callers.employee.reviews.copy({ applicationId: pick(world.applications, app), title: 'Kopi af projektet' });
    world.applications.push(copy.id);
  }),
  fc.nat().map((app): Command => async (world) => {
    const applicationId = pick(world.applications, app);
    await cast.callers.owner.applications.delete({ applicationId });
    return cast.callers.owner.applications.restore({ companyId: world.companyId, applicationId });
  }),
);

/** A call refused by the rules (a move from the wrong status, a stale version, …) is part of the sequence; anything else fails it. */
async function attempt(run: Command, world: World): Promise<void> {
  try {
    await run(world);
  } catch (error) {
    if (error instanceof TRPCError && error.code !== 'INTERNAL_SERVER_ERROR') return;
    throw error;
  }
}

/** The counts recounted from the sections and comments stored, beside those kept on the rows. */
async function keptAndRecounted(applicationIds: readonly string[]) {
  const rows = await services.db
    .selectFrom('applications as a')
    .select((eb) => [
      'a.id',
      'a.sections_total',
      'a.sections_started',
      'a.sections_done',
      'a.sections_in_review',
      'a.sections_approved',
      'a.open_threads',
      eb.selectFrom('application_sections as s').whereRef('s.application_id', '=', 'a.id').select(eb.fn.countAll<string>().as('n')).as('total'),
      eb.selectFrom('application_sections as s').whereRef('s.application_id', '=', 'a.id').where('s.status', '<>', 'not_started').select(eb.fn.countAll<string>().as('n')).as('started'),
      eb.selectFrom('application_sections as s').whereRef('s.application_id', '=', 'a.id').where('s.status', '=', 'done').select(eb.fn.countAll<string>().as('n')).as('done'),
      eb.selectFrom('application_sections as s').whereRef('s.application_id', '=', 'a.id').where('s.status', '=', 'need_review').select(eb.fn.countAll<string>().as('n')).as('inReview'),
      eb.selectFrom('application_sections as s').whereRef('s.application_id', '=', 'a.id').where('s.status', '=', 'approved').select(eb.fn.countAll<string>().as('n')).as('approved'),
      eb
        .selectFrom('section_comments as c')
        .innerJoin('application_sections as s', 's.id', 'c.section_id')
        .whereRef('s.application_id', '=', 'a.id')
        .where('c.thread_id', 'is', null)
        .where('c.resolved_at', 'is', null)
        .select(eb.fn.countAll<string>().as('n'))
        .as('openThreads'),
    ])
    .where('a.id', 'in', applicationIds)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kept: [row.sections_total, row.sections_started, row.sections_done, row.sections_in_review, row.sections_approved, row.open_threads],
    recounted: [row.total, row.started, row.done, row.inReview, row.approved, row.openThreads].map(Number),
  }));
}

describe('kept counts', () => {
  it('equal a recount after any sequence of edits, reviews, comments, restores and copies, and the dashboard shows the recount', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 14 }), async (commands) => {
        const companyId = await createCompany(services, cast);
        const first = await cast.callers.employee.applications.create({ companyId, grantId, title: 'Vores projekt', language: 'da' });
        const world: World = { companyId, applications: [first.id], threads: [] };
        for (const run of commands) await attempt(run, world);

        const counts = await keptAndRecounted(world.applications);
        expect(counts).toHaveLength(world.applications.length);
        for (const row of counts) expect(row.kept, `application ${row.id}`).toEqual(row.recounted);

        // The dashboard and the overview's open threads read the kept counts: they answer what a recount says.
        const { applications } = await cast.callers.employee.applications.list({ companyId });
        for (const row of counts) {
          const [total, started, done] = row.recounted as [number, number, number];
          const status = total > 0 && done === total ? 'ready' : started > 0 ? 'in_progress' : 'not_started';
          expect(applications.find((listed) => listed.id === row.id)).toMatchObject({ total, done, status });
          const open = await cast.callers.employee.comments.openCounts({ applicationId: row.id });
          expect(open.reduce((sum, section) => sum + section.open, 0)).toBe(row.recounted[5]);
        }
      }),
      { numRuns: 20 },
    );
  }, 120_000);
});
