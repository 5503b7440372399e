/**
 * The team's plan (decision 0044) on real PostgreSQL and Redis: sections given only to members who
 * may write them; reminders at each step exactly once with a controlled clock, across two workers
 * sweeping at the same moment and a restart, none after locking, for a former member or an
 * unverified address; the digest e-mail in the reader's language unless turned off; and the
 * calendar feed's events, their updates and its renewal, and the end of a company's feed when
 * someone stops being its owner.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue, type Worker } from 'bullmq';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { createMailSender } from '../../src/server/integrations/mail/transport';
import { withInstallation } from '../../src/shared/jobs';
import { deadlinesProcessor, scheduleReminderSweep } from '../../worker/processors/deadlines';
import { notificationsProcessor } from '../../worker/processors/notifications';
import { readEmail } from '../eml';
import { readIcs } from '../ics-reader';
import { addDays, danishDate } from '../../src/shared/domain/deadlines';
import { createCast, createCompany, outcome, type Cast } from './company-fixtures';
import { callerFor, createTestServices, createUser, failureOf, startWorker, waitFor, type TestServices } from './harness';

let services: TestServices;
let cast: Cast;
let grantId: string;
let grantSectionIds: string[];
const stopped: Worker[] = [];

// The fund's deadline: 20 March 2031 at 12:00 in Copenhagen. The default internal one: 13 March.
const FUND_DEADLINE = new Date('2031-03-20T11:00:00Z');

beforeAll(async () => {
  services = await createTestServices({ NOTIFICATION_WINDOW_MS: '300', APP_URL: 'https://grantwork.example' });
  cast = await createCast(services);
  const fund = await services.db.insertInto('funds').values({ slug: 'fristfonden', name: 'Fristfonden' }).returning('id').executeTakeFirstOrThrow();
  const grant = await services.db
    .insertInto('grants')
    .values({ fund_id: fund.id, slug: 'frister', title: 'Fristpuljen', status: 'open', published_at: new Date(), deadline_at: FUND_DEADLINE })
    .returning('id')
    .executeTakeFirstOrThrow();
  grantId = grant.id;
  const sections = await services.db
    .insertInto('grant_sections')
    .values([
      { grant_id: grant.id, position: 0, kind: 'text', title: 'Idé', translations: JSON.stringify({ en: { title: 'Idea' } }) },
      { grant_id: grant.id, position: 1, kind: 'text', title: 'Marked', translations: JSON.stringify({ en: { title: 'Market' } }) },
    ])
    .returning('id')
    .execute();
  grantSectionIds = sections.map((section) => section.id);
  await services.db.insertInto('section_requirements').values({ grant_section_id: grantSectionIds[0]!, position: 0, text: 'Siger hvad der er nyt', translations: JSON.stringify({ en: { text: 'Says what is new' } }) }).execute();
});
afterAll(async () => {
  await Promise.all(stopped.map((worker) => worker.close()));
  await services.close();
});

async function startApplication(title: string) {
  const companyId = await createCompany(services, cast);
  const { id: applicationId } = await cast.callers.owner.applications.create({ companyId, grantId, title, language: 'da' });
  const { sections } = await cast.callers.owner.applications.get({ applicationId });
  return { companyId, applicationId, sectionIds: sections.map((section) => section.id) };
}

/** A controlled clock the sweeps read: tests move it, nothing sleeps. */
const clock = { now: new Date('2031-01-01T08:00:00Z') };
const at = (iso: string) => (clock.now = new Date(iso));

const deps = () => ({ db: services.db, queues: services.queues, bus: services.bus, notificationWindowMs: 300, now: () => clock.now });

/** Two workers' processors sweeping at the same moment, as two schedulers firing together would. */
async function sweepTwice() {
  const first = deadlinesProcessor(deps());
  const second = deadlinesProcessor(deps());
  const job = { data: {} } as Parameters<typeof first>[0];
  return Promise.all([first(job), second(job)]);
}

async function remindersOf(userId: string, applicationId: string) {
  const rows = await services.db
    .selectFrom('notifications')
    .select(['kind', 'excerpt', 'section_id as sectionId'])
    .where('user_id', '=', userId)
    .where('application_id', '=', applicationId)
    .where('kind', 'in', ['deadline', 'overdue'])
    .orderBy('created_at')
    .execute();
  return rows;
}

describe('giving a section to someone', () => {
  it('takes only members who may write it, and puts an item in the writer’s inbox', async () => {
    const { applicationId, sectionIds } = await startApplication('Tildelingen');
    const give = (writerId: string) => cast.callers.owner.deadlines.assign({ applicationId, sectionId: sectionIds[0]!, writerId, dueOn: '2031-03-10' });
    expect(await outcome(give(cast.users.reviewer.id))).toBe('VALIDATION');
    expect(await outcome(give(cast.users.outsider.id))).toBe('VALIDATION');
    expect(await outcome(cast.callers.reviewer.deadlines.assign({ applicationId, sectionId: sectionIds[0]!, writerId: cast.users.employee.id, dueOn: null }))).toBe('FORBIDDEN');
    expect(await outcome(cast.callers.outsider.deadlines.assign({ applicationId, sectionId: sectionIds[0]!, writerId: cast.users.employee.id, dueOn: null }))).toBe('NOT_FOUND');
    // Nothing changed by the refusals.
    expect((await cast.callers.owner.deadlines.plan({ applicationId })).sections[0]).toMatchObject({ writerId: null, dueOnSet: null, dueOn: '2031-03-13' });

    await give(cast.users.employee.id);
    const plan = await cast.callers.employee.deadlines.plan({ applicationId });
    expect(plan.sections[0]).toMatchObject({ writerId: cast.users.employee.id, writerName: 'Employee Tester', dueOn: '2031-03-10' });
    expect(plan.writers.map((writer) => writer.id).sort()).toEqual([cast.users.owner.id, cast.users.admin.id, cast.users.employee.id, cast.users.extra.id].sort());
    const inbox = await cast.callers.employee.notifications.inbox({});
    expect(inbox.items.filter((item) => item.applicationId === applicationId)).toMatchObject([{ kind: 'assigned', sectionTitle: 'Idé', actorName: 'Owner Tester' }]);
    // Giving it again to the same writer (a new date) is no new item.
    await cast.callers.owner.deadlines.assign({ applicationId, sectionId: sectionIds[0]!, writerId: cast.users.employee.id, dueOn: '2031-03-11' });
    expect((await cast.callers.employee.notifications.inbox({})).items.filter((item) => item.applicationId === applicationId)).toHaveLength(1);

    const mine = await cast.callers.employee.deadlines.mine();
    expect(mine.filter((section) => section.applicationId === applicationId)).toMatchObject([{ id: sectionIds[0], dueOn: '2031-03-11', title: 'Idé' }]);
  });

  it('refuses a due day that has passed, in plain words on the field, and takes today', async () => {
    const { applicationId, sectionIds } = await startApplication('Fortiden');
    // Days in Copenhagen: "yesterday" there, whatever the machine's zone.
    const today = danishDate(new Date());
    const give = (dueOn: string) => cast.callers.owner.deadlines.assign({ applicationId, sectionId: sectionIds[0]!, writerId: cast.users.employee.id, dueOn });
    const refused = await failureOf(give(addDays(today, -1)));
    expect(refused).toMatchObject({ appCode: 'VALIDATION', fieldErrors: { dueOn: 'deadlines.validation.duePast' } });
    expect((await failureOf(give('2020-05-01'))).fieldErrors).toEqual({ dueOn: 'deadlines.validation.duePast' });
    // Nothing was given by the refusals.
    expect((await cast.callers.owner.deadlines.plan({ applicationId })).sections[0]).toMatchObject({ writerId: null, dueOnSet: null });
    await give(today);
    expect((await cast.callers.owner.deadlines.plan({ applicationId })).sections[0]).toMatchObject({ writerId: cast.users.employee.id, dueOnSet: today });
  });

  it('moves the internal deadline, and back to the default a week before the fund’s', async () => {
    const { applicationId } = await startApplication('Intern frist');
    expect((await cast.callers.employee.deadlines.plan({ applicationId })).internalDeadline).toBe('2031-03-13');
    await cast.callers.employee.deadlines.setInternalDeadline({ applicationId, internalDeadline: '2031-03-06' });
    expect(await cast.callers.owner.deadlines.plan({ applicationId })).toMatchObject({ internalDeadline: '2031-03-06', internalDeadlineSet: '2031-03-06' });
    await cast.callers.employee.deadlines.setInternalDeadline({ applicationId, internalDeadline: null });
    expect(await cast.callers.owner.deadlines.plan({ applicationId })).toMatchObject({ internalDeadline: '2031-03-13', internalDeadlineSet: null });
    expect(await outcome(cast.callers.reviewer.deadlines.setInternalDeadline({ applicationId, internalDeadline: '2031-03-01' }))).toBe('FORBIDDEN');
  });
});

describe('reminders', () => {
  it('go at each step exactly once, across two workers at the same moment and a restart', async () => {
    // Only this application is within reach of the clock for this test's sweeps.
    await services.db.deleteFrom('applications').execute();
    const { applicationId, sectionIds } = await startApplication('Påmindelserne');
    await cast.callers.owner.deadlines.assign({ applicationId, sectionId: sectionIds[0]!, writerId: cast.users.employee.id, dueOn: null });

    // Two real workers on the queue, each with its own processor; then both sweep again by hand.
    const queue = new Queue('deadlines', { connection: services.redis, prefix: services.env.REDIS_PREFIX });
    const workers = [startWorker(services, 'deadlines', deadlinesProcessor(deps())), startWorker(services, 'deadlines', deadlinesProcessor(deps()))];
    at('2031-03-06T08:00:00Z'); // internal deadline in 7 days, the fund's in 14
    const jobs = await Promise.all([1, 2, 3, 4].map((n) => queue.add('deadlines', withInstallation({}, services.env.installationId), { jobId: `sweep-${n}` })));
    await waitFor(async () => (await Promise.all(jobs.map((job) => job.getState()))).every((state) => state === 'completed'), 20_000);
    await sweepTwice();
    const first = await remindersOf(cast.users.employee.id, applicationId);
    expect(first.map((row) => row.kind)).toEqual(['deadline', 'deadline']);
    expect(first.map((row) => row.excerpt).sort()).toEqual([
      'Den interne frist er om 7 dage (13. marts 2031). Ikke færdigt endnu: Idé og Marked.',
      'Fondens frist er om 14 dage (20. marts 2031 kl. 12.00). Ikke færdigt endnu: Idé og Marked.',
    ]);
    expect(await remindersOf(cast.users.owner.id, applicationId)).toHaveLength(2);
    // The admin writes nothing here and owns nothing; the reviewer neither.
    expect(await remindersOf(cast.users.admin.id, applicationId)).toHaveLength(0);
    expect(await remindersOf(cast.users.reviewer.id, applicationId)).toHaveLength(0);

    // Every worker schedules the sweep at start: the same schedule, once.
    await Promise.all([scheduleReminderSweep(queue, services.env.installationId), scheduleReminderSweep(queue, services.env.installationId)]);
    expect(await queue.getJobSchedulersCount()).toBe(1);
    await queue.removeJobScheduler(`deadline-reminders:${services.env.installationId}`);

    // A restart: the old workers gone, new ones sweeping at the same moment, write nothing more.
    await Promise.all(workers.map((worker) => worker.close()));
    const restarted = startWorker(services, 'deadlines', deadlinesProcessor(deps()));
    stopped.push(restarted);
    const again = await queue.add('deadlines', withInstallation({}, services.env.installationId), { jobId: 'sweep-after-restart' });
    await waitFor(async () => (await again.getState()) === 'completed', 20_000);
    expect(await remindersOf(cast.users.employee.id, applicationId)).toHaveLength(2);
    await queue.close();

    // Every day up to the fund's deadline, twice a day, two sweeps each time.
    for (let day = 6; day <= 21; day += 1) {
      for (const hour of ['08', '20']) {
        at(`2031-03-${String(day).padStart(2, '0')}T${hour}:00:00Z`);
        await sweepTwice();
      }
    }
    const keys = await services.db.selectFrom('deadline_reminders').select('key').where('user_id', '=', cast.users.employee.id).orderBy('key').execute();
    expect(keys.map((row) => row.key)).toEqual(
      [
        ...['14', '7', '2', '1', '0'].map((step) => `fund:${applicationId}:2031-03-20:${step}`),
        ...['7', '2', '1', '0'].map((step) => `internal:${applicationId}:2031-03-13:${step}`),
        // The section was due on the internal deadline and is not done.
        `overdue:${sectionIds[0]}:2031-03-13:overdue`,
      ].sort(),
    );
    const all = await remindersOf(cast.users.employee.id, applicationId);
    expect(all).toHaveLength(10);
    // The overdue item lists what the done rule still misses, in the reader's language.
    expect(all.find((row) => row.kind === 'overdue')).toMatchObject({ sectionId: sectionIds[0], excerpt: '1 dag over fristen. Mangler: teksten og kravet »Siger hvad der er nyt«.' });
    // The owner hears the same, and the one who writes nothing unfinished nothing.
    expect(await remindersOf(cast.users.owner.id, applicationId)).toHaveLength(10);
    expect(await remindersOf(cast.users.extra.id, applicationId)).toHaveLength(0);
  });

  it('say the days actually left at sending, counted in Copenhagen, not the step they go at', async () => {
    await services.db.deleteFrom('applications').execute();
    const { applicationId } = await startApplication('Tre dage');
    // 23:30 UTC on 9 March is 00:30 on 10 March in Copenhagen: the internal deadline (13 March) is
    // 3 days away there (4 by the UTC date), the fund's (20 March) 10. The first sweep sends the
    // 7- and 14-day steps, each saying what is left.
    at('2031-03-09T23:30:00Z');
    await sweepTwice();
    const rows = await remindersOf(cast.users.owner.id, applicationId);
    expect(rows.map((row) => row.excerpt).sort()).toEqual([
      'Den interne frist er om 3 dage (13. marts 2031). Ikke færdigt endnu: Idé og Marked.',
      'Fondens frist er om 10 dage (20. marts 2031 kl. 12.00). Ikke færdigt endnu: Idé og Marked.',
    ]);
    const keys = await services.db.selectFrom('deadline_reminders').select('key').where('user_id', '=', cast.users.owner.id).where('key', 'like', `%${applicationId}%`).orderBy('key').execute();
    expect(keys.map((row) => row.key)).toEqual([`fund:${applicationId}:2031-03-20:14`, `internal:${applicationId}:2031-03-13:7`]);
  });

  it('stop for a locked application, a former member and an unverified address', async () => {
    await services.db.deleteFrom('applications').execute();
    const locked = await startApplication('Låst');
    const open = await startApplication('Åben');
    const unverified = await createUser(services, { verified: false, firstname: 'Ulla' });
    await services.db.insertInto('memberships').values({ company_id: open.companyId, user_id: unverified.user.id, role: 'employee' }).execute();
    await cast.callers.owner.deadlines.assign({ applicationId: open.applicationId, sectionId: open.sectionIds[0]!, writerId: cast.users.employee.id, dueOn: null });
    await cast.callers.owner.deadlines.assign({ applicationId: open.applicationId, sectionId: open.sectionIds[1]!, writerId: unverified.user.id, dueOn: null });
    await cast.callers.owner.deadlines.assign({ applicationId: locked.applicationId, sectionId: locked.sectionIds[0]!, writerId: cast.users.employee.id, dueOn: null });
    await services.db.updateTable('applications').set({ status: 'published', published_at: new Date() }).where('id', '=', locked.applicationId).execute();
    // The employee leaves the open application's company.
    await services.db.deleteFrom('memberships').where('company_id', '=', open.companyId).where('user_id', '=', cast.users.employee.id).execute();

    at('2031-03-11T08:00:00Z'); // internal deadline in 2 days
    await sweepTwice();
    expect(await remindersOf(cast.users.owner.id, locked.applicationId)).toHaveLength(0);
    expect(await remindersOf(cast.users.employee.id, locked.applicationId)).toHaveLength(0);
    expect(await remindersOf(cast.users.employee.id, open.applicationId)).toHaveLength(0);
    expect(await remindersOf(unverified.user.id, open.applicationId)).toHaveLength(0);
    // The plan shows the section without its former writer.
    expect((await cast.callers.owner.deadlines.plan({ applicationId: open.applicationId })).sections[0]).toMatchObject({ writerId: null, writerName: null });
    // The owner still hears of the open one: internal deadline in 2 days, the fund's in 9.
    expect((await remindersOf(cast.users.owner.id, open.applicationId)).map((row) => row.kind)).toEqual(['deadline', 'deadline']);
  });

  it('arrive by e-mail in the reader’s language, unless they turned it off', async () => {
    await services.db.deleteFrom('applications').execute();
    const { applicationId, sectionIds } = await startApplication('Mailen');
    await services.db.updateTable('users').set({ locale: 'en' }).where('id', '=', cast.users.employee.id).execute();
    await cast.callers.owner.deadlines.updateReminderSettings({ emails: false });
    expect(await cast.callers.owner.deadlines.reminderSettings()).toEqual({ emails: false });
    await cast.callers.owner.deadlines.assign({ applicationId, sectionId: sectionIds[1]!, writerId: cast.users.employee.id, dueOn: null });
    const worker = startWorker(services, 'notifications', notificationsProcessor({ db: services.db, mail: createMailSender(services.env), log: pino({ level: 'silent' }), appUrl: 'https://grantwork.example' }));
    stopped.push(worker);

    at('2031-03-12T08:00:00Z'); // internal deadline tomorrow
    await sweepTwice();
    const mail = await waitFor(async () => {
      const rows = await services.db.selectFrom('emails').select('location').where('recipient', '=', cast.users.employee.email).where('template', '=', 'reviewDigest').where('status', '=', 'sent').execute();
      const texts = rows.map((row) => readEmail(row.location!)).join('\n');
      return texts.includes('The internal deadline is in 1 day') && texts.includes('assigned you') ? texts : null;
    }, 20_000);
    expect(mail).toContain('Deadline for “Mailen”: The internal deadline is in 1 day (March 13, 2031). Not done yet: Idea and Market.');
    expect(mail).toContain(`https://grantwork.example/applications/${applicationId}`);
    expect(mail).toContain('assigned you the section “Market” in “Mailen”');
    // The owner has the item in the inbox, never in an e-mail.
    const ownerItems = await services.db.selectFrom('notifications').select(['email_id']).where('user_id', '=', cast.users.owner.id).where('application_id', '=', applicationId).where('kind', '=', 'deadline').execute();
    // Internal deadline tomorrow, the fund's in 8 days (the 14-day step).
    expect(ownerItems).toHaveLength(2);
    expect(ownerItems.every((item) => item.email_id === null)).toBe(true);
    await cast.callers.owner.deadlines.updateReminderSettings({ emails: true });
    await services.db.updateTable('users').set({ locale: 'da' }).where('id', '=', cast.users.employee.id).execute();
  });
});

describe('the calendar feed', () => {
  it('holds the deadlines and one’s own sections, updates them with a higher SEQUENCE, and ends with a renewal', async () => {
    await services.db.deleteFrom('applications').execute();
    const { applicationId, sectionIds } = await startApplication('Kalenderen; del 1, ny');
    const clientDir = mkdtempSync(path.join(tmpdir(), 'gw-client-'));
    mkdirSync(path.join(clientDir, 'assets'));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><body></body></html>');
    const app = createApp(services, { clientDir });

    expect(await cast.callers.employee.deadlines.calendar()).toEqual({ url: null });
    const { url } = await cast.callers.employee.deadlines.makeCalendar({ renew: false });
    expect(url).toMatch(/^https:\/\/grantwork\.example\/api\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    // Asking again without renewing keeps the address.
    expect((await cast.callers.employee.deadlines.makeCalendar({ renew: false })).url).toBe(url);
    const fetchFeed = async (address: string) => {
      const response = await app.request(new URL(address).pathname);
      return { status: response.status, type: response.headers.get('content-type'), cache: response.headers.get('cache-control'), disposition: response.headers.get('content-disposition'), referrer: response.headers.get('referrer-policy'), text: await response.text() };
    };

    const first = await fetchFeed(url);
    // Named by the calendar's name in its reader's language, kept by no cache (the address is the credential).
    expect(first).toMatchObject({ status: 200, type: 'text/calendar; charset=utf-8', cache: 'no-store', referrer: 'no-referrer' });
    expect(first.disposition).toBe(`inline; filename="Grantwork-frister.ics"; filename*=UTF-8''Grantwork%20%E2%80%93%20frister.ics`);
    const events = readIcs(first.text).events;
    expect(events.map((event) => [event.uid, event.summary, event.start])).toEqual([
      [`fund-${applicationId}@grantwork`, 'Ansøgningsfrist: Kalenderen; del 1, ny', FUND_DEADLINE],
      [`internal-${applicationId}@grantwork`, 'Intern frist: Kalenderen; del 1, ny', '2031-03-13'],
    ]);

    // Given a section and moving the internal deadline: a new event, and the changed one's SEQUENCE goes up.
    const before = events.find((event) => event.uid.startsWith('internal-'))!.sequence;
    await cast.callers.owner.deadlines.assign({ applicationId, sectionId: sectionIds[0]!, writerId: cast.users.employee.id, dueOn: '2031-03-09' });
    await cast.callers.owner.deadlines.setInternalDeadline({ applicationId, internalDeadline: '2031-03-11' });
    await services.db.updateTable('users').set({ locale: 'en' }).where('id', '=', cast.users.employee.id).execute();
    const secondFeed = await fetchFeed(url);
    expect(secondFeed.disposition).toBe(`inline; filename="Grantwork-deadlines.ics"; filename*=UTF-8''Grantwork%20%E2%80%93%20deadlines.ics`);
    const second = readIcs(secondFeed.text);
    expect(second.properties.get('X-WR-CALNAME')).toBe('Grantwork – deadlines');
    const internal = second.events.find((event) => event.uid === `internal-${applicationId}@grantwork`)!;
    expect(internal).toMatchObject({ start: '2031-03-11', end: '2031-03-12', summary: 'Internal deadline: Kalenderen; del 1, ny' });
    expect(internal.sequence).toBeGreaterThan(before);
    expect(second.events.find((event) => event.uid === `section-${sectionIds[0]}@grantwork`)).toMatchObject({ start: '2031-03-09', summary: '“Idea” due (Kalenderen; del 1, ny)' });
    // Another member's feed does not hold the employee's section.
    const { url: ownerUrl } = await cast.callers.owner.deadlines.makeCalendar({ renew: false });
    expect(readIcs((await fetchFeed(ownerUrl)).text).events.map((event) => event.uid.split('-')[0])).toEqual(['fund', 'internal']);

    // The owners' company-wide feed names the writer of every given section.
    const { companyId } = (await services.db.selectFrom('applications').select('company_id as companyId').where('id', '=', applicationId).executeTakeFirstOrThrow());
    expect(await outcome(cast.callers.employee.deadlines.makeCompanyCalendar({ companyId, renew: false }))).toBe('FORBIDDEN');
    const company = await cast.callers.owner.deadlines.makeCompanyCalendar({ companyId, renew: false });
    expect((await cast.callers.owner.deadlines.companyCalendars()).find((row) => row.companyId === companyId)?.url).toBe(company.url);
    const companyFeed = readIcs((await fetchFeed(company.url)).text);
    expect(companyFeed.properties.get('X-WR-CALNAME')).toBe('Grantwork – frister for Testvirksomhed ApS');
    expect(companyFeed.events.map((event) => event.summary)).toEqual([
      'Ansøgningsfrist: Kalenderen; del 1, ny',
      'Intern frist: Kalenderen; del 1, ny',
      '»Idé« skal være færdigt – Employee Tester (Kalenderen; del 1, ny)',
    ]);

    // Renewing ends the old address at once.
    const renewed = await cast.callers.employee.deadlines.makeCalendar({ renew: true });
    expect(renewed.url).not.toBe(url);
    expect((await fetchFeed(url)).status).toBe(404);
    expect((await fetchFeed(renewed.url)).status).toBe(200);
    expect((await fetchFeed('https://x/api/calendar/not-a-token.ics')).status).toBe(404);
    await services.db.updateTable('users').set({ locale: 'da' }).where('id', '=', cast.users.employee.id).execute();
  });

  it('a company’s address ends when anyone stops being its owner; a person’s own holds only the companies they are in', async () => {
    const companyId = await createCompany(services, cast, { coOwned: true, name: 'Fælleseje ApS' });
    const { id: applicationId } = await cast.callers.owner.applications.create({ companyId, grantId, title: 'Ejerskiftet', language: 'da' });
    const clientDir = mkdtempSync(path.join(tmpdir(), 'gw-client-'));
    mkdirSync(path.join(clientDir, 'assets'));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><body></body></html>');
    const app = createApp(services, { clientDir });
    const fetchFeed = async (address: string) => {
      const response = await app.request(new URL(address).pathname);
      return { status: response.status, text: await response.text() };
    };
    const statusOf = async (address: string) => (await fetchFeed(address)).status;
    const coOwner = await callerFor(services, { token: cast.users.extra.token });
    const shownTo = async (caller: typeof coOwner) => (await caller.deadlines.companyCalendars()).find((row) => row.companyId === companyId)?.url;

    // The co-owner made the address; demoted to employee, they still know it: it ends at once.
    const made = await coOwner.deadlines.makeCompanyCalendar({ companyId, renew: false });
    expect(await statusOf(made.url)).toBe(200);
    expect(await shownTo(cast.callers.owner)).toBe(made.url);
    await cast.callers.owner.companies.changeRole({ companyId, userId: cast.users.extra.id, role: 'employee' });
    expect(await statusOf(made.url)).toBe(404);
    expect(await shownTo(cast.callers.owner)).toBeNull();
    expect(await shownTo(coOwner)).toBeUndefined();

    // The remaining owner makes a new one; a member who never saw it (not an owner) leaving leaves it be.
    const renewed = await cast.callers.owner.deadlines.makeCompanyCalendar({ companyId, renew: false });
    expect(renewed.url).not.toBe(made.url);
    await cast.callers.reviewer.companies.leave({ companyId });
    expect(await statusOf(renewed.url)).toBe(200);

    // An owner removed from the company: the address they were shown ends.
    await cast.callers.owner.companies.changeRole({ companyId, userId: cast.users.extra.id, role: 'owner' });
    expect(await shownTo(coOwner)).toBe(renewed.url);
    await cast.callers.owner.companies.removeMember({ companyId, userId: cast.users.extra.id });
    expect(await statusOf(renewed.url)).toBe(404);

    // An owner leaving of their own accord.
    await services.db.insertInto('memberships').values({ company_id: companyId, user_id: cast.users.extra.id, role: 'owner' }).execute();
    const third = await cast.callers.owner.deadlines.makeCompanyCalendar({ companyId, renew: false });
    expect(await statusOf(third.url)).toBe(200);
    await coOwner.companies.leave({ companyId });
    expect(await statusOf(third.url)).toBe(404);

    // And any other way a membership of an owner goes (an account deleted, ownership handed over): in the database itself.
    await services.db.insertInto('memberships').values({ company_id: companyId, user_id: cast.users.extra.id, role: 'owner' }).execute();
    const fourth = await cast.callers.owner.deadlines.makeCompanyCalendar({ companyId, renew: false });
    await services.db.updateTable('memberships').set({ role: 'admin' }).where('company_id', '=', companyId).where('user_id', '=', cast.users.extra.id).execute();
    expect(await statusOf(fourth.url)).toBe(404);
    const fifth = await cast.callers.owner.deadlines.makeCompanyCalendar({ companyId, renew: false });
    await services.db.updateTable('memberships').set({ role: 'owner' }).where('company_id', '=', companyId).where('user_id', '=', cast.users.extra.id).execute();
    expect(await statusOf(fifth.url)).toBe(200);
    await services.db.deleteFrom('memberships').where('company_id', '=', companyId).where('user_id', '=', cast.users.extra.id).execute();
    expect(await statusOf(fifth.url)).toBe(404);

    // A person's own address is read against their memberships on every fetch: once they leave, it
    // holds nothing of that company, while still serving the companies they are in.
    const { url: own } = await cast.callers.employee.deadlines.makeCalendar({ renew: false });
    const applicationsIn = async (address: string) => readIcs((await fetchFeed(address)).text).events.filter((event) => event.uid.endsWith(`-${applicationId}@grantwork`)).length;
    expect(await applicationsIn(own)).toBe(2); // the fund’s deadline and the internal one
    await cast.callers.employee.companies.leave({ companyId });
    expect(await statusOf(own)).toBe(200);
    expect(await applicationsIn(own)).toBe(0);
  });
});
