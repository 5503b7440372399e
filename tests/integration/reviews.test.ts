/**
 * Review and publishing: every review transition of docs/architecture.md, section statuses, allowed and refused, by role
 * and by state, with its history row; naming reviewers; publishing only when every section is
 * done; a published application refuses every write; copying it into a new draft.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SectionStatus } from '../../src/shared/domain/application-sections';
import { sectionStatuses } from '../../src/shared/domain/application-sections';
import { anchorOf, passageOf, sectionText, textDocOf } from '../../src/shared/domain/text-doc';
import { createCast, createCompany, outcome, type Actor, type Cast } from './company-fixtures';
import { callerFor, createTestServices, createUser, failureOf, type TestServices } from './harness';

let services: TestServices;
let cast: Cast;
let grantId: string;

beforeAll(async () => {
  services = await createTestServices();
  cast = await createCast(services);
  const db = services.db;
  const fund = await db.insertInto('funds').values({ slug: 'gennemsynsfonden', name: 'Gennemsynsfonden' }).returning('id').executeTakeFirstOrThrow();
  const grant = await db
    .insertInto('grants')
    .values({ fund_id: fund.id, slug: 'gennemsyn', title: 'Gennemsynspuljen', status: 'open', published_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  grantId = grant.id;
  await db
    .insertInto('grant_sections')
    .values([
      // Titled in every language, as an administrator writes them: each reader sees their own.
      { grant_id: grant.id, position: 0, kind: 'text', title: 'Idé', translations: JSON.stringify({ en: { title: 'Idea' }, nb: { title: 'Idéen' } }) },
      { grant_id: grant.id, position: 1, kind: 'text', title: 'Marked' },
    ])
    .execute();
});
afterAll(async () => {
  await services.close();
});

async function startApplication() {
  const companyId = await createCompany(services, cast);
  const { id: applicationId } = await cast.callers.employee.applications.create({ companyId, grantId, title: 'Vores projekt', language: 'da' });
  const sections = (await cast.callers.employee.applications.get({ applicationId })).sections;
  return { companyId, applicationId, sectionIds: sections.map((section) => section.id) };
}

/** Puts the section in `status`, sent by the employee to the owner, the admin and the reviewer. */
async function setStatus(sectionId: string, status: SectionStatus) {
  await services.db.updateTable('application_sections').set({ status, content: 'Tekst' }).where('id', '=', sectionId).execute();
  await services.db.deleteFrom('section_reviewers').where('section_id', '=', sectionId).execute();
  await services.db
    .insertInto('section_reviewers')
    .values((['owner', 'admin', 'reviewer'] as const).map((role) => ({ section_id: sectionId, user_id: cast.users[role].id, requested_by: cast.users.employee.id })))
    .execute();
}

async function versionOf(sectionId: string) {
  return (await services.db.selectFrom('application_sections').select('version').where('id', '=', sectionId).executeTakeFirstOrThrow()).version;
}

async function statusOf(sectionId: string) {
  return (await services.db.selectFrom('application_sections').select('status').where('id', '=', sectionId).executeTakeFirstOrThrow()).status;
}

async function eventsOf(sectionId: string) {
  return services.db.selectFrom('application_events').select(['from_status', 'to_status', 'reason', 'actor_id']).where('section_id', '=', sectionId).orderBy('id').execute();
}

type Move = 'sendToReview' | 'approve' | 'reject' | 'comment';
async function call(actor: Actor, move: Move, applicationId: string, sectionId: string) {
  const reviews = cast.callers[actor].reviews;
  if (move === 'sendToReview') return reviews.sendToReview({ applicationId, sectionId, reviewerIds: [cast.users.reviewer.id] });
  if (move === 'approve') return reviews.approve({ applicationId, sectionId, version: await versionOf(sectionId) });
  if (move === 'reject') return reviews.reject({ applicationId, sectionId, reason: 'Tallene mangler' });
  return reviews.comment({ applicationId, sectionId, text: 'Uddyb markedet' });
}

const moves: Record<Move, { from: SectionStatus[]; to: SectionStatus; roles: Actor[]; reason: string | null }> = {
  sendToReview: { from: ['draft', 'validated', 'commented', 'not_approved'], to: 'need_review', roles: ['owner', 'admin', 'employee'], reason: null },
  comment: { from: ['need_review'], to: 'commented', roles: ['owner', 'admin', 'reviewer'], reason: 'Uddyb markedet' },
  approve: { from: ['need_review'], to: 'approved', roles: ['owner', 'admin', 'reviewer'], reason: null },
  reject: { from: ['need_review'], to: 'not_approved', roles: ['owner', 'admin', 'reviewer'], reason: 'Tallene mangler' },
};

describe('review transitions', () => {
  for (const [move, rule] of Object.entries(moves) as Array<[Move, (typeof moves)[Move]]>) {
    it(`${move}: allowed from ${rule.from.join(', ')} for ${rule.roles.join(', ')}, with a history row; refused otherwise, saying why`, async () => {
      const { applicationId, sectionIds } = await startApplication();
      const sectionId = sectionIds[0]!;
      for (const status of sectionStatuses) {
        for (const actor of ['owner', 'admin', 'employee', 'reviewer', 'outsider'] as Actor[]) {
          await setStatus(sectionId, status);
          const before = (await eventsOf(sectionId)).length;
          const result = await outcome(call(actor, move, applicationId, sectionId));
          const allowedRole = rule.roles.includes(actor);
          const expected = actor === 'outsider' ? 'NOT_FOUND' : !allowedRole ? 'FORBIDDEN' : rule.from.includes(status) ? 'ok' : 'CONFLICT';
          expect(result, `${move} by ${actor} from ${status}`).toBe(expected);
          const events = await eventsOf(sectionId);
          if (expected === 'ok') {
            expect(await statusOf(sectionId)).toBe(rule.to);
            expect(events.slice(before)).toEqual([{ from_status: status, to_status: rule.to, reason: rule.reason, actor_id: cast.users[actor as 'owner'].id }]);
          } else {
            expect(await statusOf(sectionId)).toBe(status);
            expect(events).toHaveLength(before);
          }
        }
      }
    });
  }

  it('a refused transition names its reason in the catalog', async () => {
    const { applicationId, sectionIds } = await startApplication();
    await setStatus(sectionIds[0]!, 'draft');
    expect(await failureOf(cast.callers.reviewer.reviews.approve({ applicationId, sectionId: sectionIds[0]!, version: await versionOf(sectionIds[0]!) }))).toMatchObject({ appCode: 'CONFLICT', messageKey: 'reviews.refused.approve' });
    await setStatus(sectionIds[0]!, 'done');
    expect(await failureOf(call('employee', 'sendToReview', applicationId, sectionIds[0]!))).toMatchObject({ appCode: 'CONFLICT', messageKey: 'reviews.refused.sendToReview' });
  });

  it('names only members who may review; a member of another company or an employee is refused and nothing changes', async () => {
    const { applicationId, sectionIds } = await startApplication();
    const sectionId = sectionIds[0]!;
    await setStatus(sectionId, 'draft');
    for (const reviewerIds of [[cast.users.outsider.id], [cast.users.employee.id], [cast.users.reviewer.id, cast.users.outsider.id]]) {
      const failure = await failureOf(cast.callers.employee.reviews.sendToReview({ applicationId, sectionId, reviewerIds }));
      expect(failure).toMatchObject({ appCode: 'VALIDATION', fieldErrors: { reviewerIds: 'reviews.reviewer.invalid' } });
    }
    expect(await statusOf(sectionId)).toBe('draft');
    await cast.callers.employee.reviews.sendToReview({ applicationId, sectionId, reviewerIds: [cast.users.reviewer.id, cast.users.admin.id, cast.users.reviewer.id] });
    const review = await cast.callers.employee.reviews.section({ applicationId, sectionId });
    expect(review.reviewers.map((reviewer) => reviewer.userId).sort()).toEqual([cast.users.reviewer.id, cast.users.admin.id].sort());
    expect(review.candidates.map((candidate) => candidate.userId).sort()).toEqual([cast.users.owner.id, cast.users.admin.id, cast.users.reviewer.id].sort());
    // A second round replaces the names.
    await cast.callers.reviewer.reviews.reject({ applicationId, sectionId, reason: 'Mere om markedet' });
    await cast.callers.employee.reviews.sendToReview({ applicationId, sectionId, reviewerIds: [cast.users.owner.id] });
    const again = await cast.callers.employee.reviews.section({ applicationId, sectionId });
    expect(again.reviewers.map((reviewer) => reviewer.userId)).toEqual([cast.users.owner.id]);
    expect(again.latest).toMatchObject({ reason: 'Mere om markedet', to: 'not_approved' });
  });

  it('a section of another application is NOT_FOUND, even to a member of both', async () => {
    const first = await startApplication();
    const second = await startApplication();
    await setStatus(second.sectionIds[0]!, 'need_review');
    expect(await outcome(cast.callers.reviewer.reviews.approve({ applicationId: first.applicationId, sectionId: second.sectionIds[0]!, version: await versionOf(second.sectionIds[0]!) }))).toBe('NOT_FOUND');
    expect(await statusOf(second.sectionIds[0]!)).toBe('need_review');
  });
});

describe('waiting for review', () => {
  it('lists the sections in review that name the user, until they are reviewed or the user leaves the company', async () => {
    const { applicationId, sectionIds, companyId } = await startApplication();
    const [first, second] = sectionIds as [string, string];
    await setStatus(first, 'draft');
    await setStatus(second, 'draft');
    await cast.callers.employee.reviews.sendToReview({ applicationId, sectionId: first, reviewerIds: [cast.users.reviewer.id] });
    await cast.callers.employee.reviews.sendToReview({ applicationId, sectionId: second, reviewerIds: [cast.users.admin.id] });
    const mine = (await cast.callers.reviewer.reviews.awaitingMe()).filter((item) => item.applicationId === applicationId);
    expect(mine.map((item) => [item.sectionId, item.sectionTitle, item.applicationTitle])).toEqual([[first, 'Idé', 'Vores projekt']]);
    expect((await cast.callers.outsider.reviews.awaitingMe()).filter((item) => item.applicationId === applicationId)).toEqual([]);
    await cast.callers.reviewer.reviews.approve({ applicationId, sectionId: first, version: await versionOf(first) });
    expect((await cast.callers.reviewer.reviews.awaitingMe()).filter((item) => item.applicationId === applicationId)).toEqual([]);
    expect((await cast.callers.admin.reviews.awaitingMe()).filter((item) => item.applicationId === applicationId)).toHaveLength(1);
    await services.db.deleteFrom('memberships').where('company_id', '=', companyId).where('user_id', '=', cast.users.admin.id).execute();
    expect((await cast.callers.admin.reviews.awaitingMe()).filter((item) => item.applicationId === applicationId)).toEqual([]);
  });
});

describe('history', () => {
  it('lists every change newest first with who, from, to and why', async () => {
    const { applicationId, sectionIds } = await startApplication();
    const sectionId = sectionIds[0]!;
    await cast.callers.employee.applications.saveSection({ applicationId, sectionId, version: 1, content: 'Udkast', answers: {}, fulfilled: [] });
    await cast.callers.employee.reviews.sendToReview({ applicationId, sectionId, reviewerIds: [cast.users.reviewer.id] });
    await cast.callers.reviewer.reviews.reject({ applicationId, sectionId, reason: 'Tallene mangler' });
    const history = await cast.callers.reviewer.reviews.history({ applicationId });
    expect(history.map((entry) => [entry.sectionTitle, entry.from, entry.to, entry.reason, entry.actorName])).toEqual([
      ['Idé', 'need_review', 'not_approved', 'Tallene mangler', 'Reviewer Tester'],
      ['Idé', 'validated', 'need_review', null, 'Employee Tester'],
      ['Idé', 'not_started', 'validated', null, 'Employee Tester'],
      [null, null, 'draft', null, 'Employee Tester'],
    ]);
    expect(await outcome(cast.callers.outsider.reviews.history({ applicationId }))).toBe('NOT_FOUND');
  });

  it('names sections in the reader\'s language, as the application\'s screens do: history, review requests and mentions', async () => {
    const companyId = await createCompany(services, cast);
    const { id: applicationId } = await cast.callers.employee.applications.create({ companyId, grantId, title: 'Our project', language: 'en' });
    const [idea, market] = (await cast.callers.employee.applications.get({ applicationId })).sections.map((section) => section.id);
    await cast.callers.employee.applications.saveSection({ applicationId, sectionId: idea!, version: 1, content: 'Draft', answers: {}, fulfilled: [] });
    await cast.callers.employee.reviews.sendToReview({ applicationId, sectionId: idea!, reviewerIds: [cast.users.reviewer.id] });
    await cast.callers.employee.applications.saveSection({ applicationId, sectionId: market!, version: 1, content: 'Draft', answers: {}, fulfilled: [] });
    await cast.callers.employee.comments.add({ applicationId, sectionId: idea!, body: '@Reviewer look here', mentionIds: [cast.users.reviewer.id] });
    const expected = { da: 'Idé', en: 'Idea', nb: 'Idéen' } as const;
    for (const locale of ['da', 'en', 'nb'] as const) {
      const reader = await callerFor(services, { token: cast.users.reviewer.token }, { locale });
      const history = await reader.reviews.history({ applicationId });
      expect(history.map((entry) => entry.sectionTitle).slice(0, 3), locale).toEqual(['Marked', expected[locale], expected[locale]]);
      expect((await reader.reviews.awaitingMe()).filter((item) => item.applicationId === applicationId).map((item) => item.sectionTitle), locale).toEqual([expected[locale]]);
      expect((await reader.comments.mentioningMe()).filter((item) => item.applicationId === applicationId).map((item) => item.sectionTitle), locale).toEqual([expected[locale]]);
      const { items } = await reader.notifications.inbox({});
      expect(items.filter((item) => item.applicationId === applicationId).map((item) => item.sectionTitle), locale).toEqual([expected[locale], expected[locale]]);
    }
  });
});

describe('publishing', () => {
  it('is refused until every section is done, then only owners and admins publish, once', async () => {
    const { applicationId, sectionIds } = await startApplication();
    await setStatus(sectionIds[0]!, 'done');
    await setStatus(sectionIds[1]!, 'approved');
    expect(await failureOf(cast.callers.owner.reviews.publish({ applicationId }))).toMatchObject({ appCode: 'CONFLICT', messageKey: 'reviews.refused.notDone' });
    await setStatus(sectionIds[1]!, 'done');
    expect(await outcome(cast.callers.employee.reviews.publish({ applicationId }))).toBe('FORBIDDEN');
    expect(await outcome(cast.callers.reviewer.reviews.publish({ applicationId }))).toBe('FORBIDDEN');
    expect(await outcome(cast.callers.outsider.reviews.publish({ applicationId }))).toBe('NOT_FOUND');
    const results = await Promise.all([outcome(cast.callers.owner.reviews.publish({ applicationId })), outcome(cast.callers.admin.reviews.publish({ applicationId }))]);
    expect(results.sort()).toEqual(['CONFLICT', 'ok']);
    const overview = await cast.callers.reviewer.applications.get({ applicationId });
    expect(overview).toMatchObject({ published: true, status: 'published' });
    const events = await services.db.selectFrom('application_events').select(['to_status']).where('application_id', '=', applicationId).where('section_id', 'is', null).orderBy('id').execute();
    expect(events.map((event) => event.to_status)).toEqual(['draft', 'published']);
  });

  it('a published application refuses every write, for every role, and keeps its content', async () => {
    const { applicationId, sectionIds } = await startApplication();
    for (const sectionId of sectionIds) await setStatus(sectionId, 'done');
    await cast.callers.owner.reviews.publish({ applicationId });
    const [first, second] = sectionIds as [string, string];
    const writes = (actor: Actor) => {
      const c = cast.callers[actor];
      return [
        c.applications.update({ applicationId, version: 2, title: 'Ændret', language: 'da', description: '' }),
        c.applications.delete({ applicationId }),
        c.applications.saveSection({ applicationId, sectionId: first, version: 1, content: 'Ændret', answers: {}, fulfilled: [] }),
        c.applications.markDone({ applicationId, sectionId: first }),
        c.applications.reopen({ applicationId, sectionId: second }),
        c.reviews.sendToReview({ applicationId, sectionId: first, reviewerIds: [cast.users.reviewer.id] }),
        c.reviews.approve({ applicationId, sectionId: first, version: 1 }),
        c.reviews.reject({ applicationId, sectionId: first, reason: 'Nej' }),
        c.reviews.comment({ applicationId, sectionId: first, text: 'Nej' }),
        c.reviews.publish({ applicationId }),
      ];
    };
    for (const actor of ['owner', 'admin'] as Actor[]) {
      const results = await Promise.all(writes(actor).map((write) => outcome(write)));
      expect(results, actor).toEqual(Array(results.length).fill('CONFLICT'));
    }
    const employee = await Promise.all(writes('employee').map((write) => outcome(write)));
    expect(employee.every((result) => result === 'CONFLICT' || result === 'FORBIDDEN')).toBe(true);
    expect(employee).not.toContain('ok');
    const sections = await services.db.selectFrom('application_sections').select(['status', 'content']).where('application_id', '=', applicationId).execute();
    expect(sections.every((section) => section.status === 'done' && section.content === 'Tekst')).toBe(true);
  });

  it('copies an application into a new draft under a new title with its texts, statuses starting over', async () => {
    const { applicationId, sectionIds, companyId } = await startApplication();
    for (const sectionId of sectionIds) await setStatus(sectionId, 'done');
    await cast.callers.owner.reviews.publish({ applicationId });
    const copy = await cast.callers.employee.reviews.copy({ applicationId, title: 'Vores projekt, runde 2' });
    expect(copy.id).not.toBe(applicationId);
    const overview = await cast.callers.employee.applications.get({ applicationId: copy.id });
    expect(overview).toMatchObject({ published: false, companyId, title: 'Vores projekt, runde 2' });
    expect(overview.sections.map((section) => [section.title, section.status])).toEqual([
      ['Idé', 'draft'],
      ['Marked', 'draft'],
    ]);
    const text = await cast.callers.employee.applications.section({ applicationId: copy.id, sectionId: overview.sections[0]!.id });
    expect(text.content).toBe('Tekst');
    expect(await outcome(cast.callers.reviewer.reviews.copy({ applicationId, title: 'Nej' }))).toBe('FORBIDDEN');
  });
});

describe('comments', () => {
  it('threads with quotes, replies, resolve and reopen; open threads counted per section', async () => {
    const { applicationId, sectionIds } = await startApplication();
    const [first, second] = sectionIds as [string, string];
    const thread = await cast.callers.reviewer.comments.add({ applicationId, sectionId: first, body: 'Hvor kommer tallet fra?', quote: 'halvt så meget strøm', mentionIds: [] });
    await cast.callers.employee.comments.add({ applicationId, sectionId: second, body: 'Mangler et afsnit om holdet', mentionIds: [] });
    await cast.callers.employee.comments.reply({ applicationId, threadId: thread.id, body: 'Fra vores måling i 2025', mentionIds: [] });
    const { threads } = await cast.callers.owner.comments.threads({ applicationId, sectionId: first });
    expect(threads).toHaveLength(1);
    expect(threads[0]).toMatchObject({ body: 'Hvor kommer tallet fra?', quote: 'halvt så meget strøm', authorName: 'Reviewer Tester', resolvedAt: null });
    expect(threads[0]!.replies.map((reply) => [reply.body, reply.authorName])).toEqual([['Fra vores måling i 2025', 'Employee Tester']]);
    const counts = async () => Object.fromEntries((await cast.callers.reviewer.comments.openCounts({ applicationId })).map((row) => [row.sectionId, row.open]));
    expect(await counts()).toEqual({ [first]: 1, [second]: 1 });
    await cast.callers.employee.comments.resolve({ applicationId, threadId: thread.id, resolved: true });
    expect(await counts()).toEqual({ [second]: 1 });
    expect((await cast.callers.owner.comments.threads({ applicationId, sectionId: first })).threads[0]!.resolvedAt).not.toBeNull();
    await cast.callers.reviewer.comments.resolve({ applicationId, threadId: thread.id, resolved: false });
    expect(await counts()).toEqual({ [first]: 1, [second]: 1 });
  });

  it('a thread may be anchored to a passage of the text: stored and returned as sent; a bad anchor and an anchor on a reply are refused', async () => {
    const { applicationId, sectionIds } = await startApplication();
    const sectionId = sectionIds[0]!;
    const doc = textDocOf(null, 'Vi vil halvere strømforbruget i 2026.');
    const anchor = anchorOf(sectionText(doc), 7, 29);
    const thread = await cast.callers.reviewer.comments.add({ applicationId, sectionId, body: 'Hvordan?', quote: 'halvere strømforbruget', anchor, mentionIds: [] });
    await cast.callers.employee.comments.add({ applicationId, sectionId, body: 'Om hele afsnittet', mentionIds: [] });
    const { threads } = await cast.callers.owner.comments.threads({ applicationId, sectionId });
    expect(threads.map((each) => [each.body, each.anchor])).toEqual([
      ['Om hele afsnittet', null],
      ['Hvordan?', anchor],
    ]);
    expect(passageOf(doc, threads[1]!.anchor!)).toEqual({ from: 7, to: 29 });

    const bad = [
      { start: anchor.start },
      { ...anchor, extra: 1 },
      { start: { ...anchor.start, item: { client: -1, clock: 0 } }, end: anchor.end },
      { start: { ...anchor.start, item: { client: 1, clock: 0.5 } }, end: anchor.end },
      { start: { ...anchor.start, assoc: 7 }, end: anchor.end },
      { start: { ...anchor.start, script: '<b>' }, end: anchor.end },
      { start: { tname: 'x'.repeat(65), assoc: 0 }, end: anchor.end },
      'halvere',
    ];
    for (const shape of bad) {
      const failure = await failureOf(cast.callers.reviewer.comments.add({ applicationId, sectionId, body: 'Nej', anchor: shape as never, mentionIds: [] }));
      expect(failure.appCode, JSON.stringify(shape)).toBe('VALIDATION');
    }
    const onReply = await failureOf(cast.callers.employee.comments.reply({ applicationId, threadId: thread.id, body: 'Svar', anchor, mentionIds: [] } as never));
    expect(onReply.appCode).toBe('VALIDATION');
    await cast.callers.employee.comments.reply({ applicationId, threadId: thread.id, body: 'Svar', mentionIds: [] });
    const stored = await services.db.selectFrom('section_comments').select(['body', 'anchor']).where('section_id', '=', sectionId).orderBy('created_at').execute();
    expect(stored.map((row) => [row.body, row.anchor === null])).toEqual([
      ['Hvordan?', false],
      ['Om hele afsnittet', true],
      ['Svar', true],
    ]);
  });

  it('pages threads newest first: after a thousand comments a new one is on the first page, and every thread is on exactly one page', async () => {
    const { applicationId, sectionIds } = await startApplication();
    const sectionId = sectionIds[0]!;
    const start = Date.now() - 10_000_000;
    await services.db
      .insertInto('section_comments')
      .values(Array.from({ length: 1_000 }, (_, index) => ({ section_id: sectionId, author_id: cast.users.employee.id, body: `Gammel ${index}`, created_at: new Date(start + index * 1000) })))
      .execute();
    const fresh = await cast.callers.reviewer.comments.add({ applicationId, sectionId, body: 'Den nyeste', mentionIds: [] });
    const first = await cast.callers.owner.comments.threads({ applicationId, sectionId });
    expect(first.threads[0]).toMatchObject({ id: fresh.id, body: 'Den nyeste' });
    expect(first.threads[1]!.body).toBe('Gammel 999');
    const seen = new Set<string>();
    let page = first;
    for (;;) {
      for (const thread of page.threads) {
        expect(seen.has(thread.id)).toBe(false);
        seen.add(thread.id);
      }
      if (page.nextCursor === null) break;
      page = await cast.callers.owner.comments.threads({ applicationId, sectionId, cursor: page.nextCursor });
    }
    expect(seen.size).toBe(1_001);
    expect(page.threads.at(-1)!.body).toBe('Gammel 0');
  });

  it('limits the comments and replies one user writes (30 in 5 minutes), not anyone else’s', async () => {
    const { applicationId, sectionIds, companyId } = await startApplication();
    const sectionId = sectionIds[0]!;
    const { user, token } = await createUser(services);
    await services.db.insertInto('memberships').values({ company_id: companyId, user_id: user.id, role: 'employee' }).execute();
    const flooder = await callerFor(services, { token });
    const thread = await flooder.comments.add({ applicationId, sectionId, body: 'Første', mentionIds: [] });
    for (let index = 1; index < 30; index += 1) await flooder.comments.reply({ applicationId, threadId: thread.id, body: `Svar ${index}`, mentionIds: [cast.users.admin.id] });
    const before = await services.db.selectFrom('section_comments').select('id').where('section_id', '=', sectionId).execute();
    expect(await failureOf(flooder.comments.add({ applicationId, sectionId, body: 'En for meget', mentionIds: [cast.users.admin.id] }))).toMatchObject({ appCode: 'RATE_LIMITED' });
    expect(await failureOf(flooder.comments.reply({ applicationId, threadId: thread.id, body: 'En for meget', mentionIds: [] }))).toMatchObject({ appCode: 'RATE_LIMITED' });
    expect(await services.db.selectFrom('section_comments').select('id').where('section_id', '=', sectionId).execute()).toHaveLength(before.length);
    await cast.callers.reviewer.comments.add({ applicationId, sectionId, body: 'Jeg kan stadig skrive', mentionIds: [] });
  });

  it('a new thread by someone who may review, on a section in review, sets it to commented; anyone else’s leaves it', async () => {
    const { applicationId, sectionIds } = await startApplication();
    const sectionId = sectionIds[0]!;
    await setStatus(sectionId, 'need_review');
    await cast.callers.employee.comments.add({ applicationId, sectionId, body: 'Jeg har rettet tallet', mentionIds: [] });
    expect(await statusOf(sectionId)).toBe('need_review');
    await cast.callers.reviewer.comments.add({ applicationId, sectionId, body: 'Kilden mangler', mentionIds: [] });
    expect(await statusOf(sectionId)).toBe('commented');
    expect((await eventsOf(sectionId)).at(-1)).toEqual({ from_status: 'need_review', to_status: 'commented', reason: 'Kilden mangler', actor_id: cast.users.reviewer.id });
    // Not in review: the comment is only a comment.
    await cast.callers.reviewer.comments.add({ applicationId, sectionId, body: 'Og en til', mentionIds: [] });
    expect(await statusOf(sectionId)).toBe('commented');
    expect(await eventsOf(sectionId)).toHaveLength(1);
  });

  it('mentions resolve only to members of the company', async () => {
    const { applicationId, sectionIds } = await startApplication();
    const comment = await cast.callers.employee.comments.add({
      applicationId,
      sectionId: sectionIds[0]!,
      body: '@Reviewer og @Outsider, se her',
      mentionIds: [cast.users.reviewer.id, cast.users.outsider.id, cast.users.reviewer.id],
    });
    const mentions = await services.db.selectFrom('comment_mentions').select('user_id').where('comment_id', '=', comment.id).execute();
    expect(mentions.map((row) => row.user_id)).toEqual([cast.users.reviewer.id]);
    const { threads } = await cast.callers.employee.comments.threads({ applicationId, sectionId: sectionIds[0]! });
    expect(threads[0]!.mentions).toEqual([{ userId: cast.users.reviewer.id, name: 'Reviewer Tester' }]);
    // The mention waits for the reviewer until the thread is resolved; the outsider was never mentioned.
    const mentioning = async (actor: Actor) => (await cast.callers[actor].comments.mentioningMe()).filter((item) => item.applicationId === applicationId);
    expect((await mentioning('reviewer')).map((item) => [item.commentId, item.sectionTitle, item.authorName])).toEqual([[comment.id, 'Idé', 'Employee Tester']]);
    expect(await mentioning('outsider')).toEqual([]);
    await cast.callers.owner.comments.resolve({ applicationId, threadId: comment.id, resolved: true });
    expect(await mentioning('reviewer')).toEqual([]);
  });

  it('a user of another company cannot comment, reply, resolve or read (NOT_FOUND); ids of another application match nothing', async () => {
    const mine = await startApplication();
    const theirs = await startApplication();
    const thread = await cast.callers.employee.comments.add({ applicationId: theirs.applicationId, sectionId: theirs.sectionIds[0]!, body: 'Hej', mentionIds: [] });
    const outsider = cast.callers.outsider.comments;
    expect(await outcome(outsider.add({ applicationId: mine.applicationId, sectionId: mine.sectionIds[0]!, body: 'Hej', mentionIds: [] }))).toBe('NOT_FOUND');
    expect(await outcome(outsider.reply({ applicationId: theirs.applicationId, threadId: thread.id, body: 'Hej', mentionIds: [] }))).toBe('NOT_FOUND');
    expect(await outcome(outsider.resolve({ applicationId: theirs.applicationId, threadId: thread.id, resolved: true }))).toBe('NOT_FOUND');
    expect(await outcome(outsider.threads({ applicationId: theirs.applicationId, sectionId: theirs.sectionIds[0]! }))).toBe('NOT_FOUND');
    // A member of both, naming a section or thread of one application through the other.
    const member = cast.callers.employee.comments;
    expect(await outcome(member.add({ applicationId: mine.applicationId, sectionId: theirs.sectionIds[0]!, body: 'Hej', mentionIds: [] }))).toBe('NOT_FOUND');
    expect(await outcome(member.reply({ applicationId: mine.applicationId, threadId: thread.id, body: 'Hej', mentionIds: [] }))).toBe('NOT_FOUND');
    expect(await outcome(member.resolve({ applicationId: mine.applicationId, threadId: thread.id, resolved: true }))).toBe('NOT_FOUND');
    const rows = await services.db.selectFrom('section_comments').select('id').where('section_id', 'in', [...mine.sectionIds, ...theirs.sectionIds]).execute();
    expect(rows).toHaveLength(1);
  });

  it('a published application refuses new comments, replies and resolving', async () => {
    const { applicationId, sectionIds } = await startApplication();
    const thread = await cast.callers.employee.comments.add({ applicationId, sectionId: sectionIds[0]!, body: 'Før indsendelse', mentionIds: [] });
    for (const sectionId of sectionIds) await setStatus(sectionId, 'done');
    await cast.callers.owner.reviews.publish({ applicationId });
    expect(await outcome(cast.callers.employee.comments.add({ applicationId, sectionId: sectionIds[0]!, body: 'Efter', mentionIds: [] }))).toBe('CONFLICT');
    expect(await outcome(cast.callers.employee.comments.reply({ applicationId, threadId: thread.id, body: 'Efter', mentionIds: [] }))).toBe('CONFLICT');
    expect(await outcome(cast.callers.employee.comments.resolve({ applicationId, threadId: thread.id, resolved: true }))).toBe('CONFLICT');
  });
});

describe('a decision is the named reviewer’s, for the version they read', () => {
  async function sentToReview(by: Actor, reviewerIds: string[]) {
    const { applicationId, sectionIds } = await startApplication();
    const sectionId = sectionIds[0]!;
    const editor = cast.callers[by].applications;
    const first = await editor.section({ applicationId, sectionId });
    await editor.saveSection({ applicationId, sectionId, version: first.version, content: 'Vi søger DKK 1 million.', answers: {}, fulfilled: [] });
    await cast.callers[by].reviews.sendToReview({ applicationId, sectionId, reviewerIds });
    return { applicationId, sectionId };
  }

  it('an approval of a version someone saved over is CONFLICT; the new version can be approved', async () => {
    const { applicationId, sectionId } = await sentToReview('employee', [cast.users.reviewer.id]);
    const read = await cast.callers.reviewer.applications.section({ applicationId, sectionId });
    expect(read.content).toBe('Vi søger DKK 1 million.');
    await cast.callers.employee.applications.saveSection({ applicationId, sectionId, version: read.version, content: 'Vi søger DKK 9 millioner.', answers: {}, fulfilled: [] });
    expect(await failureOf(cast.callers.reviewer.reviews.approve({ applicationId, sectionId, version: read.version }))).toMatchObject({ appCode: 'CONFLICT', messageKey: 'reviews.refused.changed' });
    expect(await statusOf(sectionId)).toBe('need_review');
    const again = await cast.callers.reviewer.applications.section({ applicationId, sectionId });
    expect(again.content).toBe('Vi søger DKK 9 millioner.');
    expect((await cast.callers.reviewer.reviews.approve({ applicationId, sectionId, version: again.version })).status).toBe('approved');
  });

  it('a save after the approval sends the section back to its reviewers', async () => {
    const { applicationId, sectionId } = await sentToReview('employee', [cast.users.reviewer.id]);
    await cast.callers.reviewer.reviews.approve({ applicationId, sectionId, version: await versionOf(sectionId) });
    const saved = await cast.callers.employee.applications.saveSection({ applicationId, sectionId, version: await versionOf(sectionId), content: 'Vi søger DKK 9 millioner.', answers: {}, fulfilled: [] });
    expect(saved.status).toBe('need_review');
    expect((await eventsOf(sectionId)).at(-1)).toMatchObject({ from_status: 'approved', to_status: 'need_review', actor_id: cast.users.employee.id });
    const review = await cast.callers.reviewer.reviews.section({ applicationId, sectionId });
    expect(review.reviewers.map((reviewer) => reviewer.userId)).toEqual([cast.users.reviewer.id]);
    expect(review.mayDecide).toBe(true);
    expect((await cast.callers.reviewer.reviews.awaitingMe()).map((item) => item.sectionId)).toContain(sectionId);
  });

  it('only a named reviewer approves or rejects: an admin or owner not named is FORBIDDEN, and the sender cannot decide', async () => {
    const { applicationId, sectionId } = await sentToReview('owner', [cast.users.reviewer.id]);
    const version = await versionOf(sectionId);
    for (const actor of ['admin', 'owner'] as Actor[]) {
      expect(await failureOf(cast.callers[actor].reviews.approve({ applicationId, sectionId, version })), actor).toMatchObject({ appCode: 'FORBIDDEN', messageKey: 'reviews.refused.notNamed' });
      expect(await failureOf(cast.callers[actor].reviews.reject({ applicationId, sectionId, reason: 'Nej' })), actor).toMatchObject({ appCode: 'FORBIDDEN', messageKey: 'reviews.refused.notNamed' });
      expect((await cast.callers[actor].reviews.section({ applicationId, sectionId })).mayDecide).toBe(false);
    }
    expect(await statusOf(sectionId)).toBe('need_review');
    // A request naming its own sender (made before this rule) still cannot be decided by them.
    await services.db.insertInto('section_reviewers').values({ section_id: sectionId, user_id: cast.users.owner.id, requested_by: cast.users.owner.id }).execute();
    expect(await failureOf(cast.callers.owner.reviews.approve({ applicationId, sectionId, version }))).toMatchObject({ appCode: 'FORBIDDEN', messageKey: 'reviews.refused.ownRequest' });
    expect(await statusOf(sectionId)).toBe('need_review');
    expect((await cast.callers.reviewer.reviews.section({ applicationId, sectionId })).mayDecide).toBe(true);
    expect((await cast.callers.reviewer.reviews.approve({ applicationId, sectionId, version })).status).toBe('approved');
  });

  it('nobody sends a section to themselves; the picker offers every member whose role may review, except the one asking', async () => {
    const { applicationId, sectionIds, companyId } = await startApplication();
    const sectionId = sectionIds[0]!;
    await setStatus(sectionId, 'draft');
    expect(await failureOf(cast.callers.admin.reviews.sendToReview({ applicationId, sectionId, reviewerIds: [cast.users.admin.id, cast.users.reviewer.id] }))).toMatchObject({
      appCode: 'VALIDATION',
      fieldErrors: { reviewerIds: 'reviews.reviewer.self' },
    });
    expect(await statusOf(sectionId)).toBe('draft');
    // More reviewers than a page of a list: every one of them can be picked.
    const many = Array.from({ length: 230 }, (_, index) => ({ email: `gennemlaeser-${companyId}-${index}@example.test`, firstname: 'Gennemlæser', lastname: String(index).padStart(3, '0') }));
    const users = await services.db.insertInto('users').values(many.map((user) => ({ ...user, password_hash: 'x' }))).returning('id').execute();
    await services.db.insertInto('memberships').values(users.map((user) => ({ company_id: companyId, user_id: user.id, role: 'reviewer' as const }))).execute();
    const offered = (await cast.callers.admin.reviews.section({ applicationId, sectionId })).candidates.map((candidate) => candidate.userId);
    expect(offered).toHaveLength(232);
    expect(offered).not.toContain(cast.users.admin.id);
    expect(offered).toEqual(expect.arrayContaining([cast.users.owner.id, cast.users.reviewer.id, ...users.map((user) => user.id)]));
  });
});
