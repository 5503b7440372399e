/**
 * A person's data rights (GDPR articles 15, 17 and 20) and retention: their data as an archive,
 * their account deleted, a company's applications as an archive, and what is past its time
 * removed by a scheduled job. Decision 0043 records what stays and what goes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { budgetDataSchema } from '../../../shared/schemas/budget';
import { AppError } from '../../../shared/errors';
import { exportTokenSchema } from '../../../shared/schemas/data-rights';
import { isLocale, messagesFor, type Locale } from '../../../shared/i18n';
import { rateLimits, type SessionUser, verifyPassword } from '../../auth';
import type { Executor } from '../../db/db';
import { appUrl } from '../../env';
import { consumeRateLimit } from '../../http/rate-limit';
import type { Services } from '../../services';
import { fileNameOf, loadDocument } from '../document-export';
import { excelWorkbook } from '../document-export';
import { wordDocument } from '../document-export';
import { queueEmail } from '../../mail';
import {
  applicationSectionsInFull,
  claimExport,
  companyApplications,
  companyProfile,
  deleteExportParts,
  eraseUser,
  exportPart,
  exportPartCount,
  failExport,
  fieldLabels,
  findExportByToken,
  findOwnExport,
  insertExport,
  insertExportPart,
  lockUserForDeletion,
  ownedCompanies,
  personAlerts,
  personComments,
  personDecisions,
  personInbox,
  personInvitationsSent,
  personMemberships,
  personProfile,
  personSessions,
  personTexts,
  removeExpired,
  setExportProgress,
  storeExport,
  type RetentionCounts,
} from './data-rights.queries';
import { ARCHIVE_PART_BYTES, PartedZip } from './parted-zip';
import { deleteCompanies } from '../companies';
import { checksForExport } from '../assessment';

/** How long a download link works. */
export const EXPORT_LINK_TTL_MS = 48 * 3600 * 1000;
/** Archives one person may ask for a day: each is work and an e-mail. */
export const exportLimit = { name: 'data-export:user', limit: 5, windowSeconds: 24 * 3600 };

/** How long things are kept; the privacy page says the same (legal.privacy.howLong.*). */
export const retention = { emailsDays: 90, inboxDays: 365, versionsDays: 730, failedJobsDays: 30, deletedDays: 14 };

export function hashExportToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** Asks for an archive of the person's data, or (with `companyId`, an owner) of a company's applications. */
export async function requestExport(services: Pick<Services, 'db' | 'redis' | 'queues' | 'env'>, user: SessionUser, companyId: string | null): Promise<{ exportId: string }> {
  // The archive's link is e-mailed: it goes only to an address that is proven.
  if (!user.emailVerified) throw new AppError('FORBIDDEN', { message: 'auth.verify.required' });
  await consumeRateLimit(services.redis, services.env.REDIS_PREFIX, exportLimit, user.id);
  const exportId = await insertExport(services.db, { userId: user.id, companyId });
  try {
    await services.queues.add('exports', { exportId }, { jobId: exportId });
  } catch (error) {
    await failExport(services.db, exportId);
    throw error;
  }
  return { exportId };
}

/** A file of JSON, as its chunks. */
type JsonFile = { file: string; chunks: () => AsyncIterable<string> };

/** One value as a file of indented JSON. */
function jsonFile(file: string, read: () => Promise<unknown>): JsonFile {
  return {
    file,
    async *chunks() {
      yield JSON.stringify(await read(), null, 2);
    },
  };
}

/** A JSON array written an element at a time: what is not yet read is not yet in memory. */
async function* jsonArray<T>(items: AsyncIterable<T>): AsyncIterable<string> {
  let first = true;
  for await (const item of items) {
    yield `${first ? '[\n' : ',\n'}  ${JSON.stringify(item, null, 2).replace(/\n/g, '\n  ')}`;
    first = false;
  }
  yield first ? '[]' : '\n]';
}

/** What the catalogs call a section's (or, with `application`, an application's) status, in `locale`; the code when they have no word for it. */
function statusInWords(locale: Locale, status: string | null, level: 'section' | 'application' = 'section'): string | null {
  if (status === null) return null;
  const messages = messagesFor(locale) as Record<string, string>;
  const keys = level === 'application' ? [`applications.status.${status}`, `applications.sectionStatus.${status}`] : [`applications.sectionStatus.${status}`];
  const key = keys.find((candidate) => Object.hasOwn(messages, candidate));
  return key ? messages[key]! : status;
}

/** A section's answers as a list in the grant's order: each field's label beside its id and the answer. */
function answersInWords(answers: unknown, labels: ReadonlyMap<string, string>) {
  if (!answers || typeof answers !== 'object' || Array.isArray(answers)) return [];
  const order = [...labels.keys()];
  const position = (id: string) => (labels.has(id) ? order.indexOf(id) : order.length);
  return Object.entries(answers as Record<string, unknown>)
    .sort(([a], [b]) => position(a) - position(b))
    .map(([fieldId, answer]) => ({ field: labels.get(fieldId) ?? null, fieldId, answer }));
}

/** The files of a person's archive: only what concerns them; other people appear by no more than the company's name. */
function personFiles(db: Executor, userId: string, email: string, locale: Locale): JsonFile[] {
  return [
    jsonFile('profile.json', () => personProfile(db, userId)),
    jsonFile('memberships.json', () => personMemberships(db, userId)),
    jsonFile('sessions.json', () => personSessions(db, userId)),
    jsonFile('texts-and-versions.json', async () => {
      const texts = await personTexts(db, userId, locale);
      const labels = await fieldLabels(db, texts.map((text) => text.grantSectionId), locale);
      return texts.map(({ grantSectionId: _, answers, ...text }) => ({ ...text, answers: answersInWords(answers, labels) }));
    }),
    jsonFile('comments.json', () => personComments(db, userId, locale)),
    jsonFile('review-decisions-and-status-changes.json', async () =>
      (await personDecisions(db, userId, locale)).map(({ from, to, ...change }) => {
        const level = change.section === null ? 'application' : 'section';
        return { ...change, from: statusInWords(locale, from, level), to: statusInWords(locale, to, level), fromCode: from, toCode: to };
      }),
    ),
    jsonFile('inbox.json', () => personInbox(db, userId)),
    jsonFile('grant-alerts.json', () => personAlerts(db, email)),
    jsonFile('invitations-sent.json', () => personInvitationsSent(db, userId)),
  ];
}

/**
 * One application with its sections as stored (budgets with their rows), in words where the
 * product has them, and the team's checks against the call with their suggestions (decision 0052).
 */
async function applicationInFull(db: Executor, application: { id: string } & Record<string, unknown>, locale: Locale) {
  const { id, ...rest } = application;
  const sections = await applicationSectionsInFull(db, id, locale);
  const labels = await fieldLabels(db, sections.map((section) => section.grantSectionId), locale);
  const checks = await checksForExport(db, id);
  return {
    ...rest,
    sections: sections.map(({ grantSectionId: _, status, answers, ...section }) => ({
      ...section,
      status: statusInWords(locale, status),
      statusCode: status,
      answers: answersInWords(answers, labels),
      data: section.kind === 'budget' ? (budgetDataSchema.safeParse(section.data).data ?? section.data) : section.data,
    })),
    checks,
  };
}

/**
 * A company's archive: its profile, every application with its sections (read one application at
 * a time), and each application's final document as the Word and Excel files its page downloads,
 * in its language. `step` is called after each application written.
 */
async function writeCompanyArchive(zip: PartedZip, db: Executor, companyId: string, locale: Locale, step: (done: number, of: number) => Promise<void>): Promise<void> {
  const applications = await companyApplications(db, companyId, locale);
  const total = applications.length * 2 + 1;
  let done = 0;
  const next = async () => step((done += 1), total);
  await zip.add('company.json', [JSON.stringify(await companyProfile(db, companyId), null, 2)]);
  await next();
  await zip.add(
    'applications.json',
    jsonArray(
      (async function* () {
        for (const application of applications) {
          yield await applicationInFull(db, application, locale);
          await next();
        }
      })(),
    ),
  );
  for (const application of applications) {
    const document = await loadDocument(db, { id: application.id, companyId, language: isLocale(application.language) ? application.language : 'da' });
    // The id keeps two applications of the same title apart.
    const folder = `final-documents/${application.id}`;
    await zip.add(`${folder}/${fileNameOf(document.title, 'docx', document.language)}`, [new Uint8Array(await wordDocument(document))], { compress: false });
    await zip.add(`${folder}/${fileNameOf(document.title, 'xlsx', document.language)}`, [new Uint8Array(await excelWorkbook(document))], { compress: false });
    await next();
  }
}

/**
 * Builds an archive in the worker: each file in turn (progress as it goes), zipped and stored in
 * parts as it is written (`partBytes`, 1 MB; smaller in tests), marked ready with a download
 * link's hash, and the link e-mailed to the requester's verified address.
 */
export async function buildExport(services: Pick<Services, 'db' | 'queues' | 'env'>, exportId: string, options: { partBytes?: number } = {}): Promise<'built' | 'gone'> {
  const { db } = services;
  const claimed = await claimExport(db, exportId);
  if (!claimed) return 'gone';
  const requester = await personProfile(db, claimed.userId);
  if (!requester) return 'gone';
  const locale = localeOf(requester.locale);
  const messages = messagesFor(locale);
  // A build that was interrupted starts over.
  await deleteExportParts(db, exportId);
  const zip = new PartedZip((partNo, bytes) => insertExportPart(db, exportId, partNo, bytes), options.partBytes ?? ARCHIVE_PART_BYTES, new Date());
  const progress = (done: number, of: number) => setExportProgress(db, exportId, Math.floor((done / (of + 1)) * 100));
  if (claimed.companyId) {
    await writeCompanyArchive(zip, db, claimed.companyId, locale, progress);
    await zip.add('README.txt', [messages['dataRights.archive.companyReadme']]);
  } else {
    const files = personFiles(db, claimed.userId, requester.email, locale);
    for (const [index, file] of files.entries()) {
      await zip.add(file.file, file.chunks());
      await progress(index + 1, files.length);
    }
    await zip.add('README.txt', [messages['dataRights.archive.readme']]);
  }
  const archive = await zip.end();
  const token = randomBytes(32).toString('base64url');
  const readyAt = new Date();
  await storeExport(db, exportId, archive.bytes, hashExportToken(token), readyAt, new Date(readyAt.getTime() + EXPORT_LINK_TTL_MS));
  if (requester.emailVerifiedAt) {
    const link = `${appUrl(services.env)}/api/data-exports/${token}`;
    const name = requester.firstname || requester.email;
    if (claimed.companyId) {
      const company = await companyProfile(db, claimed.companyId);
      await queueEmail(services, { to: requester.email, template: 'companyExportReady', locale, params: { name, company: company.name, link } });
    } else {
      await queueEmail(services, { to: requester.email, template: 'dataExportReady', locale, params: { name, link } });
    }
  }
  return 'built';
}

/**
 * The archive a download link names, while the link is valid: its parts as a stream read one part
 * at a time as the client takes them, its size and a file name.
 */
export async function exportForDownload(
  db: Executor,
  by: { token: string } | { userId: string; exportId: string },
): Promise<{ body: ReadableStream<Uint8Array>; bytes: number | null; fileName: string } | null> {
  let found: Awaited<ReturnType<typeof findExportByToken>>;
  if ('token' in by) {
    const parsed = exportTokenSchema.safeParse(by.token);
    if (!parsed.success) return null;
    found = await findExportByToken(db, hashExportToken(parsed.data), new Date());
  } else {
    if (!z.uuid().safeParse(by.exportId).success) return null;
    found = await findOwnExport(db, by.userId, by.exportId, new Date());
  }
  if (!found) return null;
  // An archive whose parts have gone (removed between the two reads) is not found.
  const parts = await exportPartCount(db, found.id);
  if (parts === 0) return null;
  const day = found.createdAt.slice(0, 10);
  return { body: partsStream(db, found.id, parts), bytes: found.bytes, fileName: `grantwork-${found.companyId ? 'company' : 'my-data'}-${day}.zip` };
}

/** An archive's parts in order, each read when the client is ready for it; a part gone meanwhile ends the download in an error, never a short file. */
function partsStream(db: Executor, exportId: string, parts: number): ReadableStream<Uint8Array> {
  let partNo = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (partNo === parts) {
          controller.close();
          return;
        }
        const bytes = await exportPart(db, exportId, partNo);
        if (!bytes) throw new Error(`part ${partNo} of archive ${exportId} is gone`);
        partNo += 1;
        controller.enqueue(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      },
    },
    { highWaterMark: 0 },
  );
}

const localeOf = (value: string): Locale => (isLocale(value) ? value : 'da');

/**
 * What deleting the account would do to the person's companies: those where they are the last
 * owner beside other members block it (ownership is handed over first); those with no other
 * member go with the account.
 */
export async function deletionConsequences(db: Executor, userId: string) {
  const owned = await ownedCompanies(db, userId);
  return {
    blocking: owned.filter((company) => company.otherOwners === 0 && company.otherMembers > 0).map(({ id, name }) => ({ id, name })),
    goingWith: owned.filter((company) => company.otherMembers === 0).map(({ id, name }) => ({ id, name })),
  };
}

/**
 * Deletes the account at once after the password is given again: companies with no other member
 * go with it, personal data is erased, shared work stays with its company authored by "a former
 * member". Sessions end in the same transaction, and its live connections everywhere once it
 * committed.
 */
export async function deleteAccount(services: Pick<Services, 'db' | 'redis' | 'env' | 'liveAccess'>, userId: string, password: string, client: string): Promise<void> {
  const { db } = services;
  // The password is hashed to be checked: guesses through a session left open are limited as a password change's are.
  await consumeRateLimit(services.redis, services.env.REDIS_PREFIX, rateLimits.changePasswordPerIp, client);
  await consumeRateLimit(services.redis, services.env.REDIS_PREFIX, rateLimits.changePasswordPerUser, userId);
  const user = await lockUserForDeletion(db, userId);
  if (!user) throw new AppError('NOT_FOUND');
  if (!(await verifyPassword(user.password_hash, password, client))) {
    throw new AppError('VALIDATION', { message: 'dataRights.delete.wrongPassword', fieldErrors: { password: 'dataRights.delete.wrongPassword' } });
  }
  await db.transaction().execute(async (trx) => {
    const locked = await lockUserForDeletion(trx, userId);
    if (!locked) throw new AppError('NOT_FOUND');
    const { blocking, goingWith } = await deletionConsequences(trx, userId);
    if (blocking.length > 0) {
      throw new AppError('CONFLICT', { message: 'dataRights.delete.handOverFirst', values: { companies: blocking.map((company) => company.name).join(', ') } });
    }
    await deleteCompanies(trx, goingWith.map((company) => company.id));
    await eraseUser(trx, locked, messagesFor('da')['dataRights.formerMember']);
  });
  await services.liveAccess.changed({ userId });
}

/** One run of the retention sweep: the database's expired rows. */
export function sweepExpired(db: Executor, now = new Date()): Promise<RetentionCounts> {
  return removeExpired(db, now, retention);
}
