/**
 * Company rules that need more than one query: creation from the server's own registry lookup,
 * and member changes that must leave the company with at least one owner.
 */
import { assertMayManage, rateLimits, verifyPassword } from '../../auth';
import { mayManageRole, type CompanyRole } from '../../../shared/domain/company-roles';
import { AppError } from '../../../shared/errors';
import { isLocale, type Locale } from '../../../shared/i18n';
import { createIntl, createIntlCache } from '@formatjs/intl';
import { DANISH_TIME, formatsOf } from '../../../shared/i18n/format';
import { messagesFor } from '../../../shared/i18n';
import { appUrl } from '../../env';
import { log } from '../../platform/log';
import { consumeRateLimit } from '../../http/rate-limit';
import { queueEmail } from '../../mail';
import type { RegistryProfile } from '../../../shared/schemas/companies';
import type { Country } from '../../../shared/domain/org-id';
import { employeeBand } from '../../integrations/registry/company-registry';
import type { Services } from '../../services';
import {
  companyNameWithOrgId,
  countOwnersForUpdate,
  deleteMembership,
  findMemberRoleForUpdate,
  insertCompanyWithOwner,
  passwordHashOf,
  restoreCompany,
  setMemberRole,
  softDeleteCompany,
} from './companies.queries';
import { findLookup, storedProfile } from './registry-lookups.queries';
import { startLookup } from './registry-lookup.service';

const notFoundMessages = { DK: 'companies.orgId.notFound', NO: 'companies.orgId.notFoundNO', FI: 'companies.orgId.notFoundFI' } as const;
const sourceOf = { DK: 'cvr', NO: 'brreg', FI: 'prh' } as const;

export interface CreateCompany {
  /** Denmark when not given. */
  country?: Country | undefined;
  orgId: string;
  name: string;
  website?: string | null | undefined;
  address?: string | null | undefined;
  zipcode?: string | null | undefined;
  city?: string | null | undefined;
  /** Typed by hand only when the registry could not be reached; the requirements test reads it. */
  employees?: string | null | undefined;
}

/**
 * Creates the company with `userId` as owner. The profile comes from the registry lookup the
 * server made; when the registry said the number does not exist the company is refused, and when
 * it could not be reached the typed details are kept as a manual, not verified entry (a lookup is
 * started, and the profile is verified once the registry answers).
 */
export async function createCompany(
  services: Pick<Services, 'db' | 'queues'>,
  input: CreateCompany,
  creator: { userId: string; locale: Locale },
): Promise<{ id: string; verified: boolean }> {
  const country = input.country ?? 'DK';
  const lookup = await findLookup(services.db, input.orgId, country);
  if (lookup?.status === 'not_found') {
    const message = notFoundMessages[country];
    throw new AppError('VALIDATION', { message, fieldErrors: { orgId: message } });
  }
  // Registry data proves that the company exists, not that the user belongs to it: whoever
  // finds the number taken is offered to ask its owners to join (company-claims).
  const holder = await companyNameWithOrgId(services.db, input.orgId, country);
  if (holder !== undefined) {
    throw new AppError('CONFLICT', { message: 'companies.exists', values: { company: holder }, fieldErrors: { orgId: 'companies.exists' } });
  }
  const found = lookup?.status === 'found' ? storedProfile(lookup.profile) : null;
  const profile: Omit<RegistryProfile, 'orgId' | 'name'> = found ?? {
    address: input.address ?? null,
    zipcode: input.zipcode ?? null,
    city: input.city ?? null,
    phone: null,
    email: null,
    industryCode: null,
    industry: null,
    employees: input.employees ?? null,
    companyType: null,
    startDate: null,
    country,
    nace: null,
    ...employeeBand(input.employees ?? null),
    legalFormCode: null,
    standing: 'active',
    source: sourceOf[country],
  };
  const id = await services.db.transaction().execute((trx) =>
    insertCompanyWithOwner(trx, {
      country,
      orgId: input.orgId,
      name: input.name,
      website: input.website ?? null,
      locale: creator.locale,
      createdBy: creator.userId,
      verified: found !== null,
      registryName: found?.name ?? null,
      profile,
      registryData: found ? lookup?.raw ?? null : null,
      registryCheckedAt: found ? lookup?.checked_at ?? null : null,
    }),
  );
  if (!id) throw new AppError('CONFLICT', { message: 'companies.exists', values: { company: input.name }, fieldErrors: { orgId: 'companies.exists' } });
  if (!found) await startLookup(services, input.orgId, { force: false, country }).catch(() => {});
  return { id, verified: found !== null };
}

/**
 * Every other member (verified addresses only) hears that the company was deleted, and by whom;
 * the other owners also get the link that restores it, valid as long as the restore window is.
 */
export async function tellMembersOfDeletion(
  services: Pick<Services, 'db' | 'queues' | 'env'>,
  deletion: {
    companyId: string;
    company: string;
    by: { id: string; firstname: string; lastname: string; email: string };
    members: { id: string; email: string; locale: string | null; role: CompanyRole }[];
    until: Date;
  },
): Promise<void> {
  const by = `${deletion.by.firstname} ${deletion.by.lastname}`.trim() || deletion.by.email;
  const link = `${appUrl(services.env)}/companies?restore=${deletion.companyId}`;
  for (const member of deletion.members.filter((member) => member.id !== deletion.by.id)) {
    const locale = isLocale(member.locale) ? member.locale : 'da';
    const email =
      member.role === 'owner'
        ? ({ template: 'companyDeletedOwner', params: { company: deletion.company, by, until: untilText(deletion.until, locale), link } } as const)
        : ({ template: 'companyDeleted', params: { company: deletion.company, by } } as const);
    await queueEmail(services, { to: member.email, locale, ...email }).catch((error: unknown) =>
      log.warn({ err: error instanceof Error ? error.message : String(error) }, 'could not queue the notice of a deleted company'),
    );
  }
}

const intlCache = createIntlCache();

/** The last day of the restore window, as the recipient's language writes a date (Danish time). */
function untilText(until: Date, locale: Locale): string {
  const intl = createIntl({ locale, defaultLocale: 'da', messages: messagesFor(locale) }, intlCache);
  return formatsOf(intl, { timeZone: DANISH_TIME }).dateTime(until);
}

/**
 * Checks what the deletion dialog asks for before anything is deleted: the company's name typed
 * exactly and the caller's password (its guesses limited as a password change's are).
 */
export async function confirmCompanyDeletion(
  services: Pick<Services, 'db' | 'redis' | 'env'>,
  input: { companyName: string; typedName: string; userId: string; password: string; client: string },
): Promise<void> {
  if (input.typedName !== input.companyName) {
    throw new AppError('VALIDATION', { message: 'companies.delete.wrongName', fieldErrors: { name: 'companies.delete.wrongName' } });
  }
  await consumeRateLimit(services.redis, services.env.REDIS_PREFIX, rateLimits.changePasswordPerIp, input.client);
  await consumeRateLimit(services.redis, services.env.REDIS_PREFIX, rateLimits.changePasswordPerUser, input.userId);
  const hash = await passwordHashOf(services.db, input.userId);
  if (hash === undefined || !(await verifyPassword(hash, input.password, input.client))) {
    throw new AppError('VALIDATION', { message: 'companies.delete.wrongPassword', fieldErrors: { password: 'companies.delete.wrongPassword' } });
  }
}

/**
 * Changes a member's role or removes them (`role: null`), within one transaction that locks the
 * company's owners first (always in the same order, so concurrent changes cannot deadlock).
 */
export async function changeMembership(
  services: Pick<Services, 'db' | 'liveAccess'>,
  companyId: string,
  actorRole: CompanyRole,
  targetUserId: string,
  role: CompanyRole | null,
): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    const owners = await countOwnersForUpdate(trx, companyId);
    const current = await findMemberRoleForUpdate(trx, companyId, targetUserId);
    if (!current) throw new AppError('NOT_FOUND');
    if (!mayManageRole(actorRole, current) || (role !== null && !mayManageRole(actorRole, role))) {
      throw new AppError('FORBIDDEN', { message: 'companies.ownerOnlyByOwner' });
    }
    if (current === 'owner' && role !== 'owner' && owners <= 1) throw new AppError('CONFLICT', { message: 'companies.lastOwner' });
    // Promotions only: an owner stepping down to admin needs nothing new of their address.
    if (role !== null && role !== current && current !== 'owner') await assertMayManage(trx, targetUserId, role);
    if (role === null) await deleteMembership(trx, companyId, targetUserId);
    else if (role !== current) await setMemberRole(trx, companyId, targetUserId, role);
  });
  // Every process forgets the role it kept (auth/membership-cache.ts); a removed member's live streams end.
  await services.liveAccess.changed({ userId: targetUserId });
}

/**
 * A member leaves the company of their own accord — any role may. The last owner cannot: the
 * company would have no one to manage it (they hand ownership over, or delete the company).
 * Owners are locked first, as in `changeMembership`, so a leave and a demotion cannot race.
 */
export async function leaveCompany(services: Pick<Services, 'db' | 'liveAccess'>, companyId: string, userId: string): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    const owners = await countOwnersForUpdate(trx, companyId);
    const current = await findMemberRoleForUpdate(trx, companyId, userId);
    if (!current) throw new AppError('NOT_FOUND');
    if (current === 'owner' && owners <= 1) throw new AppError('CONFLICT', { message: 'companies.lastOwnerLeaving' });
    await deleteMembership(trx, companyId, userId);
  });
  await services.liveAccess.changed({ userId });
}

/**
 * Deletes the company for every member at once (its owners can restore it, decision 0050):
 * answers its members then, or null when it was already gone. The members' live streams of the
 * company's data end with it, in every web process.
 */
export async function deleteCompanyForAll(services: Pick<Services, 'db' | 'liveAccess'>, companyId: string, userId: string) {
  const members = await softDeleteCompany(services.db, companyId, userId);
  if (members) await services.liveAccess.changed({ companyId });
  return members ?? null;
}

/** A former owner restores a deleted company: answers its name, or undefined when it cannot be restored (any more). */
export async function restoreDeletedCompany(services: Pick<Services, 'db' | 'liveAccess'>, companyId: string, userId: string): Promise<string | undefined> {
  const name = await restoreCompany(services.db, companyId, userId);
  if (name !== undefined) await services.liveAccess.changed({ companyId });
  return name;
}
