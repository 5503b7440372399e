/**
 * A person's data rights and retention, through the real procedures, the real worker processors
 * and the real download route: the archive holds what the person wrote; deleting the account
 * erases them — their name is in no text column afterwards — while the company keeps its work;
 * expired rows go, once, however many workers run the schedule.
 */
import type { Job, Worker } from 'bullmq';
import { unzipSync, strFromU8 } from 'fflate';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { exportsProcessor, retentionProcessor, scheduleRetention } from '../../worker/processors/data-rights';
import { createApplicationOf, createOpenGrant, nextOrgId } from './company-fixtures';
import { callerFor, createTestServices, createUser, failureOf, startWorker, waitFor, type TestServices } from './harness';

let services: TestServices;
let app: ReturnType<typeof createApp>;
const workers: Worker[] = [];
const log = pino({ level: 'silent' });

beforeAll(async () => {
  services = await createTestServices({ APP_URL: 'https://grantwork.example' });
  app = createApp(services);
  workers.push(startWorker(services, 'exports', exportsProcessor({ db: services.db, queues: services.queues, env: services.env, log })));
});
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.close()));
  await services.close();
});

async function team(name: string) {
  const grant = await createOpenGrant(services, { slug: `rights-${nextOrgId()}`, fund: 'Fonden', grant: 'Puljen' });
  return createApplicationOf(services, grant, { company: `${name} ApS`, application: `${name}s ansøgning` });
}

/** The archive behind the link of the newest "your data is ready" e-mail to `to`, unzipped. */
async function archiveMailedTo(to: string): Promise<Record<string, string>> {
  const email = await waitFor(() =>
    services.db.selectFrom('emails').select('params').where('recipient', '=', to).where('template', '=', 'dataExportReady').orderBy('created_at', 'desc').executeTakeFirst(),
  );
  const link = new URL((email.params as { link: string }).link);
  expect(link.origin).toBe('https://grantwork.example');
  const response = await app.request(link.pathname);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/zip');
  expect(response.headers.get('cache-control')).toBe('no-store');
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

/** Every row of every text, varchar and json column that contains `needle` (case-insensitive). */
async function columnsContaining(needle: string): Promise<string[]> {
  const columns = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')
  `.execute(services.db);
  const hits: string[] = [];
  for (const { table_name: table, column_name: column } of columns.rows) {
    const found = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where strpos(lower(${sql.ref(column)}::text), ${needle.toLowerCase()}) > 0`.execute(services.db);
    if (found.rows[0]!.n > 0) hits.push(`${table}.${column}`);
  }
  return hits;
}

describe('download my data', () => {
  it('gathers what the person wrote into a ZIP of JSON, with progress, a link e-mailed to their address that expires, and nobody else\'s data', async () => {
    const { owner, writer, applicationId, sectionId } = await team('Arkiv');
    const writerCaller = await callerFor(services, { token: writer.token });
    const section = await writerCaller.applications.section({ applicationId, sectionId });
    await writerCaller.applications.saveSection({ applicationId, sectionId, version: section.version, content: 'Vores varmepumpe halverer strømforbruget.', answers: {}, fulfilled: [] });
    await writerCaller.comments.add({ applicationId, sectionId, body: 'Skal vi nævne COP-tallet?', mentionIds: [] });

    const { exportId } = await writerCaller.dataRights.requestExport();
    const ready = await waitFor(async () => (await writerCaller.dataRights.exports()).find((row) => row.id === exportId && row.status === 'ready'));
    expect(ready.progress).toBe(100);
    expect(ready.bytes).toBeGreaterThan(100);
    expect(ready.expiresAt!.getTime() - ready.readyAt!.getTime()).toBe(48 * 3600 * 1000);

    const files = await archiveMailedTo(writer.user.email);
    expect(Object.keys(files).sort()).toEqual(
      ['README.txt', 'comments.json', 'grant-alerts.json', 'inbox.json', 'invitations-sent.json', 'memberships.json', 'profile.json', 'review-decisions-and-status-changes.json', 'sessions.json', 'texts-and-versions.json'].sort(),
    );
    expect(JSON.parse(files['profile.json']!)).toMatchObject({ email: writer.user.email, firstname: writer.user.firstname });
    expect(JSON.parse(files['texts-and-versions.json']!).map((text: { content: string }) => text.content)).toContain('Vores varmepumpe halverer strømforbruget.');
    expect(JSON.parse(files['comments.json']!)[0]).toMatchObject({ body: 'Skal vi nævne COP-tallet?', application: 'Arkivs ansøgning' });
    expect(JSON.parse(files['memberships.json']!)).toEqual([expect.objectContaining({ company: 'Arkiv ApS', role: 'employee' })]);
    expect(files['README.txt']).toMatch(/JSON/);
    // The co-owner is not in it: neither their address nor their name.
    const everything = Object.values(files).join('\n');
    expect(everything).not.toContain(owner.user.email);
    expect(everything).not.toContain(owner.user.lastname);
    // Nor the password's hash.
    expect(everything).not.toMatch(/argon2/);

    // Past its time the link leads to the profile, which says so.
    await services.db.updateTable('data_exports').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', exportId).execute();
    const email = await services.db.selectFrom('emails').select('params').where('template', '=', 'dataExportReady').where('recipient', '=', writer.user.email).executeTakeFirstOrThrow();
    const expired = await app.request(new URL((email.params as { link: string }).link).pathname);
    expect(expired.status).toBe(303);
    expect(expired.headers.get('location')).toBe('/profile?export=gone');
    expect((await app.request('/api/data-exports/not-a-token')).status).toBe(303);
  });

  it('an unverified address gets no archive: its link would go to an address nobody proved', async () => {
    const { token } = await createUser(services, { verified: false });
    expect(await failureOf((await callerFor(services, { token })).dataRights.requestExport())).toMatchObject({ code: 'FORBIDDEN', messageKey: 'auth.verify.required' });
  });

  it('an owner downloads the company\'s applications with their sections as stored', async () => {
    const { owner, applicationId, sectionId } = await team('Firma');
    await services.db.updateTable('application_sections').set({ content: 'Firmaets egen tekst.' }).where('id', '=', sectionId).execute();
    const ownerCaller = await callerFor(services, { token: owner.token });
    const companyId = (await services.db.selectFrom('applications').select('company_id').where('id', '=', applicationId).executeTakeFirstOrThrow()).company_id;
    await ownerCaller.dataRights.requestCompanyExport({ companyId });
    await waitFor(async () => (await ownerCaller.dataRights.companyExports({ companyId })).find((row) => row.status === 'ready'));
    const files = await archiveMailedTo(owner.user.email);
    const applications = JSON.parse(files['applications.json']!);
    expect(applications).toEqual([expect.objectContaining({ title: 'Firmas ansøgning', sections: [expect.objectContaining({ content: 'Firmaets egen tekst.' })] })]);
    expect(JSON.parse(files['company.json']!)).toMatchObject({ name: 'Firma ApS' });
    // Its final document as the Word and Excel files the page downloads.
    const documents = Object.keys(files).filter((name) => name.startsWith(`final-documents/${applicationId}/`));
    expect(documents.map((name) => name.split('.').pop()).sort()).toEqual(['docx', 'xlsx']);
  });
});

describe('deleting a company', () => {
  it('tells every other member with a verified address, in their language, who deleted it', async () => {
    const { owner, writer, applicationId } = await team('Lukket');
    const unverified = await createUser(services, { verified: false });
    const companyId = (await services.db.selectFrom('applications').select('company_id').where('id', '=', applicationId).executeTakeFirstOrThrow()).company_id;
    await services.db.insertInto('memberships').values({ company_id: companyId, user_id: unverified.user.id, role: 'employee' }).execute();
    await services.db.updateTable('users').set({ locale: 'en' }).where('id', '=', writer.user.id).execute();
    await (await callerFor(services, { token: owner.token })).companies.delete({ companyId });
    const notices = await services.db.selectFrom('emails').select(['recipient', 'locale', 'params']).where('template', '=', 'companyDeleted').where('params', '@>', { company: 'Lukket ApS' }).execute();
    expect(notices).toEqual([{ recipient: writer.user.email, locale: 'en', params: { company: 'Lukket ApS', by: `${owner.user.firstname} ${owner.user.lastname}` } }]);
    expect(await services.db.selectFrom('applications').select('id').where('id', '=', applicationId).execute()).toEqual([]);
  });
});

describe('delete my account', () => {
  it('erases the person everywhere while the co-owner keeps the application, its text and its versions', async () => {
    const { owner, writer, applicationId, sectionId } = await team('Sletning');
    const leaving = await createUser(services, { firstname: 'Bodil', lastname: 'Bortrejst', email: 'bodil.bortrejst@example.test' });
    const companyId = (await services.db.selectFrom('applications').select('company_id').where('id', '=', applicationId).executeTakeFirstOrThrow()).company_id;
    await services.db.insertInto('memberships').values({ company_id: companyId, user_id: leaving.user.id, role: 'owner' }).execute();
    const bodil = await callerFor(services, { token: leaving.token });
    const section = await bodil.applications.section({ applicationId, sectionId });
    await bodil.applications.saveSection({ applicationId, sectionId, version: section.version, content: 'Bodils afsnit om markedet.', answers: {}, fulfilled: [] });
    await bodil.comments.add({ applicationId, sectionId, body: 'Jeg har tjekket tallene.', mentionIds: [] });
    await bodil.invitations.create({ companyId, email: 'new.colleague@example.test', role: 'employee' });
    // A colleague names her in a comment.
    const ownerCaller = await callerFor(services, { token: owner.token });
    await ownerCaller.comments.add({ applicationId, sectionId, body: '@Bodil Bortrejst kan du se på budgettet?', mentionIds: [leaving.user.id] });

    expect(await failureOf(bodil.dataRights.deleteAccount({ password: 'not her password' }))).toMatchObject({ code: 'BAD_REQUEST', messageKey: 'dataRights.delete.wrongPassword' });
    expect(await bodil.dataRights.deleteAccount({ password: leaving.password })).toEqual({ deleted: true });

    // Her session ends at once, and the password no longer signs in.
    const me = await app.request('/trpc/auth.me', { headers: { authorization: `Bearer ${leaving.token}` } });
    expect(((await me.json()) as { result: { data: unknown } }).result.data).toMatchObject({ json: null });
    expect(await services.db.selectFrom('sessions').select('id').where('user_id', '=', leaving.user.id).execute()).toEqual([]);
    expect(await failureOf((await callerFor(services, null)).auth.login({ email: 'bodil.bortrejst@example.test', password: leaving.password }))).toMatchObject({ code: 'UNAUTHORIZED' });
    // The co-owner still has the application with her words, and the writer too.
    const kept = await ownerCaller.applications.section({ applicationId, sectionId });
    expect(kept.content).toBe('Bodils afsnit om markedet.');
    expect((await (await callerFor(services, { token: writer.token })).applications.section({ applicationId, sectionId })).content).toBe('Bodils afsnit om markedet.');
    const comments = await services.db.selectFrom('section_comments').select(['body', 'author_id']).where('section_id', '=', sectionId).orderBy('created_at').execute();
    expect(comments).toEqual([
      { body: 'Jeg har tjekket tallene.', author_id: null },
      { body: '@et tidligere medlem kan du se på budgettet?', author_id: owner.user.id },
    ]);
    // Her name and address are in no text column of any table.
    expect(await columnsContaining('Bortrejst')).toEqual([]);
    expect(await columnsContaining('bodil.bortrejst@example.test')).toEqual([]);
  });

  it('the last owner of a company with other members hands over first; a company with no other member goes with the account', async () => {
    const { owner, applicationId } = await team('Eneejer');
    const ownerCaller = await callerFor(services, { token: owner.token });
    const companyName = 'Eneejer ApS';
    expect(await ownerCaller.dataRights.deletionCheck()).toEqual({ blocking: [expect.objectContaining({ name: companyName })], goingWith: [] });
    expect(await failureOf(ownerCaller.dataRights.deleteAccount({ password: owner.password }))).toMatchObject({
      code: 'CONFLICT',
      messageKey: 'dataRights.delete.handOverFirst',
      values: { companies: companyName },
    });
    expect(await services.db.selectFrom('applications').select('id').where('id', '=', applicationId).execute()).toHaveLength(1);

    const alone = await createUser(services);
    const aloneCaller = await callerFor(services, { token: alone.token });
    const { id: companyId } = await aloneCaller.companies.create({ orgId: nextOrgId(), name: 'Alene ApS' });
    expect(await aloneCaller.dataRights.deletionCheck()).toEqual({ blocking: [], goingWith: [{ id: companyId, name: 'Alene ApS' }] });
    await aloneCaller.dataRights.deleteAccount({ password: alone.password });
    expect(await services.db.selectFrom('companies').select('id').where('id', '=', companyId).execute()).toEqual([]);
  });
});

describe('retention', () => {
  it('removes what is past its time and keeps the newest version of every section, however old', async () => {
    const { owner, sectionId } = await team('Gammel');
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600 * 1000);
    const old = await services.db
      .insertInto('emails')
      .values({ recipient: 'old@example.test', template: 'test', locale: 'da', status: 'sent', created_at: daysAgo(91) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const recent = await services.db
      .insertInto('emails')
      .values({ recipient: 'recent@example.test', template: 'test', locale: 'da', status: 'sent', created_at: daysAgo(89) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await services.db.insertInto('sessions').values({ id: `expired-${nextOrgId()}`, secret_hash: Buffer.alloc(32), user_id: owner.user.id, expires_at: daysAgo(1) }).execute();
    const versions = await services.db
      .insertInto('section_versions')
      .values([
        { section_id: sectionId, author_id: owner.user.id, content: 'Meget gammel', saved_at: daysAgo(800) },
        { section_id: sectionId, author_id: owner.user.id, content: 'Også gammel, men nyeste', saved_at: daysAgo(750) },
      ])
      .returning('id')
      .execute();

    // Two workers run the sweep for the same moment: the second finds nothing left to do.
    const sweep = retentionProcessor({ db: services.db, queues: services.queues, env: services.env, log });
    const job = { data: { at: now.toISOString() }, attemptsMade: 0, opts: {} } as unknown as Job;
    const [first, second] = await Promise.all([sweep(job), sweep(job)]);
    expect(first.emails! + second.emails!).toBe(1);
    expect(first.sectionVersions! + second.sectionVersions!).toBe(1);
    expect(first.sessions! + second.sessions!).toBeGreaterThanOrEqual(1);
    expect(await services.db.selectFrom('emails').select('id').where('id', 'in', [old.id, recent.id]).execute()).toEqual([{ id: recent.id }]);
    expect(await services.db.selectFrom('section_versions').select('content').where('id', 'in', versions.map((row) => row.id)).execute()).toEqual([{ content: 'Også gammel, men nyeste' }]);
    expect(await services.db.selectFrom('sessions').select('id').where('expires_at', '<=', now).execute()).toEqual([]);
  });

  it('every worker that starts sets the same one schedule', async () => {
    const queue = services.queues.queue('retention');
    await Promise.all([scheduleRetention(queue, services.env.installationId), scheduleRetention(queue, services.env.installationId)]);
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers.map((scheduler) => scheduler.key)).toEqual([`retention:${services.env.installationId}`]);
    expect(schedulers[0]!.every).toBe(3600 * 1000);
    await queue.removeJobScheduler(`retention:${services.env.installationId}`);
  });
});
