/**
 * Who may call each tRPC procedure — one declaration for the whole API (DESIGN.md §7).
 *
 * This file does not enforce anything: the procedures do (`userProcedure`, `adminProcedure`,
 * `companyProcedureFor(action)`, the invitation checks). It is the statement of what they are
 * meant to do, and `tests/integration/authorization-matrix.test.ts` calls every procedure of the
 * app router as every kind of caller and fails when the real answer differs from the one
 * declared here — or when a procedure has no entry here at all, so a new procedure cannot be
 * added without deciding who may call it.
 *
 * The kinds, and the refusal each gives everybody else:
 * - `anyone`: no sign-in needed.
 * - `token`: anyone holding a secret token from an e-mail link (reset, invitation, alert links);
 *   the token is the credential, so it behaves as `anyone` for a caller who has it.
 * - `user`: any signed-in user (anonymous: UNAUTHORIZED).
 * - `self`: any signed-in user, acting only on their own rows: another user's id matches nothing
 *   (the call answers as usual and changes nothing).
 * - `admin`: a platform administrator (anonymous: UNAUTHORIZED; anyone else: FORBIDDEN, company
 *   roles included).
 * - `{ invitee }`: the signed-in user whose e-mail the invitation names (anonymous: UNAUTHORIZED;
 *   anyone else: the refusal given, FORBIDDEN when they hold the link, NOT_FOUND when they only
 *   name its id).
 * - `{ company }`: a member of the company named by `companyId` whose role `may` do the action
 *   (`member`: any role). Anonymous: UNAUTHORIZED; not a member — platform admins included —
 *   NOT_FOUND (existence is not revealed); a member without the right: FORBIDDEN.
 */
import type { CompanyAction } from '../../shared/domain/company-roles';

export type Policy =
  | 'anyone'
  | 'token'
  | 'user'
  | 'self'
  | 'admin'
  | { invitee: 'FORBIDDEN' | 'NOT_FOUND' }
  | { company: CompanyAction | 'member' };

export const policy: Record<string, Policy> = {
  'auth.me': 'anyone',
  'auth.signup': 'anyone',
  'auth.login': 'anyone',
  'auth.logout': 'user',
  'auth.requestPasswordReset': 'anyone',
  'auth.resetPassword': 'token',
  'auth.updateProfile': 'user',
  'auth.updateUserInfo': 'user',
  'auth.changePassword': 'user',
  'auth.sessions': 'user',
  'auth.endSession': 'self',

  'system.sendTestEmail': 'admin',

  'companies.list': 'user',
  'companies.get': { company: 'member' },
  'companies.lookup': 'user',
  'companies.lookupStatus': 'user',
  'companies.create': 'user',
  'companies.update': { company: 'company.edit' },
  'companies.refresh': { company: 'company.edit' },
  'companies.delete': { company: 'company.delete' },
  'companies.members': { company: 'member' },
  'companies.changeRole': { company: 'members.manage' },
  'companies.removeMember': { company: 'members.manage' },

  'invitations.create': { company: 'members.manage' },
  'invitations.list': { company: 'members.manage' },
  'invitations.remove': { company: 'members.manage' },
  'invitations.byToken': 'token',
  'invitations.accept': { invitee: 'FORBIDDEN' },
  'invitations.decline': 'token',
  'invitations.mine': 'user',
  'invitations.acceptMine': { invitee: 'NOT_FOUND' },
  'invitations.declineMine': { invitee: 'NOT_FOUND' },

  'funds.list': 'anyone',
  'funds.bySlug': 'anyone',
  'funds.admin.list': 'admin',
  'funds.admin.get': 'admin',
  'funds.admin.create': 'admin',
  'funds.admin.update': 'admin',
  'funds.admin.delete': 'admin',

  'grants.list': 'anyone',
  'grants.bySlug': 'anyone',
  'grants.requirementsTest': 'anyone',
  'grants.admin.listByFund': 'admin',
  'grants.admin.get': 'admin',
  'grants.admin.create': 'admin',
  'grants.admin.update': 'admin',
  'grants.admin.duplicate': 'admin',
  'grants.admin.delete': 'admin',
  'grants.admin.publish': 'admin',
  'grants.admin.unpublish': 'admin',
  'grants.admin.addSection': 'admin',
  'grants.admin.reorderSections': 'admin',
  'grants.admin.removeSection': 'admin',
  'grants.admin.getSection': 'admin',
  'grants.admin.updateSection': 'admin',

  'grantAlerts.signUp': 'anyone',
  'grantAlerts.confirm': 'token',
  'grantAlerts.unsubscribe': 'token',

  'jobs.overview': 'admin',
  'jobs.list': 'admin',
  'jobs.job': 'admin',
  'jobs.retry': 'admin',
  'jobs.retryAllFailed': 'admin',
  'jobs.remove': 'admin',
  'jobs.promote': 'admin',
  'jobs.pause': 'admin',
  'jobs.resume': 'admin',

  'applications.list': 'user',
  'applications.startOptions': 'user',
  'applications.create': { company: 'applications.edit' },
  'applications.get': { company: 'member' },
  'applications.update': { company: 'applications.edit' },
  'applications.delete': { company: 'applications.delete' },
  'applications.section': { company: 'member' },
  'applications.saveSection': { company: 'applications.edit' },
  'applications.markDone': { company: 'applications.edit' },
  'applications.reopen': { company: 'applications.edit' },
  'reviews.section': { company: 'member' },
  'reviews.sendToReview': { company: 'applications.edit' },
  'reviews.approve': { company: 'review' },
  'reviews.reject': { company: 'review' },
  'reviews.comment': { company: 'review' },
  'reviews.awaitingMe': 'user',
  'reviews.history': { company: 'member' },
  'reviews.final': { company: 'member' },
  'reviews.publish': { company: 'publish' },
  'reviews.copy': { company: 'applications.edit' },
  'comments.threads': { company: 'member' },
  'comments.openCounts': { company: 'member' },
  'comments.mentioningMe': 'user',
  'comments.add': { company: 'comment' },
  'comments.reply': { company: 'comment' },
  'comments.resolve': { company: 'comment' },
};
