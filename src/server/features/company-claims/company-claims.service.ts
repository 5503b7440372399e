/**
 * Claims on a company that is already in Grantwork. Registry data proves that a company exists,
 * not that a user belongs to it, so a second person with the same organisation ID asks to join and
 * the company's owners and admins decide; a platform admin settles disputes by moving ownership.
 */
import { mayManageRole, type CompanyRole } from '../../../shared/domain/company-roles';
import { AppError } from '../../../shared/errors';
import { isLocale, messagesFor, type Locale } from '../../../shared/i18n';
import { assertMayManage, assertVerified, emailVerifiedOf, type SessionUser } from '../../auth';
import { appUrl } from '../../env';
import type { Services } from '../../services';
import { addMembership } from '../companies';
import { queueEmail } from '../../mail';
import { notifyJoinRequest } from '../../notify';
import {
  closeRequest,
  findCompanyByOrgId,
  findUserByEmail,
  handOverOwnership,
  insertJoinRequest,
  isMember,
  listCompanyManagers,
  lockCompany,
  lockOwners,
  lockPendingRequest,
  recordTransfer,
} from './company-claims.queries';

const localeOf = (value: string): Locale => (isLocale(value) ? value : 'da');

/** The requester's words in the quotation marks of the reader's language (the catalog's). */
const quoted = (locale: Locale, message: string) => messagesFor(locale)['companyClaims.quotedMessage'].replace('{message}', () => message);
const nameOf = (user: { firstname: string; lastname: string; email: string }) => `${user.firstname} ${user.lastname}`.trim() || user.email;

export async function requestToJoin(
  services: Pick<Services, 'db' | 'queues' | 'env' | 'bus'>,
  user: SessionUser,
  request: { orgId: string; message?: string | undefined },
): Promise<{ requestId: string | null; companyName: string }> {
  // The owners decide by who asks, named by their address: an unproven address names nobody.
  assertVerified(user);
  const company = await findCompanyByOrgId(services.db, request.orgId);
  if (!company) throw new AppError('NOT_FOUND', { message: 'companyClaims.noCompany' });
  if (await isMember(services.db, company.id, user.id)) {
    throw new AppError('CONFLICT', { message: 'companyClaims.alreadyMember', values: { company: company.name } });
  }
  const inserted = await insertJoinRequest(services.db, { companyId: company.id, userId: user.id, message: request.message ?? '' });
  // Asking again while a request is open changes nothing and e-mails nobody twice.
  if (!inserted) return { requestId: null, companyName: company.name };
  await notifyJoinRequest(services, { companyId: company.id, joinRequestId: inserted.id, actorId: user.id, message: request.message ?? '' });
  const managers = await listCompanyManagers(services.db, company.id);
  // Company mail goes only to verified addresses.
  for (const manager of managers.filter((person) => person.emailVerified)) {
    await queueEmail(services, {
      to: manager.email,
      template: 'joinRequest',
      locale: localeOf(manager.locale),
      params: {
        requester: nameOf(user),
        requesterEmail: user.email,
        company: company.name,
        // The requester's words as their own paragraph, or nothing.
        message: request.message ? `\n\n${quoted(localeOf(manager.locale), request.message)}` : '',
        link: `${appUrl(services.env)}/companies`,
      },
    });
  }
  return { requestId: inserted.id, companyName: company.name };
}

export async function decideJoinRequest(
  services: Pick<Services, 'db' | 'queues' | 'env'>,
  decision: { company: { id: string; name: string }; actor: { id: string; role: CompanyRole }; requestId: string; accept: boolean; role: CompanyRole },
): Promise<void> {
  if (decision.accept && !mayManageRole(decision.actor.role, decision.role)) {
    throw new AppError('FORBIDDEN', { message: 'companies.ownerOnlyByOwner' });
  }
  const requester = await services.db.transaction().execute(async (trx) => {
    const request = await lockPendingRequest(trx, decision.company.id, decision.requestId);
    if (!request) throw new AppError('NOT_FOUND', { message: 'companyClaims.requestGone' });
    if (decision.accept) await assertMayManage(trx, request.userId, decision.role);
    if (decision.accept) await addMembership(trx, decision.company.id, request.userId, decision.role);
    await closeRequest(trx, request.id, { accepted: decision.accept, role: decision.accept ? decision.role : null, decidedBy: decision.actor.id });
    return request;
  });
  if (!(await emailVerifiedOf(services.db, requester.userId))) return;
  const locale = localeOf(requester.locale);
  await queueEmail(services, {
    to: requester.email,
    template: decision.accept ? 'joinAccepted' : 'joinDeclined',
    locale,
    params: {
      company: decision.company.name,
      role: messagesFor(locale)[`companies.role.${decision.role}`],
      link: `${appUrl(services.env)}/companies`,
    },
  });
}

/**
 * Makes the user with `email` the company's owner; the owners before stay members as admins.
 * Recorded with who did it and why, and everyone concerned is told.
 */
export async function transferOwnership(
  services: Pick<Services, 'db' | 'queues' | 'env' | 'liveAccess'>,
  transfer: { companyId: string; email: string; reason: string; by: string },
): Promise<{ companyId: string }> {
  const newOwner = await findUserByEmail(services.db, transfer.email);
  if (!newOwner) {
    throw new AppError('VALIDATION', { message: 'companyClaims.transfer.noUser', fieldErrors: { email: 'companyClaims.transfer.noUser' } });
  }
  const { company, previous } = await services.db.transaction().execute(async (trx) => {
    const company = await lockCompany(trx, transfer.companyId);
    if (!company) throw new AppError('NOT_FOUND');
    await assertMayManage(trx, newOwner.id, 'owner');
    const owners = await lockOwners(trx, company.id);
    const previous = owners.filter((owner) => owner.id !== newOwner.id);
    await handOverOwnership(trx, { companyId: company.id, newOwnerId: newOwner.id, previousOwnerIds: previous.map((owner) => owner.id), by: transfer.by });
    await recordTransfer(trx, { companyId: company.id, previousOwnerIds: owners.map((owner) => owner.id), newOwnerId: newOwner.id, by: transfer.by, reason: transfer.reason });
    return { company, previous };
  });
  // The previous owners are admins now: every process forgets the roles it kept of the company.
  await services.liveAccess.changed({ companyId: company.id });
  const link = `${appUrl(services.env)}/companies`;
  for (const person of [newOwner, ...previous].filter((person) => person.emailVerified)) {
    await queueEmail(services, {
      to: person.email,
      template: 'ownershipTransferred',
      locale: localeOf(person.locale),
      params: { company: company.name, newOwner: nameOf(newOwner), reason: transfer.reason, link },
    });
  }
  return { companyId: company.id };
}
