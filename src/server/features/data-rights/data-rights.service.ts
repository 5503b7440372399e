/**
 * A person's data rights (GDPR articles 15, 17 and 20) and retention: their data as an archive,
 * their account deleted, a company's applications as an archive, and what is past its time
 * removed by a scheduled job. Decision 0043 records what stays and what goes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { z } from 'zod';
import { budgetDataSchema } from '../../../shared/schemas/budget';
import { AppError } from '../../../shared/errors';
import { exportTokenSchema } from '../../../shared/schemas/data-rights';
import { isLocale, messagesFor, type Locale } from '../../../shared/i18n';
import { verifyPassword } from '../../auth/password';
import type { SessionUser } from '../../auth/session';
import type { Executor } from '../../db/db';
import { appUrl } from '../../env';
import { consumeRateLimit } from '../../rate-limit';
import type { Services } from '../../services';
import { fileNameOf, loadDocument } from '../../documents/document-content';
import { excelWorkbook } from '../../documents/excel-workbook';
import { wordDocument } from '../../documents/word-document';
import { queueEmail } from '../../mail/email.service';
import { rateLimits } from '../../auth/rate-limits';
import {
  applicationSectionsInFull,
  claimExport,
  companyApplications,
  companyProfile,
  deleteCompanies,
  eraseUser,
  failExport,
  findExportByToken,
  findOwnExport,
  insertExport,
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

/** How long a download link works. */
export const EXPORT_LINK_TTL_MS = 48 * 3600 * 1000;
/** Archives one person may ask for a day: each is work and an e-mail. */
export const exportLimit = { name: 'data-export:user', limit: 5, windowSeconds: 24 * 3600 };

/** How long things are kept; the privacy page says the same (legal.privacy.howLong.*). */
export const retention = { emailsDays: 90, inboxDays: 365, versionsDays: 730, failedJobsDays: 30 };

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

type Part = { file: string; read: () => Promise<unknown> };

/** The files of a person's archive: only what concerns them; other people appear by no more than the company's name. */
function personParts(db: Executor, userId: string, email: string): Part[] {
  return [
    { file: 'profile.json', read: () => personProfile(db, userId) },
    { file: 'memberships.json', read: () => personMemberships(db, userId) },
    { file: 'sessions.json', read: () => personSessions(db, userId) },
    { file: 'texts-and-versions.json', read: () => personTexts(db, userId) },
    { file: 'comments.json', read: () => personComments(db, userId) },
    { file: 'review-decisions-and-status-changes.json', read: () => personDecisions(db, userId) },
    { file: 'inbox.json', read: () => personInbox(db, userId) },
    { file: 'grant-alerts.json', read: () => personAlerts(db, email) },
    { file: 'invitations-sent.json', read: () => personInvitationsSent(db, userId) },
  ];
}

/** A company's profile and every application with its sections as stored (budgets with their rows). */
function companyParts(db: Executor, companyId: string): Part[] {
  return [
    { file: 'company.json', read: () => companyProfile(db, companyId) },
    {
      file: 'applications.json',
      read: async () => {
        const applications = await companyApplications(db, companyId);
        return Promise.all(
          applications.map(async ({ id, ...application }) => ({
            ...application,
            sections: (await applicationSectionsInFull(db, id)).map((section) => ({
              ...section,
              data: section.kind === 'budget' ? (budgetDataSchema.safeParse(section.data).data ?? section.data) : section.data,
            })),
          })),
        );
      },
    },
  ];
}

/** Each application's final document as the Word and Excel files its page downloads, in its language. */
async function finalDocuments(db: Executor, companyId: string): Promise<Record<string, Uint8Array>> {
  const files: Record<string, Uint8Array> = {};
  for (const application of await companyApplications(db, companyId)) {
    const document = await loadDocument(db, { id: application.id, companyId, language: isLocale(application.language) ? application.language : 'da' });
    // The id keeps two applications of the same title apart.
    const folder = `final-documents/${application.id}`;
    files[`${folder}/${fileNameOf(document.title, 'docx')}`] = new Uint8Array(await wordDocument(document));
    files[`${folder}/${fileNameOf(document.title, 'xlsx')}`] = new Uint8Array(await excelWorkbook(document));
  }
  return files;
}

/**
 * Builds an archive in the worker: each file in turn (progress after each), zipped, stored with a
 * download link's hash, and the link e-mailed to the requester's verified address.
 */
export async function buildExport(services: Pick<Services, 'db' | 'queues' | 'env'>, exportId: string): Promise<'built' | 'gone'> {
  const { db } = services;
  const claimed = await claimExport(db, exportId);
  if (!claimed) return 'gone';
  const requester = await personProfile(db, claimed.userId);
  if (!requester) return 'gone';
  const parts = claimed.companyId ? companyParts(db, claimed.companyId) : personParts(db, claimed.userId, requester.email);
  const files: Record<string, Uint8Array> = {};
  for (const [index, part] of parts.entries()) {
    files[part.file] = strToU8(JSON.stringify(await part.read(), null, 2));
    await setExportProgress(db, exportId, Math.floor(((index + 1) / (parts.length + 1)) * 100));
  }
  if (claimed.companyId) Object.assign(files, await finalDocuments(db, claimed.companyId));
  files['README.txt'] = strToU8(messagesFor(localeOf(requester.locale))['dataRights.archive.readme']);
  const archive = zipSync(files, { level: 6, mtime: new Date() });
  const token = randomBytes(32).toString('base64url');
  const readyAt = new Date();
  await storeExport(db, exportId, archive, hashExportToken(token), readyAt, new Date(readyAt.getTime() + EXPORT_LINK_TTL_MS));
  if (requester.emailVerifiedAt) {
    await queueEmail(services, {
      to: requester.email,
      template: 'dataExportReady',
      locale: localeOf(requester.locale),
      params: { name: requester.firstname || requester.email, link: `${appUrl(services.env)}/api/data-exports/${token}` },
    });
  }
  return 'built';
}

/** The archive a download link names, while the link is valid: its bytes and a file name. */
export async function exportForDownload(db: Executor, by: { token: string } | { userId: string; exportId: string }): Promise<{ bytes: Buffer; fileName: string } | null> {
  let found: Awaited<ReturnType<typeof findExportByToken>>;
  if ('token' in by) {
    const parsed = exportTokenSchema.safeParse(by.token);
    if (!parsed.success) return null;
    found = await findExportByToken(db, hashExportToken(parsed.data), new Date());
  } else {
    if (!z.uuid().safeParse(by.exportId).success) return null;
    found = await findOwnExport(db, by.userId, by.exportId, new Date());
  }
  if (!found?.archive) return null;
  const day = found.createdAt.toISOString().slice(0, 10);
  return { bytes: found.archive, fileName: `grantwork-${found.companyId ? 'company' : 'my-data'}-${day}.zip` };
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
 * member". Sessions end in the same transaction; the caller ends live connections everywhere.
 */
export async function deleteAccount(services: Pick<Services, 'db' | 'redis' | 'env'>, userId: string, password: string, client: string): Promise<void> {
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
}

/** One run of the retention sweep: the database's expired rows. */
export function sweepExpired(db: Executor, now = new Date()): Promise<RetentionCounts> {
  return removeExpired(db, now, retention);
}
