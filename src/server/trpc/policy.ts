/**
 * Who may call a tRPC procedure (docs/architecture.md, roles). Each procedure declares its rule as
 * `meta.access`: the base procedures carry theirs (`userProcedure` 'user', `adminProcedure`
 * 'admin', `companyProcedure` { company: 'member' }, `companyProcedureFor(action)`
 * { company: action }); `publicProcedure` carries none, so a public procedure states
 * `.meta({ access: 'anyone' })` or `'token'`, and 'self' and { invitee } are stated the same way.
 *
 * The rule does not enforce anything: the procedures' middlewares and checks do. It is the
 * statement of what they are meant to do, kept next to the code so the two cannot drift, and
 * `tests/integration/authorization-matrix.test.ts` reads it from the router, calls every
 * procedure as every kind of caller and fails when the real answer differs from the rule — or
 * when a procedure has no rule, so a new procedure cannot be added without deciding who may
 * call it.
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
 * - `{ invitee }`: the signed-in user a link was sent to — the account whose e-mail an invitation
 *   names, the account a verification link was made for, or a former owner of a deleted company
 *   whose restore link was sent to them (decision 0050) (anonymous: UNAUTHORIZED;
 *   anyone else: the refusal given, FORBIDDEN when they hold the link, NOT_FOUND when they only
 *   name its id). Named by id, the address must also be verified (else FORBIDDEN, saying how);
 *   holding the link proves it.
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
