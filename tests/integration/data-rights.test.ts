/**
 * A person's data rights and retention, through the real procedures, the real worker processors
 * and the real download route: the archive holds what the person wrote, in words (field labels,
 * section titles, statuses), stored in parts as the worker writes it; deleting the account
 * erases them — their name is in no text column afterwards — while the company keeps its work;
 * expired rows go, once, however many workers run the schedule.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Job, Worker } from 'bullmq';
import { unzipSync, strFromU8 } from 'fflate';
import JSZip from 'jszip';
import { Migrator, sql, type Migration } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { migrationsDir } from '../../src/server/db/migrate';
import { createDb } from '../../src/server/db/db';
import { serverUrl } from '../../src/server/db/scratch-database';
import { createMailSender } from '../../src/server/integrations/mail/transport';
import { exportsProcessor, retentionProcessor, scheduleRetention } from '../../worker/processors/data-rights';
import { emailProcessor } from '../../worker/processors/email';
import { linkIn, readEmail } from '../eml';
import { createApplicationOf, createOpenGrant, nextOrgId, outcome } from './company-fixtures';
import { callerFor, createTestServices, createUser, failureOf, startWorker, waitFor, type TestServices } from './harness';

let services: TestServices;
let app: ReturnType<typeof createApp>;
const workers: Worker[] = [];
const log = pino({ level: 'silent' });
/** Archives are stored in parts of this size here (1 MB in the product), so a test sees several. */
const PART_BYTES = 16 * 1024;

beforeAll(async () => {
  services = await createTestServices({ APP_URL: 'https://grantwork.example' });
  app = createApp(services);
  workers.push(startWorker(services, 'exports', exportsProcessor({ db: services.db, queues: services.queues, env: services.env, log, partBytes: PART_BYTES })));
  workers.push(startWorker(services, 'email', emailProcessor({ db: services.db, mail: createMailSender(services.env), log })));
});
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.close()));
  await services.close();
});

async function team(name: string) {
  const grant = await createOpenGrant(services, { slug: `rights-${nextOrgId()}`, fund: 'Fonden', grant: 'Puljen' });
  return createApplicationOf(services, grant, { company: `${name} ApS`, application: `${name}s ansøgning` });
}

type Template = 'dataExportReady' | 'companyExportReady';

/**
 * The .eml file of the newest e-mail of `template` to `to` recorded since `since` (the e-mail of an
 * archive asked for then), once the worker has written it.
 */
function sentArchiveEmail(to: string, template: Template, since: Date): Promise<string> {
  return waitFor(async () => {
    const email = await services.db
      .selectFrom('emails')
      .select(['status', 'location'])
      .where('recipient', '=', to)
      .where('template', '=', template)
      .where('created_at', '>=', since.toISOString())
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    return email?.status === 'sent' && email.location;
  });
}

/** The download link in the newest archive e-mail to `to`, as its reader sees it. */
async function archiveLinkMailedTo(to: string, template: Template = 'dataExportReady', since = new Date(0)): Promise<URL> {
  const link = linkIn(await sentArchiveEmail(to, template, since), 'https://grantwork.example/api/data-exports/');
  expect(link).not.toBeNull();
  return new URL(link!);
}

/** The ZIP behind the link of the newest archive e-mail to `to`, as the download route sends it. */
async function archiveBytesMailedTo(to: string, template: Template = 'dataExportReady', since = new Date(0)): Promise<Uint8Array> {
  const link = await archiveLinkMailedTo(to, template, since);
  const response = await app.request(link.pathname);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/zip');
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="grantwork-(my-data|company)-\d{4}-\d{2}-\d{2}\.zip"$/);
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(Number(response.headers.get('content-length'))).toBe(bytes.byteLength);
  return bytes;
}

/** The archive behind the link of the newest archive e-mail to `to`, unzipped. */
async function archiveMailedTo(to: string, template: Template = 'dataExportReady', since = new Date(0)): Promise<Record<string, string>> {
  const files = unzipSync(await archiveBytesMailedTo(to, template, since));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

/** The text part of the newest archive e-mail to `to`, as the worker wrote it to its .eml file. */
async function mailText(to: string, template: Template, since = new Date(0)): Promise<string> {
  const parts = readEmail(await sentArchiveEmail(to, template, since)).split(/^Content-Type: /im);
  const text = parts.find((part) => part.startsWith('text/plain'));
  expect(text).toBeDefined();
  return text!;
}

/** A section field (a date) with a Danish label and an English one, and the section's English title. */
async function dateFieldOf(grantSectionId: string): Promise<string> {
  await services.db.updateTable('grant_sections').set({ translations: JSON.stringify({ en: { title: 'Idea' } }) }).where('id', '=', grantSectionId).execute();
  const input = await services.db
    .insertInto('section_inputs')
    .values({ grant_section_id: grantSectionId, position: 0, label: 'Projektets slutdato', type: 'date', required: false, translations: JSON.stringify({ en: { label: 'Project end date' } }) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return input.id;
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
    expect(Date.parse(ready.expiresAt!) - Date.parse(ready.readyAt!)).toBe(48 * 3600 * 1000);

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

    // The profile's button hands out the same archive with the session, and to nobody else.
    const mine = await app.request(`/api/my-data-exports/${exportId}`, { headers: { authorization: `Bearer ${writer.token}` } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-disposition')).toMatch(/^attachment; filename="grantwork-my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(Object.keys(unzipSync(new Uint8Array(await mine.arrayBuffer()))).sort()).toEqual(Object.keys(files).sort());
    expect((await app.request(`/api/my-data-exports/${exportId}`, { headers: { authorization: `Bearer ${owner.token}` } })).status).toBe(404);

    // Past its time the link leads to the profile, which says so.
    await services.db.updateTable('data_exports').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', exportId).execute();
    const expired = await app.request((await archiveLinkMailedTo(writer.user.email)).pathname);
    expect(expired.status).toBe(303);
    expect(expired.headers.get('location')).toBe('/profile?export=gone');
    expect((await app.request('/api/data-exports/not-a-token')).status).toBe(303);
  });

  it('the e-mail greets the person once, in the layout, and says why it came', async () => {
    const { writer } = await team('Hilsen');
    const since = new Date();
    await (await callerFor(services, { token: writer.token })).dataRights.requestExport();
    const text = await mailText(writer.user.email, 'dataExportReady', since);
    expect(text.match(/\bHej\b/g)).toHaveLength(1);
    expect(text).toContain(`Hej ${writer.user.firstname}\n\nDe data, du bad om, er samlet i en ZIP-fil.`);
    expect(text).toContain('fordi du bad om dine data');
  });

  it('shows each answer by its field\'s label, each section by its title and each status change in words, in the person\'s language', async () => {
    const { writer, applicationId, sectionId } = await team('Ord');
    const grantSectionId = (await services.db.selectFrom('application_sections').select('grant_section_id').where('id', '=', sectionId).executeTakeFirstOrThrow()).grant_section_id;
    const fieldId = await dateFieldOf(grantSectionId);
    const writerCaller = await callerFor(services, { token: writer.token });
    const section = await writerCaller.applications.section({ applicationId, sectionId });
    await writerCaller.applications.saveSection({ applicationId, sectionId, version: section.version, content: 'Projektet slutter i 2028.', answers: { [fieldId]: '2028-08-31' }, fulfilled: [] });

    const inDanish = new Date();
    await writerCaller.dataRights.requestExport();
    const danish = await archiveMailedTo(writer.user.email, 'dataExportReady', inDanish);
    expect(JSON.parse(danish['texts-and-versions.json']!)).toEqual([
      expect.objectContaining({ application: 'Ords ansøgning', section: 'Idé', content: 'Projektet slutter i 2028.', answers: [{ field: 'Projektets slutdato', fieldId, answer: '2028-08-31' }] }),
    ]);
    expect(JSON.parse(danish['review-decisions-and-status-changes.json']!)).toEqual([
      expect.objectContaining({ application: 'Ords ansøgning', section: 'Idé', from: 'Ikke startet', to: 'Klar til at blive færdig', fromCode: 'not_started', toCode: 'validated' }),
    ]);
    expect(danish['texts-and-versions.json']).not.toContain(`"${fieldId}":`);

    await services.db.updateTable('users').set({ locale: 'en' }).where('id', '=', writer.user.id).execute();
    const inEnglish = new Date();
    await writerCaller.dataRights.requestExport();
    const english = await archiveMailedTo(writer.user.email, 'dataExportReady', inEnglish);
    expect(JSON.parse(english['texts-and-versions.json']!)).toEqual([
      expect.objectContaining({ section: 'Idea', answers: [{ field: 'Project end date', fieldId, answer: '2028-08-31' }] }),
    ]);
    expect(JSON.parse(english['review-decisions-and-status-changes.json']!)).toEqual([expect.objectContaining({ section: 'Idea', from: 'Not started', to: 'Ready to be done' })]);
    expect(english['README.txt']).toMatch(/^These are your data from Grantwork/);
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
    const files = await archiveMailedTo(owner.user.email, 'companyExportReady');
    const applications = JSON.parse(files['applications.json']!);
    expect(applications).toEqual([
      expect.objectContaining({ title: 'Firmas ansøgning', sections: [expect.objectContaining({ title: 'Idé', status: 'Ikke startet', statusCode: 'not_started', content: 'Firmaets egen tekst.' })] }),
    ]);
    expect(JSON.parse(files['company.json']!)).toMatchObject({ name: 'Firma ApS' });
    // Its final document as the Word and Excel files the page downloads.
    const documents = Object.keys(files).filter((name) => name.startsWith(`final-documents/${applicationId}/`));
    expect(documents.map((name) => name.split('.').pop()).sort()).toEqual(['docx', 'xlsx']);
    // Its README tells what this archive holds, not what a person's would.
    expect(files['README.txt']).toMatch(/^Dette er en virksomheds data fra Grantwork/);
    expect(files['README.txt']).toContain('applications.json');
    expect(files['README.txt']).toContain('final-documents');
    expect(files['README.txt']).not.toMatch(/profile\.json|sessions\.json/);
    // Its e-mail is about the company's data, asked for as an owner; the person's archive has its own.
    const text = await mailText(owner.user.email, 'companyExportReady');
    expect(text).toContain('Virksomhedens data, som du bad om som ejer af Firma ApS, er samlet i en ZIP-fil');
    expect(text).toContain('fordi du som ejer bad om data for Firma ApS');
    expect(text).not.toContain('fordi du bad om dine data');
    expect(text.match(/\bHej\b/g)).toHaveLength(1);
    expect(await services.db.selectFrom('emails').select('id').where('recipient', '=', owner.user.email).where('template', '=', 'dataExportReady').execute()).toEqual([]);
  });

  it("an owner's archive of the company holds each application's checks against the call, with their suggestions and what became of them", async () => {
    const { owner, applicationId, sectionId, companyId } = await team('Tjek');
    const check = await services.db
      .insertInto('assessment_checks')
      .values({
        application_id: applicationId,
        requested_by: owner.user.id,
        status: 'done',
        criteria: JSON.stringify([{ id: 'c1', name: { da: 'Værdiskabelse', en: 'Value creation', nb: 'Verdiskaping' }, weight: 1, grantSectionIds: [], signals: ['market_size'] }]),
        section_versions: JSON.stringify({ [sectionId]: 3 }),
        result: JSON.stringify({ readiness: 40, criteria: [{ criterionId: 'c1', score: 40, evidence: [], missing: [{ kind: 'signal', signal: 'market_size' }] }] }),
        readiness: 40,
        assessor: 'offline',
        finished_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await services.db
      .insertInto('assessment_suggestions')
      .values({ check_id: check.id, application_id: applicationId, section_id: sectionId, position: 0, kind: 'addition', text: 'Markedet er 4 mia. kr.', anchor: '{}', paragraph: 'Vores idé.', status: 'dismissed', decided_by: owner.user.id, decided_at: new Date() })
      .execute();
    await (await callerFor(services, { token: owner.token })).dataRights.requestCompanyExport({ companyId });
    const files = await archiveMailedTo(owner.user.email, 'companyExportReady');
    const [application] = JSON.parse(files['applications.json']!);
    expect(application.checks).toEqual([
      expect.objectContaining({
        id: check.id,
        status: 'done',
        readiness: 40,
        requestedBy: expect.stringContaining(owner.user.firstname),
        sectionVersions: { [sectionId]: 3 },
        criteria: [expect.objectContaining({ name: expect.objectContaining({ en: 'Value creation' }) })],
        result: expect.objectContaining({ readiness: 40 }),
        suggestions: [expect.objectContaining({ sectionId, kind: 'addition', text: 'Markedet er 4 mia. kr.', paragraph: 'Vores idé.', status: 'dismissed', decidedBy: expect.stringContaining(owner.user.firstname) })],
      }),
    ]);
    expect(files['README.txt']).toContain('checks');
  });

  it('an owner reading English gets the company\'s archive, README and e-mail in English, fields and statuses in words', async () => {
    const { owner, writer, applicationId, sectionId, companyId } = await team('Engelsk');
    const grantSectionId = (await services.db.selectFrom('application_sections').select('grant_section_id').where('id', '=', sectionId).executeTakeFirstOrThrow()).grant_section_id;
    const fieldId = await dateFieldOf(grantSectionId);
    const writerCaller = await callerFor(services, { token: writer.token });
    const section = await writerCaller.applications.section({ applicationId, sectionId });
    await writerCaller.applications.saveSection({ applicationId, sectionId, version: section.version, content: 'It ends in 2028.', answers: { [fieldId]: '2028-08-31' }, fulfilled: [] });
    await services.db.updateTable('users').set({ locale: 'en' }).where('id', '=', owner.user.id).execute();

    await (await callerFor(services, { token: owner.token })).dataRights.requestCompanyExport({ companyId });
    const files = await archiveMailedTo(owner.user.email, 'companyExportReady');
    const [application] = JSON.parse(files['applications.json']!);
    expect(application.sections).toEqual([
      expect.objectContaining({ title: 'Idea', status: 'Ready to be done', statusCode: 'validated', content: 'It ends in 2028.', answers: [{ field: 'Project end date', fieldId, answer: '2028-08-31' }] }),
    ]);
    expect(files['README.txt']).toMatch(/^These are a company's data from Grantwork/);
    expect(files['README.txt']).not.toMatch(/profile\.json|sessions\.json/);
    const text = await mailText(owner.user.email, 'companyExportReady');
    expect(text).toContain('The company data you asked for as an owner of Engelsk ApS has been gathered in a ZIP file');
    expect(text).toContain('because you, as an owner, asked for the data of Engelsk ApS');
    expect(text.match(/\bHello\b/g)).toHaveLength(1);
  });

  it('stores a large archive in parts as the worker writes it, none larger than a part, and the download streams them back into the same files', async () => {
    const { owner, companyId, applicationId: firstId, sectionId: firstSectionId } = await team('Stor');
    const grantSectionId = (await services.db.selectFrom('application_sections').select('grant_section_id').where('id', '=', firstSectionId).executeTakeFirstOrThrow()).grant_section_id;
    const grantId = (await services.db.selectFrom('applications').select('grant_id').where('id', '=', firstId).executeTakeFirstOrThrow()).grant_id;
    // Four applications, each with a long section that deflate cannot make much smaller.
    const texts = new Map<string, string>();
    for (const [index, applicationId] of [firstId, null, null, null].entries()) {
      const id =
        applicationId ??
        (await services.db.insertInto('applications').values({ company_id: companyId, grant_id: grantId, title: `Stor ansøgning ${index}`, language: 'da', created_by: owner.user.id }).returning('id').executeTakeFirstOrThrow()).id;
      const content = `Ansøgning ${index}: ${randomBytes(20_000).toString('hex')}`;
      texts.set(id, content);
      if (applicationId) await services.db.updateTable('application_sections').set({ content }).where('id', '=', firstSectionId).execute();
      else await services.db.insertInto('application_sections').values({ application_id: id, grant_section_id: grantSectionId, position: 0, content }).execute();
    }

    const { exportId } = await (await callerFor(services, { token: owner.token })).dataRights.requestCompanyExport({ companyId });
    const bytes = await archiveBytesMailedTo(owner.user.email, 'companyExportReady');

    const parts = await services.db.selectFrom('data_export_parts').select(['part_no', sql<number>`length(bytes)`.as('length')]).where('export_id', '=', exportId).orderBy('part_no').execute();
    expect(parts.length).toBeGreaterThan(5);
    expect(parts.map((part) => part.part_no)).toEqual(parts.map((_, index) => index));
    // Every part but the last is exactly a part's size; none is larger.
    expect(parts.slice(0, -1).every((part) => part.length === PART_BYTES)).toBe(true);
    expect(parts.at(-1)!.length).toBeGreaterThan(0);
    expect(parts.at(-1)!.length).toBeLessThanOrEqual(PART_BYTES);
    const stored = await services.db.selectFrom('data_exports').select('archive_bytes').where('id', '=', exportId).executeTakeFirstOrThrow();
    expect(bytes.byteLength).toBe(parts.reduce((sum, part) => sum + part.length, 0));
    expect(stored.archive_bytes).toBe(bytes.byteLength);

    // The download is the parts in order, and it unzips to the files of the archive.
    const zip = await JSZip.loadAsync(bytes);
    const names = Object.keys(zip.files).filter((name) => !zip.files[name]!.dir);
    const documents = [...texts.keys()].flatMap((id) => [`final-documents/${id}/`, `final-documents/${id}/`]);
    expect(names.filter((name) => !name.startsWith('final-documents/')).sort()).toEqual(['README.txt', 'applications.json', 'company.json']);
    expect(names.filter((name) => name.startsWith('final-documents/')).map((name) => name.slice(0, name.lastIndexOf('/') + 1)).sort()).toEqual(documents.sort());
    const applications = JSON.parse(await zip.file('applications.json')!.async('string')) as { title: string; sections: { content: string }[] }[];
    expect(applications.map((application) => application.sections[0]!.content).sort()).toEqual([...texts.values()].sort());
    expect(JSON.parse(await zip.file('company.json')!.async('string'))).toMatchObject({ name: 'Stor ApS' });
    // Each Word and Excel file is whole: itself a ZIP that opens.
    for (const name of names.filter((file) => file.startsWith('final-documents/'))) {
      const document = await JSZip.loadAsync(await zip.file(name)!.async('uint8array'));
      expect(Object.keys(document.files)).toContain('[Content_Types].xml');
    }
    // When the archive goes (its time is up, or its person), its parts go with it.
    await services.db.deleteFrom('data_exports').where('id', '=', exportId).execute();
    expect(await services.db.selectFrom('data_export_parts').select('part_no').where('export_id', '=', exportId).execute()).toEqual([]);
  });
});

describe('archives stored whole before parts', () => {
  /** The SQL migrations of migrations/ whose names sort before `before` (all of them without). */
  const migrationsBefore = (before?: string) => ({
    async getMigrations(): Promise<Record<string, Migration>> {
      const files = readdirSync(migrationsDir).filter((file) => file.endsWith('.sql') && (!before || file < before)).sort();
      return Object.fromEntries(files.map((file) => [file.replace(/\.sql$/, ''), { up: async (db) => void (await sql.raw(readFileSync(path.join(migrationsDir, file), 'utf8')).execute(db)) } satisfies Migration]));
    },
  });

  it('become one part each when the database is migrated, so their links still download them', async () => {
    const name = `gw_parts_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl() });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(serverUrl());
    url.pathname = `/${name}`;
    const db = createDb(url.toString(), 2);
    try {
      const migrate = async (before?: string) => {
        const { error } = await new Migrator({ db, provider: migrationsBefore(before) }).migrateToLatest();
        if (error) throw error;
      };
      await migrate('0038_data_export_parts');
      const archive = randomBytes(3000);
      const user = await sql<{ id: string }>`INSERT INTO users (email, password_hash, firstname, lastname) VALUES ('old@example.test', 'x', 'Old', 'Archive') RETURNING id`.execute(db);
      const old = await sql<{ id: string }>`
        INSERT INTO data_exports (user_id, status, progress, archive, archive_bytes, token_hash, ready_at, expires_at)
        VALUES (${user.rows[0]!.id}, 'ready', 100, ${archive}, ${archive.byteLength}, ${randomBytes(32)}, now(), now() + interval '1 day')
        RETURNING id`.execute(db);
      await sql`INSERT INTO data_exports (user_id) VALUES (${user.rows[0]!.id})`.execute(db);

      await migrate();
      const parts = await db.selectFrom('data_export_parts').select(['export_id', 'part_no', 'bytes']).execute();
      expect(parts).toEqual([{ export_id: old.rows[0]!.id, part_no: 0, bytes: archive }]);
    } finally {
      await db.destroy();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  });
});

describe('deleting a company', () => {
  it('tells every other member with a verified address, in their language, who deleted it', async () => {
    const { owner, writer, applicationId } = await team('Lukket');
    const unverified = await createUser(services, { verified: false });
    const companyId = (await services.db.selectFrom('applications').select('company_id').where('id', '=', applicationId).executeTakeFirstOrThrow()).company_id;
    await services.db.insertInto('memberships').values({ company_id: companyId, user_id: unverified.user.id, role: 'employee' }).execute();
    await services.db.updateTable('users').set({ locale: 'en' }).where('id', '=', writer.user.id).execute();
    await (await callerFor(services, { token: owner.token })).companies.delete({ companyId, name: 'Lukket ApS', password: owner.password });
    const notices = await services.db.selectFrom('emails').select(['recipient', 'locale', 'params']).where('template', '=', 'companyDeleted').where('params', '@>', { company: 'Lukket ApS' }).execute();
    expect(notices).toEqual([{ recipient: writer.user.email, locale: 'en', params: { company: 'Lukket ApS', by: `${owner.user.firstname} ${owner.user.lastname}` } }]);
    // Gone for its members at once; kept for its owners to restore (decision 0050).
    expect(await outcome((await callerFor(services, { token: writer.token })).applications.get({ applicationId }))).toBe('NOT_FOUND');
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
    expect(((await me.json()) as { result: { data: unknown } }).result.data).toBeNull();
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
    expect(await services.db.selectFrom('sessions').select('id').where('expires_at', '<=', now.toISOString()).execute()).toEqual([]);
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
