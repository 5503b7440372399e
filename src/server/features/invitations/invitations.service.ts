/**
 * Invitations: a random token (192 bits) e-mailed as a link, stored only as its SHA-256, valid
 * 14 days, used once. Accepting makes the signed-in user — whose e-mail must be the invited
 * one — a member with the invited role.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mayManageRole, type CompanyRole } from '../../../shared/domain/company-roles';
import { AppError } from '../../../shared/errors';
import { messagesFor, type Locale } from '../../../shared/i18n';
import { assertVerified, markEmailVerified, type SessionUser } from '../../auth';
import type { Executor } from '../../db/db';
import { appUrl } from '../../env';
import type { Services } from '../../services';
import { queueEmail } from '../../mail';
import { notifyInvitation, settleInvitationItems } from '../../notify';
import { addMembership, isMemberByEmail } from '../companies';
import { deleteInvitation, lockPendingInvitationRole, markInvitationAccepted, markInvitationDeclined, replaceInvitation, type InvitationDetails } from './invitations.queries';

export const INVITATION_TTL_MS = 14 * 24 * 3600 * 1000;

export type InvitationStatus = 'valid' | 'expired' | 'used' | 'unknown';

export function hashInvitationToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

export function invitationStatus(invitation: InvitationDetails | undefined, now = new Date()): InvitationStatus {
  if (!invitation) return 'unknown';
  if (invitation.acceptedAt || invitation.declinedAt) return 'used';
  if (Date.parse(invitation.expiresAt) <= now.getTime()) return 'expired';
  return 'valid';
}

function displayName(user: Pick<SessionUser, 'firstname' | 'lastname' | 'email'>): string {
  return `${user.firstname} ${user.lastname}`.trim() || user.email;
}

export async function inviteToCompany(
  services: Pick<Services, 'db' | 'queues' | 'env' | 'bus'>,
  request: {
    company: { id: string; name: string; locale: Locale | null };
    inviter: SessionUser;
    inviterRole: CompanyRole;
    email: string;
    role: CompanyRole;
  },
): Promise<{ invitationId: string }> {
  if (!mayManageRole(request.inviterRole, request.role)) throw new AppError('FORBIDDEN', { message: 'companies.ownerOnlyByOwner' });
  if (await isMemberByEmail(services.db, request.company.id, request.email)) {
    throw new AppError('CONFLICT', { message: 'invitations.alreadyMember', values: { email: request.email }, fieldErrors: { email: 'invitations.alreadyMember' } });
  }
  const token = randomBytes(24).toString('base64url');
  const invitationId = await services.db.transaction().execute(async (trx) => {
    // Replacing an invitation removes it: it needs the right to remove it (an admin cannot
    // cancel an owner's invitation by inviting the same e-mail as an employee).
    const pendingRole = await lockPendingInvitationRole(trx, request.company.id, request.email);
    if (pendingRole && !mayManageRole(request.inviterRole, pendingRole)) {
      throw new AppError('FORBIDDEN', { message: 'companies.ownerOnlyByOwner' });
    }
    return replaceInvitation(trx, {
      companyId: request.company.id,
      email: request.email,
      role: request.role,
      tokenHash: hashInvitationToken(token),
      invitedBy: request.inviter.id,
      expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
    });
  });
  const locale = request.company.locale ?? request.inviter.locale;
  try {
    await queueEmail(services, {
      to: request.email,
      template: 'invitation',
      locale,
      params: {
        inviter: displayName(request.inviter),
        company: request.company.name,
        role: messagesFor(locale)[`companies.role.${request.role}`],
        link: `${appUrl(services.env)}/invitations/${token}`,
      },
    });
  } catch (error) {
    // Nothing was sent: no invitation stays that nobody can open.
    await deleteInvitation(services.db, invitationId);
    throw error;
  }
  await notifyInvitation(services, { invitationId, companyId: request.company.id, email: request.email, actorId: request.inviter.id });
  return { invitationId };
}

/** Refuses an invitation that cannot be used, with the message the invitee should see. */
export function assertUsable(invitation: InvitationDetails | undefined, now = new Date()): asserts invitation is InvitationDetails {
  const status = invitationStatus(invitation, now);
  if (status === 'unknown') throw new AppError('NOT_FOUND', { message: 'invitations.token.unknown' });
  if (status === 'used') throw new AppError('CONFLICT', { message: 'invitations.token.used' });
  if (status === 'expired') throw new AppError('CONFLICT', { message: 'invitations.token.expired' });
}

/**
 * Accepts within the caller's transaction; `invitation` must have been read with a row lock.
 * `throughLink`: the caller holds the token that was e-mailed to the invited address, which proves
 * they receive its mail, so the account's address (the same one) becomes verified.
 */
export async function acceptInvitation(trx: Executor, invitation: InvitationDetails | undefined, user: SessionUser, options: { throughLink: boolean }) {
  assertUsable(invitation);
  if (invitation.email.toLowerCase() !== user.email.toLowerCase()) {
    throw new AppError('FORBIDDEN', { message: 'invitations.wrongEmail', values: { email: invitation.email } });
  }
  if (options.throughLink) await markEmailVerified(trx, user.id, invitation.email);
  else assertVerified(user);
  await addMembership(trx, invitation.companyId, user.id, invitation.role);
  await markInvitationAccepted(trx, invitation.id, user.id);
  return { invitationId: invitation.id, companyId: invitation.companyId, companyName: invitation.companyName, role: invitation.role };
}

export async function declineInvitation(trx: Executor, invitation: InvitationDetails | undefined) {
  assertUsable(invitation);
  await markInvitationDeclined(trx, invitation.id);
  return { invitationId: invitation.id, companyName: invitation.companyName };
}

/**
 * Accepts or declines (`answer`, within one transaction) and then settles the invitation's inbox
 * item, so the invitee's counts follow at once; the answer without the invitation's id. An
 * answer that verified the invitee's address (`verified`: accepted through the link an
 * unverified account followed) is announced, since sessions kept in memory carry it (decision 0032).
 */
export async function answerInvitation<R extends { invitationId: string }>(
  services: Pick<Services, 'db' | 'bus' | 'liveAccess'>,
  answer: (trx: Executor) => Promise<R>,
  verified?: { userId: string },
): Promise<Omit<R, 'invitationId'>> {
  const { invitationId, ...answered } = await services.db.transaction().execute(answer);
  if (verified) await services.liveAccess.changed(verified);
  await settleInvitationItems(services, invitationId);
  return answered;
}
