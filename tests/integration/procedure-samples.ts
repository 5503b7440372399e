/**
 * Real rows for calling every procedure: the cast (a member of a company in each role, an outsider
 * who owns another company, a platform admin), a `World` that makes the rows one call needs on
 * demand (a fresh company, invitation, fund, grant, job…), and a valid sample input for every
 * procedure of the app router. Shared by the authorization matrix and the hostile-input tests, so
 * both cover every procedure the same way.
 */
import { toBase64 } from 'lib0/buffer';
import * as Y from 'yjs';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Worker } from 'bullmq';
import { sql } from 'kysely';
import type { Database } from '../../src/server/db/db';
import { createSession } from '../../src/server/auth/session';
import { hashPassword } from '../../src/server/auth/password';
import { createRedis } from '../../src/server/platform/redis';
import type { Policy } from '../../src/server/trpc/policy';
import { appRouter } from '../../src/server/router';
import type { CompanyRole } from '../../src/shared/domain/company-roles';
import { createCast, createCompany, nextOrgId, type Actor, type Cast } from './company-fixtures';
import { redisUrl, type TestServices } from './harness';

/** An anchor as the editor sends it: the passage "Skrevet" of a text seeded by client 1 (docs/decisions/0038). */
const commentAnchorSample = { start: { tname: 'content', item: { client: 1, clock: 0 }, assoc: 0 }, end: { tname: 'content', item: { client: 1, clock: 6 }, assoc: -1 } };

export type ActorName = Actor | 'platformAdmin';
/**
 * The access rule each procedure of the app router declares (`.meta({ access })` or its base
 * procedure's), by path; undefined for a procedure that declares none.
 */
export const accessRules: Record<string, Policy | undefined> = Object.fromEntries(
  Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { meta?: { access?: Policy } } }>).map(
    ([path, procedure]) => [path, procedure._def.meta?.access],
  ),
);

export const actorNames: ActorName[] = ['anonymous', 'outsider', 'owner', 'admin', 'employee', 'reviewer', 'platformAdmin'];

export const QUICK_PASSWORD = 'a long enough passphrase 1';

/** The argon2 hash of QUICK_PASSWORD, made once per process. */
let quickHashMade: Promise<string> | undefined;
const quickHash = () => (quickHashMade ??= hashPassword(QUICK_PASSWORD));

export interface SampleCast extends Cast {
  /** A worker that never runs by itself: it takes `drafts` jobs only to fail them on purpose. */
  failer: Worker;
  close(): Promise<void>;
}

/** The cast, with the outsider the owner of a company of their own. */
export async function createSampleCast(services: TestServices): Promise<SampleCast> {
  const cast = await createCast(services);
  const other = await services.db
    .insertInto('companies')
    .values({ org_id: nextOrgId(), name: 'Anden ApS', verified: true, created_by: cast.users.outsider.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await services.db.insertInto('memberships').values({ company_id: other.id, user_id: cast.users.outsider.id, role: 'owner' }).execute();
  const connection = createRedis(redisUrl, 'worker');
  const failer = new Worker('drafts', undefined, { connection, prefix: services.env.REDIS_PREFIX, autorun: false });
  return {
    ...cast,
    failer,
    async close() {
      await failer.close();
      connection.disconnect();
    },
  };
}

/**
 * One md5 per table of everything in it (every row as text, in a fixed order): equal
 * fingerprints before and after a call mean the call changed nothing in the database.
 */
const fingerprintQueries = new WeakMap<Database, string>();
export async function databaseFingerprint(db: Database): Promise<Record<string, string>> {
  let query = fingerprintQueries.get(db);
  if (!query) {
    const tables = await sql<{ name: string }>`
      SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
    query = tables.rows
      .map(({ name }) => `SELECT '${name}' AS name, md5(coalesce(string_agg(t::text, '' ORDER BY t::text), '')) AS hash FROM "${name}" t`)
      .join(' UNION ALL ');
    fingerprintQueries.set(db, query);
  }
  const result = await sql.raw<{ name: string; hash: string }>(query).execute(db);
  return Object.fromEntries(result.rows.map((row) => [row.name, row.hash]));
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter += 1)}${randomBytes(2).toString('hex')}`;
const sha256 = (value: string) => createHash('sha256').update(value).digest();

/** The rows one call may use, each made when the sample first asks for it. */
export class World {
  constructor(
    private readonly services: TestServices,
    private readonly cast: SampleCast,
  ) {}
  get users(): Cast['users'] {
    return this.cast.users;
  }
  private memo = new Map<string, Promise<unknown>>();
  private once<T>(key: string, make: () => Promise<T>): Promise<T> {
    if (!this.memo.has(key)) this.memo.set(key, make());
    return this.memo.get(key) as Promise<T>;
  }

  /**
   * A company where owner, admin, employee, reviewer (and `extra`, an employee) are members;
   * `coOwned`: `extra` is a second owner.
   */
  company({ coOwned = false }: { coOwned?: boolean } = {}): Promise<string> {
    return this.once(coOwned ? 'coOwnedCompany' : 'company', () => createCompany(this.services, this.cast, { name: 'Matrix ApS', coOwned }));
  }

  /** A company deleted a moment ago whose owner was the outsider: the restore link was sent to them (decision 0050). */
  deletedCompany(): Promise<string> {
    return this.once('deletedCompany', async () => {
      const { id } = await this.services.db
        .insertInto('companies')
        .values({ org_id: nextOrgId(), name: 'Slettet ApS', verified: true, created_by: this.cast.users.outsider.id, deleted_at: new Date(), deleted_by: this.cast.users.outsider.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.services.db.insertInto('deleted_company_members').values({ company_id: id, user_id: this.cast.users.outsider.id, role: 'owner', created_at: new Date() }).execute();
      return id;
    });
  }

  /** A deleted application of the company, still restorable. */
  deletedApplication(): Promise<string> {
    return this.once('deletedApplication', async () => {
      const [companyId, grant] = await Promise.all([this.company(), this.publicGrant()]);
      const { id } = await this.services.db
        .insertInto('applications')
        .values({ company_id: companyId, grant_id: grant.id, title: 'Slettet ansøgning', language: 'da', created_by: this.cast.users.owner.id, deleted_at: new Date(), deleted_by: this.cast.users.owner.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    });
  }

  /** A pending invitation of the company to the outsider (the invitee), as an employee. */
  invitation(): Promise<{ id: string; token: string; companyId: string }> {
    return this.once('invitation', async () => {
      const companyId = await this.company();
      const token = randomBytes(24).toString('base64url');
      const { id } = await this.services.db
        .insertInto('invitations')
        .values({
          company_id: companyId,
          email: this.cast.users.outsider.email,
          role: 'employee',
          token_hash: sha256(token),
          invited_by: this.cast.users.owner.id,
          expires_at: new Date(Date.now() + 3600_000),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id, token, companyId };
    });
  }

  /** A user of no company with a known password (hashed once, so this stays quick). */
  loner(): Promise<{ id: string; email: string }> {
    return this.once('loner', async () =>
      this.services.db
        .insertInto('users')
        .values({ email: `loner-${unique()}@example.com`, password_hash: await quickHash(), firstname: 'Lone', lastname: 'Wolf' })
        .returning(['id', 'email'])
        .executeTakeFirstOrThrow(),
    );
  }

  /** A company none of the people belongs to, owned by the loner: the one others ask to join. */
  claimedCompany(): Promise<{ id: string; orgId: string }> {
    return this.once('claimedCompany', async () => {
      const loner = await this.loner();
      const company = await this.services.db
        .insertInto('companies')
        .values({ org_id: nextOrgId(), name: 'Omstridt ApS', verified: true, created_by: loner.id })
        .returning(['id', 'org_id as orgId'])
        .executeTakeFirstOrThrow();
      await this.services.db.insertInto('memberships').values({ company_id: company.id, user_id: loner.id, role: 'owner' }).execute();
      return company;
    });
  }

  /** The owner's pending request to join the claimed company (their own row, for `self`). */
  ownJoinRequest(): Promise<string> {
    return this.once('ownJoinRequest', async () => {
      const company = await this.claimedCompany();
      const { id } = await this.services.db
        .insertInto('company_join_requests')
        .values({ company_id: company.id, user_id: this.cast.users.owner.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    });
  }

  /** The loner's pending request to join the company. */
  joinRequest(): Promise<{ companyId: string; requestId: string }> {
    return this.once('joinRequest', async () => {
      const companyId = await this.company();
      const loner = await this.loner();
      const { id } = await this.services.db
        .insertInto('company_join_requests')
        .values({ company_id: companyId, user_id: loner.id, message: 'Jeg arbejder her' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { companyId, requestId: id };
    });
  }

  /** An unread inbox item of the owner's (the loner's join request to the company), for `self`. */
  ownNotification(): Promise<string> {
    return this.once('ownNotification', async () => {
      const { companyId, requestId } = await this.joinRequest();
      const loner = await this.loner();
      const { id } = await this.services.db
        .insertInto('notifications')
        .values({ user_id: this.cast.users.owner.id, kind: 'join_request', company_id: companyId, join_request_id: requestId, actor_id: loner.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    });
  }

  fund(): Promise<{ id: string; slug: string }> {
    return this.once('fund', () =>
      this.services.db
        .insertInto('funds')
        .values({ slug: `fund-${unique()}`, name: 'Matrix Fund', description: 'A fund', url: 'https://example.com' })
        .returning(['id', 'slug'])
        .executeTakeFirstOrThrow(),
    );
  }

  /** A draft grant with two sections. */
  grant(): Promise<{ id: string; slug: string; version: number; sectionIds: string[] }> {
    return this.once('grant', async () => {
      const fund = await this.fund();
      const grant = await this.services.db
        .insertInto('grants')
        .values({ fund_id: fund.id, slug: `grant-${unique()}`, title: 'Matrix Grant', status: 'draft' })
        .returning(['id', 'slug', 'version'])
        .executeTakeFirstOrThrow();
      const sections = await this.services.db
        .insertInto('grant_sections')
        .values([
          { grant_id: grant.id, position: 0, kind: 'text', title: 'Summary' },
          { grant_id: grant.id, position: 1, kind: 'budget', title: 'Budget' },
        ])
        .returning('id')
        .execute();
      return { ...grant, sectionIds: sections.map((section) => section.id) };
    });
  }

  /** A grant the public sees (published, open). */
  publicGrant(): Promise<{ id: string; slug: string }> {
    return this.once('publicGrant', async () => {
      const grant = await this.grant();
      await this.services.db.updateTable('grants').set({ status: 'open', published_at: new Date() }).where('id', '=', grant.id).execute();
      return grant;
    });
  }

  /**
   * An application of the company to the public grant: its first section written and complete
   * (ready to be marked done), its second done.
   */
  application(): Promise<{ id: string; sectionIds: string[] }> {
    return this.once('application', async () => {
      const [companyId, grant] = await Promise.all([this.company(), this.publicGrant()]);
      const db = this.services.db;
      const { id } = await db
        .insertInto('applications')
        .values({ company_id: companyId, grant_id: grant.id, title: 'Matrixansøgning', created_by: this.cast.users.owner.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { sectionIds } = await this.grant();
      const sections = await db
        .insertInto('application_sections')
        .values([
          { application_id: id, grant_section_id: sectionIds[0]!, position: 0, status: 'validated', content: 'Skrevet' },
          { application_id: id, grant_section_id: sectionIds[1]!, position: 1, status: 'done', content: 'Færdig' },
        ])
        .returning('id')
        .execute();
      return { id, sectionIds: sections.map((section) => section.id) };
    });
  }

  /**
   * A finished check against the call of the application, its grant given a criterion, with one
   * open suggestion anchored to the first section's one paragraph ("Skrevet").
   */
  assessmentCheck(): Promise<{ applicationId: string; checkId: string; suggestionId: string; criterionId: string; grantId: string }> {
    return this.once('assessmentCheck', async () => {
      const application = await this.application();
      const grant = await this.grant();
      const db = this.services.db;
      const criterion = await db
        .insertInto('assessment_criteria')
        .values({ grant_id: grant.id, position: 0, name: 'Værdiskabelse', weight: 1, grant_section_ids: grant.sectionIds, signals: ['market_size'] })
        .returning('id')
        .executeTakeFirstOrThrow();
      const check = await db
        .insertInto('assessment_checks')
        .values({ application_id: application.id, requested_by: this.cast.users.owner.id, status: 'done', criteria: '[]', result: JSON.stringify({ criteria: [], readiness: 0 }), readiness: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const suggestion = await db
        .insertInto('assessment_suggestions')
        .values({ check_id: check.id, application_id: application.id, section_id: application.sectionIds[0]!, position: 0, kind: 'addition', text: '[Tal på markedet]', anchor: JSON.stringify(commentAnchorSample), paragraph: 'Skrevet' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { applicationId: application.id, checkId: check.id, suggestionId: suggestion.id, criterionId: criterion.id, grantId: grant.id };
    });
  }

  /** The check's suggestion marked applied while its paragraph still reads as the check read it (an apply undone). */
  appliedSuggestion(): Promise<{ applicationId: string; suggestionId: string }> {
    return this.once('appliedSuggestion', async () => {
      const check = await this.assessmentCheck();
      await this.services.db.updateTable('assessment_suggestions').set({ status: 'applied', decided_by: this.cast.users.owner.id, decided_at: new Date() }).where('id', '=', check.suggestionId).execute();
      return { applicationId: check.applicationId, suggestionId: check.suggestionId };
    });
  }

  /** A finished AI draft of the application's first section. */
  draft(): Promise<{ applicationId: string; draftId: string }> {
    return this.once('draft', async () => {
      const application = await this.application();
      const draft = await this.services.db
        .insertInto('ai_drafts')
        .values({ application_id: application.id, section_id: application.sectionIds[0]!, status: 'done', content: 'Et færdigt udkast' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { applicationId: application.id, draftId: draft.id };
    });
  }

  /** A model's finished budget draft proposing one row, on the application's budget section (reopened for it). */
  proposedRow(): Promise<{ applicationId: string; sectionId: string; draftId: string; rowId: string; fieldsVersion: number }> {
    return this.once('proposedRow', async () => {
      const application = await this.application();
      const sectionId = application.sectionIds[1]!;
      const db = this.services.db;
      const section = await db.updateTable('application_sections').set({ status: 'draft' }).where('id', '=', sectionId).returning('fields_version').executeTakeFirstOrThrow();
      const row = { id: 'rsteel', type: 'materials', name: 'Stål', description: 'Til prototypen', amount: 2_500_000 };
      const draft = await db
        .insertInto('ai_drafts')
        .values({ application_id: application.id, section_id: sectionId, status: 'done', proposals: JSON.stringify([{ row, problems: [], accepted: false }]) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { applicationId: application.id, sectionId, draftId: draft.id, rowId: row.id, fieldsVersion: section.fields_version };
    });
  }

  /** An earlier version of the application's first section, written by the employee. */
  sectionVersion(): Promise<{ applicationId: string; sectionId: string; versionId: string }> {
    return this.once('sectionVersion', async () => {
      const application = await this.application();
      const sectionId = application.sectionIds[0]!;
      const version = await this.services.db
        .insertInto('section_versions')
        .values({ section_id: sectionId, author_id: this.cast.users.employee.id, content: 'En tidligere tekst' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { applicationId: application.id, sectionId, versionId: version.id };
    });
  }

  /** The user id of the company's member in a role. */
  memberId(role: CompanyRole): string {
    return this.cast.users[role].id;
  }

  /** The application with every section done: ready to publish. */
  applicationAllDone(): Promise<string> {
    return this.once('applicationAllDone', async () => {
      const application = await this.application();
      await this.services.db.updateTable('application_sections').set({ status: 'done' }).where('application_id', '=', application.id).execute();
      return application.id;
    });
  }

  /** A comment thread on the application's first section. */
  commentThread(): Promise<string> {
    return this.once('commentThread', async () => {
      const application = await this.application();
      const row = await this.services.db
        .insertInto('section_comments')
        .values({ section_id: application.sectionIds[0]!, author_id: this.cast.users.employee.id, body: 'Kan vi skrive det kortere?' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
  }

  /** The application's first section, sent by the employee to every member who may review. */
  sectionInReview(): Promise<string> {
    return this.once('sectionInReview', async () => {
      const application = await this.application();
      const sectionId = application.sectionIds[0]!;
      const db = this.services.db;
      await db.updateTable('application_sections').set({ status: 'need_review' }).where('id', '=', sectionId).execute();
      await db
        .insertInto('section_reviewers')
        .values((['owner', 'admin', 'reviewer'] as const).map((role) => ({ section_id: sectionId, user_id: this.cast.users[role].id, requested_by: this.cast.users.employee.id })))
        .execute();
      return sectionId;
    });
  }

  /** The version of the section in review, as a reviewer reads it. */
  async sectionInReviewVersion(): Promise<number> {
    const sectionId = await this.sectionInReview();
    return (await this.services.db.selectFrom('application_sections').select('version').where('id', '=', sectionId).executeTakeFirstOrThrow()).version;
  }

  async section(): Promise<{ id: string; version: number }> {
    const grant = await this.grant();
    return this.services.db.selectFrom('grant_sections').select(['id', 'version']).where('id', '=', grant.sectionIds[0]!).executeTakeFirstOrThrow();
  }

  /** A grant-alert sign-up waiting for its confirmation link. */
  alertConfirmation(): Promise<string> {
    return this.once('alertConfirmation', async () => {
      const token = randomBytes(32).toString('base64url');
      await this.services.db
        .insertInto('grant_alerts')
        .values({
          email: `alert-${unique()}@example.com`,
          token_hash: sha256(token).toString('hex'),
          token_expires_at: new Date(Date.now() + 3600_000),
          pending: JSON.stringify({ locale: 'da', allFunds: true, fundIds: [] }),
        })
        .execute();
      return token;
    });
  }

  /** A confirmed subscriber who got an alert: the token of its unsubscribe link. */
  alertUnsubscribe(): Promise<string> {
    return this.once('alertUnsubscribe', async () => {
      const grant = await this.grant();
      const token = randomBytes(32).toString('base64url');
      const alert = await this.services.db
        .insertInto('grant_alerts')
        .values({ email: `subscriber-${unique()}@example.com`, confirmed_at: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.services.db
        .insertInto('grant_alert_deliveries')
        .values({ grant_id: grant.id, grant_alert_id: alert.id, claimed_at: new Date(), unsubscribe_token_hash: sha256(token).toString('hex') })
        .execute();
      return token;
    });
  }

  /** A live password-reset token for a user of its own. */
  resetToken(): Promise<string> {
    return this.once('resetToken', async () => {
      const user = await this.loner();
      const token = randomBytes(32).toString('base64url');
      await this.services.db.insertInto('password_resets').values({ id: sha256(token), user_id: user.id, expires_at: new Date(Date.now() + 3600_000) }).execute();
      return token;
    });
  }

  /** A verification link made for the outsider's account: only that account may follow it. */
  verifyToken(): Promise<string> {
    return this.once('verifyToken', async () => {
      const user = this.cast.users.outsider;
      const token = randomBytes(32).toString('base64url');
      await this.services.db
        .insertInto('email_verifications')
        .values({ id: sha256(token), user_id: user.id, email: user.email, expires_at: new Date(Date.now() + 3600_000) })
        .execute();
      return token;
    });
  }

  /** A second session of the company owner: what `auth.endSession` may end only for them. */
  ownerSession(): Promise<string> {
    return this.once('ownerSession', async () => (await createSession(this.services.db, this.cast.users.owner.id)).session.id);
  }

  /** A job of a queue in a given state. Failed jobs are made on `drafts`, which no worker here consumes. */
  async job(state: 'waiting' | 'delayed' | 'failed'): Promise<{ queue: 'email' | 'drafts'; id: string }> {
    if (state === 'failed') {
      await this.services.queues.queue('drafts').add('drafts', { draftId: randomUUID() }, { attempts: 1 });
      const token = randomUUID();
      const job = await this.cast.failer.getNextJob(token, { block: false });
      if (!job) throw new Error('no drafts job to fail');
      await job.moveToFailed(new Error('made to fail by the matrix test'), token, false);
      return { queue: 'drafts', id: job.id! };
    }
    const job = await this.services.queues.queue('email').add('email', { emailId: randomUUID() }, state === 'delayed' ? { delay: 3600_000 } : {});
    return { queue: 'email', id: job.id! };
  }
}

const grantFields = {
  slug: '',
  description: { da: 'Beskrevet' },
  url: 'https://example.com/grant',
  opensAt: null,
  deadlineAt: null,
  status: 'draft' as const,
  currency: 'DKK',
  amountMin: 50_000,
  amountMax: 1_500_000,
  maxFundingPct: 35,
  minInvoiceAmount: null,
  hourlyRate: 750,
  requirements: [],
};

/** A valid input for every procedure, made from the call's own world. */
export const samples: Record<string, (world: World) => unknown> = {
  'auth.me': () => undefined,
  'auth.signup': () => ({ firstname: 'Ny', lastname: 'Bruger', email: `signup-${unique()}@example.com`, password: 'a fine long passphrase', acceptPrivacy: true }),
  'auth.login': async (w) => ({ email: (await w.loner()).email, password: QUICK_PASSWORD }),
  'auth.logout': () => undefined,
  'auth.requestPasswordReset': async (w) => ({ email: (await w.loner()).email }),
  'auth.resetTokenStatus': async (w) => ({ token: await w.resetToken() }),
  'auth.resetPassword': async (w) => ({ token: await w.resetToken(), password: 'a brand new passphrase' }),
  'auth.updateProfile': () => ({ firstname: 'Renamed', lastname: 'Person', locale: 'en' }),
  'auth.updateUserInfo': () => ({ firstname: 'Renamed', lastname: 'Again' }),
  'auth.changePassword': () => ({ currentPassword: 'placeholder', newPassword: 'another fine passphrase' }),
  'auth.sessions': () => undefined,
  'auth.verifyEmail': async (w) => ({ token: await w.verifyToken() }),
  'auth.resendVerification': () => undefined,
  'auth.endSession': async (w) => ({ sessionId: await w.ownerSession() }),

  'system.sendTestEmail': () => ({ to: 'operator@example.com' }),

  'companies.list': () => undefined,
  'companies.get': async (w) => ({ companyId: await w.company() }),
  'companies.lookup': () => ({ orgId: nextOrgId() }),
  'companies.lookupStatus': () => ({ orgId: nextOrgId() }),
  'companies.create': () => ({ orgId: nextOrgId(), name: 'Ny Virksomhed ApS', website: 'ny.dk' }),
  'companies.update': async (w) => ({ companyId: await w.company(), name: 'Omdøbt ApS', website: 'https://omdoebt.dk', locale: 'en', version: 1 }),
  'companies.refresh': async (w) => ({ companyId: await w.company() }),
  'companies.answerTurnover': async (w) => ({ companyId: await w.company(), turnoverEur: 1_500_000 }),
  'grantsForYou.list': async (w) => ({ companyId: await w.company() }),
  // The password is the actor's own (authorization-matrix.test.ts puts it in).
  'companies.delete': async (w) => ({ companyId: await w.company(), name: 'Matrix ApS', password: 'placeholder' }),
  'companies.deletionSummary': async (w) => ({ companyId: await w.company() }),
  'companies.restorable': () => undefined,
  'companies.restore': async (w) => ({ companyId: await w.deletedCompany() }),
  'companies.members': async (w) => ({ companyId: await w.company() }),
  'companies.changeRole': async (w) => ({ companyId: await w.company(), userId: w.users.extra.id, role: 'reviewer' }),
  'companies.removeMember': async (w) => ({ companyId: await w.company(), userId: w.users.extra.id }),
  // Two owners, so that the owner may leave too; every member may, outsiders are not told it exists.
  'companies.leave': async (w) => ({ companyId: await w.company({ coOwned: true }) }),

  'companyClaims.requestJoin': async (w) => ({ orgId: (await w.claimedCompany()).orgId, message: 'Jeg er medejer' }),
  'companyClaims.mine': () => undefined,
  'companyClaims.withdraw': async (w) => ({ requestId: await w.ownJoinRequest() }),
  'companyClaims.pending': async (w) => ({ companyId: await w.company() }),
  'companyClaims.decide': async (w) => ({ ...(await w.joinRequest()), accept: true, role: 'employee' }),
  'companyClaims.adminSearch': () => ({ query: 'ApS' }),
  'companyClaims.adminTransfers': async (w) => ({ companyId: (await w.claimedCompany()).id }),
  'companyClaims.transferOwnership': async (w) => ({ companyId: (await w.claimedCompany()).id, email: w.users.extra.email, reason: 'Ejer ifølge CVR' }),

  'feedback.send': () => ({ message: 'Budgettet er svært at finde.', email: '', page: '/applications' }),
  'feedback.list': () => ({}),
  'notifications.settings': () => undefined,
  'notifications.updateSettings': () => ({ reviewRequests: true, mentions: false, reviewResults: true }),
  'notifications.inbox': () => ({}),
  'notifications.unreadCount': () => undefined,
  'notifications.watchUnread': () => undefined,
  'notifications.markRead': async (w) => ({ ids: [await w.ownNotification()] }),
  'notifications.markAllRead': () => undefined,

  'invitations.create': async (w) => ({ companyId: await w.company(), email: `invitee-${unique()}@example.com`, role: 'employee' }),
  'invitations.list': async (w) => ({ companyId: await w.company() }),
  'invitations.remove': async (w) => {
    const invitation = await w.invitation();
    return { companyId: invitation.companyId, invitationId: invitation.id };
  },
  'invitations.byToken': async (w) => ({ token: (await w.invitation()).token }),
  'invitations.accept': async (w) => ({ token: (await w.invitation()).token }),
  'invitations.decline': async (w) => ({ token: (await w.invitation()).token }),
  'invitations.mine': () => undefined,
  'invitations.acceptMine': async (w) => ({ invitationId: (await w.invitation()).id }),
  'invitations.declineMine': async (w) => ({ invitationId: (await w.invitation()).id }),

  'funds.list': () => undefined,
  'funds.bySlug': async (w) => {
    await w.publicGrant();
    return { slug: (await w.fund()).slug };
  },
  'funds.admin.list': () => undefined,
  'funds.admin.get': async (w) => ({ id: (await w.fund()).id }),
  'funds.admin.create': () => ({ name: { da: `New Fund ${unique()}` }, slug: '', description: { da: '' }, url: '' }),
  'funds.admin.update': async (w) => ({ id: (await w.fund()).id, name: { da: 'Renamed Fund' }, slug: '', description: { da: 'Changed' }, url: 'https://example.org' }),
  'funds.admin.delete': async (w) => ({ id: (await w.fund()).id }),

  'grants.list': () => ({}),
  'grants.bySlug': async (w) => ({ slug: (await w.publicGrant()).slug }),
  'grants.requirementsTest': async (w) => ({ slug: (await w.publicGrant()).slug }),
  'grants.admin.listByFund': async (w) => ({ fundId: (await w.fund()).id }),
  'grants.admin.get': async (w) => ({ id: (await w.grant()).id }),
  'grants.admin.rules': async (w) => ({ id: (await w.grant()).id }),
  'grants.admin.saveRules': async (w) => ({
    grantId: (await w.grant()).id,
    countries: ['DK'],
    companySize: 'sme',
    minAgeYears: null,
    maxAgeYears: null,
    naceIncluded: '',
    naceExcluded: '',
    legalForms: '',
    maxTurnoverEur: null,
    cofinancingPct: 40,
  }),
  'grants.admin.create': async (w) => ({ ...grantFields, fundId: (await w.fund()).id, title: { da: `New Grant ${unique()}` } }),
  'grants.admin.update': async (w) => {
    const grant = await w.grant();
    return { ...grantFields, id: grant.id, version: grant.version, title: { da: 'Renamed Grant' } };
  },
  'grants.admin.duplicate': async (w) => ({ id: (await w.grant()).id }),
  'grants.admin.delete': async (w) => ({ id: (await w.grant()).id }),
  'grants.admin.publish': async (w) => ({ id: (await w.grant()).id }),
  'grants.admin.unpublish': async (w) => ({ id: (await w.publicGrant()).id }),
  'grants.admin.addSection': async (w) => ({ grantId: (await w.grant()).id, kind: 'text', title: { da: 'Another section' } }),
  'grants.admin.reorderSections': async (w) => {
    const grant = await w.grant();
    return { grantId: grant.id, sectionIds: [...grant.sectionIds].reverse() };
  },
  'grants.admin.removeSection': async (w) => ({ id: (await w.section()).id }),
  'grants.admin.getSection': async (w) => ({ id: (await w.section()).id }),
  'grants.admin.updateSection': async (w) => {
    const section = await w.section();
    return { ...section, kind: 'text', title: { da: 'Summary, renamed' }, guidance: { da: 'Say it briefly' }, aiInstructions: '', requirements: [{ text: { da: 'Is brief' } }], inputs: [] };
  },

  'grantAlerts.signUp': () => ({ email: `alerts-${unique()}@example.com`, locale: 'da', fundIds: [] }),
  'grantAlerts.confirm': async (w) => ({ token: await w.alertConfirmation() }),
  'grantAlerts.unsubscribe': async (w) => ({ token: await w.alertUnsubscribe() }),

  'jobs.overview': () => undefined,
  'jobs.list': () => ({ queue: 'email', state: 'waiting' }),
  'jobs.job': (w) => w.job('waiting'),
  'jobs.retry': (w) => w.job('failed'),
  'jobs.retryAllFailed': async (w) => {
    await w.job('failed');
    return { queue: 'drafts' };
  },
  'jobs.remove': (w) => w.job('waiting'),
  'jobs.promote': (w) => w.job('delayed'),
  'jobs.pause': () => ({ queue: 'registry' }),
  'jobs.resume': () => ({ queue: 'registry' }),
  'jobs.search': () => ({ queue: 'email', text: 'welcome' }),
  'jobs.schedulers': () => undefined,
  'jobs.history': () => ({ queue: 'email', range: 'week', timeZone: 'Europe/Copenhagen' }),
  'jobs.warnings': () => undefined,
  'jobs.clean': () => ({ queue: 'email', state: 'completed', olderThanHours: 24 }),

  'applications.list': () => ({}),
  'applications.startOptions': async (w) => ({ grantId: (await w.publicGrant()).id }),
  'applications.create': async (w) => ({ companyId: await w.company(), grantId: (await w.publicGrant()).id, title: 'Ny ansøgning', language: 'da', description: 'Et projekt' }),
  'applications.get': async (w) => ({ applicationId: (await w.application()).id }),
  'applications.watch': async (w) => ({ applicationId: (await w.application()).id }),
  'applications.update': async (w) => ({ applicationId: (await w.application()).id, version: 1, title: 'Omdøbt ansøgning', language: 'en', description: 'Ændret' }),
  'applications.delete': async (w) => ({ applicationId: (await w.application()).id }),
  'applications.deletionSummary': async (w) => ({ applicationId: (await w.application()).id }),
  'applications.restorable': async (w) => ({ companyId: await w.company() }),
  'applications.restore': async (w) => ({ companyId: await w.company(), applicationId: await w.deletedApplication() }),
  'applications.section': async (w) => {
    const application = await w.application();
    return { applicationId: application.id, sectionId: application.sectionIds[0] };
  },
  'applications.saveSection': async (w) => {
    const application = await w.application();
    return { applicationId: application.id, sectionId: application.sectionIds[0], version: 1, content: 'Ny tekst', answers: {}, fulfilled: [] };
  },
  'applications.markDone': async (w) => {
    const application = await w.application();
    return { applicationId: application.id, sectionId: application.sectionIds[0] };
  },
  'applications.reopen': async (w) => {
    const application = await w.application();
    return { applicationId: application.id, sectionId: application.sectionIds[1] };
  },

  'coEditing.watch': async (w) => {
    const application = await w.application();
    return { applicationId: application.id, sectionId: application.sectionIds[0], clientId: 7 };
  },
  'coEditing.push': async (w) => {
    const application = await w.application();
    return { applicationId: application.id, sectionId: application.sectionIds[0], clientId: 7, update: typedUpdate('Skrevet sammen') };
  },
  'coEditing.awareness': async (w) => {
    const application = await w.application();
    // One awareness state of client 7 with no cursor: [count 1, client 7, clock 1, "{\"cursor\":null}"].
    return { applicationId: application.id, sectionId: application.sectionIds[0], clientId: 7, update: Buffer.from([1, 7, 1, 15, ...Buffer.from('{"cursor":null}')]).toString('base64') };
  },

  'drafts.request': async (w) => {
    const application = await w.application();
    return { applicationId: application.id, sectionId: application.sectionIds[0], instruction: 'Kortere' };
  },
  'drafts.requestAll': async (w) => ({ applicationId: (await w.application()).id }),
  'drafts.watch': (w) => w.draft(),
  'drafts.insertAll': async (w) => ({ applicationId: (await w.application()).id }),
  'drafts.acceptRow': (w) => w.proposedRow(),
  'presence.watch': async (w) => {
    const application = await w.application();
    return { applicationId: application.id, sectionId: application.sectionIds[0] };
  },
  'assessment.criteria.list': async (w) => ({ grantId: (await w.grant()).id }),
  'assessment.criteria.save': async (w) => ({ grantId: (await w.grant()).id, name: { da: 'Nyhedsværdi' }, weight: 2, grantSectionIds: [], signals: ['novelty'] }),
  'assessment.criteria.remove': async (w) => ({ id: (await w.assessmentCheck()).criterionId }),
  'assessment.request': async (w) => ({ applicationId: (await w.assessmentCheck()).applicationId }),
  'assessment.history': async (w) => ({ applicationId: (await w.assessmentCheck()).applicationId }),
  'assessment.get': async (w) => {
    const check = await w.assessmentCheck();
    return { applicationId: check.applicationId, checkId: check.checkId };
  },
  'assessment.latest': async (w) => ({ applicationId: (await w.assessmentCheck()).applicationId }),
  'assessment.watch': async (w) => {
    const check = await w.assessmentCheck();
    return { applicationId: check.applicationId, checkId: check.checkId };
  },
  'assessment.applySuggestion': async (w) => {
    const check = await w.assessmentCheck();
    return { applicationId: check.applicationId, suggestionId: check.suggestionId };
  },
  'assessment.dismissSuggestion': async (w) => {
    const check = await w.assessmentCheck();
    return { applicationId: check.applicationId, suggestionId: check.suggestionId };
  },
  'assessment.reopenSuggestion': async (w) => {
    const check = await w.appliedSuggestion();
    return { applicationId: check.applicationId, suggestionId: check.suggestionId };
  },
  'assessment.live': async (w) => ({ applicationId: (await w.assessmentCheck()).applicationId }),
  'drafts.latest': async (w) => {
    const application = await w.application();
    return { applicationId: application.id, sectionId: application.sectionIds[0] };
  },
  'reviews.section': async (w) => {
    const application = await w.application();
    return { applicationId: application.id, sectionId: application.sectionIds[0] };
  },
  'reviews.sendToReview': async (w) => {
    const application = await w.application();
    return { applicationId: application.id, sectionId: application.sectionIds[0], reviewerIds: [w.memberId('reviewer')] };
  },
  'reviews.approve': async (w) => ({ applicationId: (await w.application()).id, sectionId: await w.sectionInReview(), version: await w.sectionInReviewVersion() }),
  'reviews.reject': async (w) => ({ applicationId: (await w.application()).id, sectionId: await w.sectionInReview(), reason: 'Mangler tal' }),
  'reviews.comment': async (w) => ({ applicationId: (await w.application()).id, sectionId: await w.sectionInReview(), text: 'Uddyb markedet' }),
  'reviews.awaitingMe': () => ({}),
  'reviews.history': async (w) => ({ applicationId: (await w.application()).id }),
  'reviews.final': async (w) => ({ applicationId: (await w.application()).id }),
  'reviews.publish': async (w) => ({ applicationId: await w.applicationAllDone() }),
  'reviews.copy': async (w) => ({ applicationId: (await w.application()).id, title: 'Kopien' }),

  'versions.list': async (w) => {
    const application = await w.application();
    return { applicationId: application.id, sectionId: application.sectionIds[0] };
  },
  'versions.get': (w) => w.sectionVersion(),
  'versions.restore': (w) => w.sectionVersion(),

  'dataRights.requestExport': () => undefined,
  'dataRights.exports': () => undefined,
  'dataRights.requestCompanyExport': async (w) => ({ companyId: await w.company() }),
  'dataRights.companyExports': async (w) => ({ companyId: await w.company() }),
  'dataRights.deletionCheck': () => undefined,
  // Only the anonymous call is made (see the matrix): a signed-in one would delete the cast.
  'dataRights.deleteAccount': () => ({ password: 'not checked here' }),

  'answerLibrary.forSection': async (w) => {
    const application = await w.application();
    return { applicationId: application.id, sectionId: application.sectionIds[0], search: 'resumé' };
  },
  'fitToLimit.propose': async (w) => {
    const application = await w.application();
    return { applicationId: application.id, sectionId: application.sectionIds[0] };
  },

  'deadlines.plan': async (w) => ({ applicationId: (await w.application()).id }),
  'deadlines.setInternalDeadline': async (w) => ({ applicationId: (await w.application()).id, internalDeadline: '2030-01-15' }),
  'deadlines.assign': async (w) => {
    const application = await w.application();
    // No writer: giving it to someone schedules their digest, a Redis key that expires on its own
    // while later procedures are compared (tests/integration/deadlines.test.ts covers writers).
    return { applicationId: application.id, sectionId: application.sectionIds[0], writerId: null, dueOn: '2030-01-10' };
  },
  'deadlines.mine': () => undefined,
  'deadlines.dashboard': () => undefined,
  'deadlines.reminderSettings': () => undefined,
  'deadlines.updateReminderSettings': () => ({ emails: false }),
  'deadlines.calendar': () => undefined,
  'deadlines.makeCalendar': () => ({ renew: true }),
  'deadlines.companyCalendars': () => undefined,
  'deadlines.makeCompanyCalendar': async (w) => ({ companyId: await w.company(), renew: true }),

  'comments.threads': async (w) => {
    const application = await w.application();
    return { applicationId: application.id, sectionId: application.sectionIds[0] };
  },
  'comments.mentioningMe': () => ({}),
  'comments.openCounts': async (w) => ({ applicationId: (await w.application()).id }),
  'comments.add': async (w) => {
    const application = await w.application();
    return { applicationId: application.id, sectionId: application.sectionIds[0], body: 'Hvad mener du, @Rita?', quote: 'Skrevet', anchor: commentAnchorSample, mentionIds: [w.memberId('reviewer')] };
  },
  'comments.reply': async (w) => ({ applicationId: (await w.application()).id, threadId: await w.commentThread(), body: 'Enig', mentionIds: [] }),
  'comments.resolve': async (w) => ({ applicationId: (await w.application()).id, threadId: await w.commentThread(), resolved: true }),
};


/** A Yjs update that writes `text` at the start of a section's text, as an editor sends it. */
function typedUpdate(text: string): string {
  const doc = new Y.Doc();
  doc.getText('content').insert(0, text);
  return toBase64(Y.encodeStateAsUpdate(doc));
}
