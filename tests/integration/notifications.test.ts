/**
 * Review notifications through the real queue and worker: who hears about what, in their own
 * language, each kind turned off on the profile, and a burst of comments gathered into one e-mail.
 */
import type { Worker } from 'bullmq';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailSender } from '../../src/server/integrations/mail/transport';
import { notificationsProcessor } from '../../worker/processors/notifications';
import { readEmail } from '../eml';
import { createCast, createCompany, type Cast } from './company-fixtures';
import { callerFor, createTestServices, createUser, startWorker, waitFor, type TestServices } from './harness';

let services: TestServices;
let cast: Cast;
let grantId: string;
let workers: Worker[];

// Long enough for ten calls from this process to land in one window on a busy machine.
const WINDOW_MS = 6000;

beforeAll(async () => {
  services = await createTestServices({ NOTIFICATION_WINDOW_MS: String(WINDOW_MS), APP_URL: 'https://grantwork.example' });
  cast = await createCast(services);
  const fund = await services.db.insertInto('funds').values({ slug: 'beskedfonden', name: 'Beskedfonden' }).returning('id').executeTakeFirstOrThrow();
  const grant = await services.db
    .insertInto('grants')
    .values({ fund_id: fund.id, slug: 'beskeder', title: 'Beskedpuljen', status: 'open', published_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  grantId = grant.id;
  // Titled in every language: each e-mail names the section in its reader's.
  await services.db
    .insertInto('grant_sections')
    .values({ grant_id: grant.id, position: 0, kind: 'text', title: 'Idé', translations: JSON.stringify({ en: { title: 'Idea' }, nb: { title: 'Idéen' } }) })
    .execute();
  const deps = { db: services.db, mail: createMailSender(services.env), log: pino({ level: 'silent' }) };
  workers = [startWorker(services, 'notifications', notificationsProcessor({ ...deps, appUrl: 'https://grantwork.example' }))];
});
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.close()));
  await services.close();
});

async function startApplication() {
  const companyId = await createCompany(services, cast);
  const { id: applicationId } = await cast.callers.employee.applications.create({ companyId, grantId, title: 'Vindmøllen', language: 'da' });
  const [section] = (await cast.callers.employee.applications.get({ applicationId })).sections;
  await services.db.updateTable('application_sections').set({ status: 'draft', content: 'Tekst' }).where('id', '=', section!.id).execute();
  return { applicationId, sectionId: section!.id };
}

async function setLocale(user: keyof Cast['users'], locale: 'da' | 'en' | 'nb') {
  await services.db.updateTable('users').set({ locale }).where('id', '=', cast.users[user].id).execute();
}

/** The digest e-mails sent to the user so far, oldest first, once every notification of theirs has gone out. */
async function digestsTo(user: keyof Cast['users']) {
  const { id, email } = cast.users[user];
  await waitFor(async () => {
    const waiting = await services.db.selectFrom('notifications').select('id').where('user_id', '=', id).where('email_id', 'is', null).where('emailed_at', 'is', null).execute();
    const unsent = await services.db.selectFrom('emails').select('id').where('recipient', '=', email).where('template', '=', 'reviewDigest').where('status', '<>', 'sent').execute();
    return waiting.length === 0 && unsent.length === 0;
  }, 30_000);
  const rows = await services.db.selectFrom('emails').select(['locale', 'location']).where('recipient', '=', email).where('template', '=', 'reviewDigest').orderBy('created_at').execute();
  return rows.map((row) => ({ locale: row.locale, text: readEmail(row.location!) }));
}

/** Every e-mail of the user from here on: marks what was sent before. */
async function sentBefore(user: keyof Cast['users']) {
  return (await digestsTo(user)).length;
}

describe('review notifications', () => {
  it('tells a reviewer who was asked, in their language, with a link to the section', async () => {
    await setLocale('reviewer', 'nb');
    const before = await sentBefore('reviewer');
    const { applicationId, sectionId } = await startApplication();
    await cast.callers.employee.reviews.sendToReview({ applicationId, sectionId, reviewerIds: [cast.users.reviewer.id] });
    const mails = await waitFor(async () => {
      const all = await digestsTo('reviewer');
      return all.length > before ? all.slice(before) : null;
    }, 30_000);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.locale).toBe('nb');
    expect(mails[0]!.text).toContain('Employee Tester har bedt deg gå gjennom delen «Idéen» i «Vindmøllen».');
    expect(mails[0]!.text).toContain(`https://grantwork.example/applications/${applicationId}/${sectionId}`);
    expect(mails[0]!.text).toContain('https://grantwork.example/profile');
  });

  it('tells the writer who sent the section to review whether it was approved or not, with the reason', async () => {
    await setLocale('employee', 'da');
    const before = await sentBefore('employee');
    const first = await startApplication();
    await cast.callers.employee.reviews.sendToReview({ ...first, reviewerIds: [cast.users.reviewer.id] });
    await cast.callers.reviewer.reviews.reject({ ...first, reason: 'Tallene mangler' });
    const second = await startApplication();
    await cast.callers.employee.reviews.sendToReview({ ...second, reviewerIds: [cast.users.reviewer.id] });
    const read = await cast.callers.reviewer.applications.section(second);
    await cast.callers.reviewer.reviews.approve({ ...second, version: read.version });
    const text = await waitFor(async () => {
      const all = (await digestsTo('employee')).slice(before);
      const joined = all.map((mail) => mail.text).join('\n');
      return joined.includes('har godkendt') && joined.includes('har ikke godkendt') ? joined : null;
    }, 30_000);
    expect(text).toContain('Reviewer Tester har ikke godkendt afsnittet »Idé« i »Vindmøllen«. Begrundelse: »Tallene mangler«');
    expect(text).toContain('Reviewer Tester har godkendt afsnittet »Idé« i »Vindmøllen«.');
  });

  it('gathers ten mentions within the window into one e-mail', async () => {
    await setLocale('admin', 'en');
    const before = await sentBefore('admin');
    const { applicationId, sectionId } = await startApplication();
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        cast.callers.employee.comments.add({ applicationId, sectionId, body: `@Admin Tester punkt ${index + 1}`, mentionIds: [cast.users.admin.id] }),
      ),
    );
    const mails = await waitFor(async () => {
      const all = (await digestsTo('admin')).slice(before);
      return all.length > 0 ? all : null;
    }, 30_000);
    expect(mails).toHaveLength(1);
    const notifications = await services.db.selectFrom('notifications').select('email_id').where('user_id', '=', cast.users.admin.id).where('application_id', '=', applicationId).execute();
    expect(notifications).toHaveLength(10);
    expect(new Set(notifications.map((row) => row.email_id)).size).toBe(1);
    expect(mails[0]!.text).toContain('Subject: 10 new notifications about your applications');
    expect(mails[0]!.text).toContain('Employee Tester mentioned you in a comment on “Idea” in “Vindmøllen”');
    for (let index = 1; index <= 10; index += 1) expect(mails[0]!.text).toContain(`«@Admin Tester punkt ${index}»`.replace('«', '“').replace('»', '”'));
    // Nothing more is scheduled for the admin: the one e-mail carried everything.
    expect(await services.queues.queue('notifications').getDelayedCount()).toBe(0);
  });

  it('sends nothing of a kind the person turned off, nor to the one who acted, nor to a non-member', async () => {
    const extra = await callerFor(services, { token: cast.users.extra.token });
    await extra.notifications.updateSettings({ reviewRequests: true, mentions: false, reviewResults: true });
    expect(await extra.notifications.settings()).toEqual({ reviewRequests: true, mentions: false, reviewResults: true });
    const { applicationId, sectionId } = await startApplication();
    await cast.callers.employee.comments.add({
      applicationId,
      sectionId,
      body: 'Til @Extra Tester, @Employee Tester og @Outsider Tester',
      mentionIds: [cast.users.extra.id, cast.users.employee.id, cast.users.outsider.id],
    });
    const recorded = await services.db.selectFrom('notifications').select('user_id').where('application_id', '=', applicationId).execute();
    expect(recorded).toEqual([]);
    // A kind still on is recorded and sent.
    await cast.callers.employee.reviews.sendToReview({ applicationId, sectionId, reviewerIds: [cast.users.reviewer.id, cast.users.owner.id] });
    const after = await services.db.selectFrom('notifications').select(['user_id', 'kind']).where('application_id', '=', applicationId).orderBy('user_id').execute();
    expect(after.map((row) => row.kind)).toEqual(['review_request', 'review_request']);
    expect(new Set(after.map((row) => row.user_id))).toEqual(new Set([cast.users.reviewer.id, cast.users.owner.id]));
  });

  it('sends nothing to a member whose e-mail address is not verified: company mail needs a proven address', async () => {
    await services.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', cast.users.reviewer.id).execute();
    try {
      const { applicationId, sectionId } = await startApplication();
      await cast.callers.employee.reviews.sendToReview({ applicationId, sectionId, reviewerIds: [cast.users.reviewer.id, cast.users.owner.id] });
      const recorded = await services.db.selectFrom('notifications').select('user_id').where('application_id', '=', applicationId).execute();
      expect(recorded.map((row) => row.user_id)).toEqual([cast.users.owner.id]);
    } finally {
      await services.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', cast.users.reviewer.id).execute();
    }
  });

  it('never sends a notification twice when its job runs again', async () => {
    const { applicationId, sectionId } = await startApplication();
    await cast.callers.employee.reviews.sendToReview({ applicationId, sectionId, reviewerIds: [cast.users.owner.id] });
    await digestsTo('owner');
    const processor = notificationsProcessor({ db: services.db, mail: createMailSender(services.env), log: pino({ level: 'silent' }), appUrl: 'https://grantwork.example' });
    const rerun = await processor({ data: { userId: cast.users.owner.id }, attemptsMade: 0, opts: { attempts: 5 } } as never);
    expect(rerun).toEqual({ notifications: 0, emails: 0 });
  });

  it('e-mails each item once, also after the e-mail that carried it was erased with a person it names', async () => {
    await setLocale('employee', 'da');
    const { user: reviewer, token } = await createUser(services, { firstname: 'Vera', lastname: 'Gone' });
    const { applicationId, sectionId } = await startApplication();
    const companyId = (await services.db.selectFrom('applications').select('company_id').where('id', '=', applicationId).executeTakeFirstOrThrow()).company_id;
    await services.db.insertInto('memberships').values({ company_id: companyId, user_id: reviewer.id, role: 'reviewer' }).execute();
    const vera = await callerFor(services, { token });
    const before = await sentBefore('employee');
    await cast.callers.employee.reviews.sendToReview({ applicationId, sectionId, reviewerIds: [reviewer.id] });
    const read = await vera.applications.section({ applicationId, sectionId });
    await vera.reviews.approve({ applicationId, sectionId, version: read.version });
    const first = await waitFor(async () => {
      const all = (await digestsTo('employee')).slice(before);
      return all.length > 0 ? all : null;
    }, 30_000);
    expect(first).toHaveLength(1);
    expect(first[0]!.text).toContain('Vera Gone har godkendt afsnittet »Idé« i »Vindmøllen«.');

    // The reviewer deletes her account: the e-mail that names her goes with her (decision 0043).
    await vera.dataRights.deleteAccount({ password: 'correct horse battery staple' });
    // A new item for the writer: the next digest carries it alone, not the approval again.
    await cast.callers.owner.comments.add({ applicationId, sectionId, body: '@Employee Tester se her', mentionIds: [cast.users.employee.id] });
    const next = await waitFor(async () => {
      const rows = await services.db
        .selectFrom('emails')
        .select(['location', 'status'])
        .where('recipient', '=', cast.users.employee.email)
        .where('template', '=', 'reviewDigest')
        .orderBy('created_at')
        .execute();
      const texts = rows.filter((row) => row.status === 'sent').map((row) => readEmail(row.location!));
      return texts.find((text) => text.includes('se her')) ?? null;
    }, 30_000);
    expect(next).toContain('Owner Tester nævnte dig i en kommentar til »Idé« i »Vindmøllen«');
    expect(next).not.toContain('godkendt');
    const items = await services.db.selectFrom('notifications').select(['kind', 'emailed_at']).where('user_id', '=', cast.users.employee.id).where('application_id', '=', applicationId).orderBy('created_at').execute();
    expect(items.map((item) => item.kind)).toEqual(['approved', 'mention']);
    expect(items.every((item) => item.emailed_at !== null)).toBe(true);
  });

  it('a digest sent after the recipient left the company says nothing of its sections', async () => {
    const { user } = await createUser(services, { firstname: 'Ruth', lastname: 'Removed' });
    const { applicationId, sectionId } = await startApplication();
    const companyId = (await services.db.selectFrom('applications').select('company_id').where('id', '=', applicationId).executeTakeFirstOrThrow()).company_id;
    await services.db.insertInto('memberships').values({ company_id: companyId, user_id: user.id, role: 'reviewer' }).execute();
    await cast.callers.employee.reviews.sendToReview({ applicationId, sectionId, reviewerIds: [user.id] });
    expect(await services.db.selectFrom('notifications').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1);
    await cast.callers.owner.companies.removeMember({ companyId, userId: user.id });
    // The digest is made when the window ends, after the removal.
    const processor = notificationsProcessor({ db: services.db, mail: createMailSender(services.env), log: pino({ level: 'silent' }), appUrl: 'https://grantwork.example' });
    expect(await processor({ data: { userId: user.id }, attemptsMade: 0, opts: { attempts: 5 } } as never)).toEqual({ notifications: 0, emails: 0 });
    expect(await services.db.selectFrom('notifications').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await services.db.selectFrom('emails').select('id').where('recipient', '=', user.email).execute()).toEqual([]);
  });

  it('cuts a flood of 150 mentions to a readable digest that names how many more and links to them, carrying all of them', async () => {
    const { user } = await createUser(services, { firstname: 'Flora', lastname: 'Flood' });
    const { applicationId, sectionId } = await startApplication();
    const companyId = (await services.db.selectFrom('applications').select('company_id').where('id', '=', applicationId).executeTakeFirstOrThrow()).company_id;
    await services.db.insertInto('memberships').values({ company_id: companyId, user_id: user.id, role: 'employee' }).execute();
    const excerpt = `${'Fem kilobyte kommentar '.repeat(8)}…`;
    await services.db
      .insertInto('notifications')
      .values(Array.from({ length: 150 }, () => ({ user_id: user.id, kind: 'mention', application_id: applicationId, company_id: companyId, section_id: sectionId, actor_id: cast.users.employee.id, excerpt })))
      .execute();
    const processor = notificationsProcessor({ db: services.db, mail: createMailSender(services.env), log: pino({ level: 'silent' }), appUrl: 'https://grantwork.example' });
    expect(await processor({ data: { userId: user.id }, attemptsMade: 0, opts: { attempts: 5 } } as never)).toEqual({ notifications: 150, emails: 1 });
    const mail = await services.db.selectFrom('emails').select(['status', 'location']).where('recipient', '=', user.email).executeTakeFirstOrThrow();
    expect(mail.status).toBe('sent');
    const text = readEmail(mail.location!);
    expect(text.length).toBeLessThan(15_000);
    expect(text).toContain('…og 140 beskeder mere. Se dem alle på din oversigt:\nhttps://grantwork.example/applications');
    const carried = await services.db.selectFrom('notifications').select('email_id').where('user_id', '=', user.id).execute();
    expect(carried.every((row) => row.email_id !== null)).toBe(true);
  });
});
