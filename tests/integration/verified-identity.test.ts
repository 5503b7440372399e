/**
 * Claims the product used to trust without checking: an e-mail address typed at sign-up, the
 * platform-admin bootstrap's address, and who changed a password. Each attack is reproduced as it
 * was found, through the real procedures and the real `npm run seed`.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passwordResetsSettled } from '../../src/server/features/auth/auth.service';
import { renderEmail } from '../../src/server/integrations/mail/render';
import type { EmailTemplateName } from '../../src/shared/emails';
import { createApplicationOf, createCast, createCompany, createOpenGrant, nextOrgId, type Cast } from './company-fixtures';
import { callerFor, createTestServices, createUser, deleteKeys, failureOf, type TestServices } from './harness';

let services: TestServices;
let cast: Cast;
let ipCounter = 0;

/** An anonymous caller from its own address, so one test's rate limits do not reach another. */
function anonymous(ip = `10.9.0.${++ipCounter}`) {
  return callerFor(services, null, { ip, userAgent: 'vitest' });
}

const signupData = { firstname: 'Eve', lastname: 'Probe', password: 'an attacker chosen password', acceptPrivacy: true as const };

beforeAll(async () => {
  services = await createTestServices({ APP_URL: 'https://grantwork.example' });
  cast = await createCast(services);
});
afterAll(() => services.close());
beforeEach(async () => {
  await deleteKeys(`${services.env.REDIS_PREFIX}:rate`);
});

/** The newest e-mail queued to an address with a template, rendered as the worker would send it. */
async function lastEmail(to: string, template: EmailTemplateName) {
  const row = await services.db
    .selectFrom('emails')
    .selectAll()
    .where('recipient', '=', to)
    .where('template', '=', template)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return { row, rendered: renderEmail(template, row.locale as 'da', row.params), link: (row.params as { link?: string }).link ?? '' };
}

async function emailsTo(to: string) {
  return services.db.selectFrom('emails').select('template').where('recipient', '=', to).execute();
}

describe('an e-mail address counts as proof only once a link sent to it was followed', () => {
  it('an owner invitation is neither listed to nor accepted by whoever signs up with the address first', async () => {
    const companyId = await createCompany(services, cast);
    await cast.callers.owner.invitations.create({ companyId, email: 'new-cfo@victim.test', role: 'owner' });
    const { token } = await (await anonymous()).auth.signup({ ...signupData, email: 'new-cfo@victim.test' });
    const attacker = await callerFor(services, { token });

    expect(await attacker.invitations.mine()).toEqual([]);
    const [invitation] = await cast.callers.owner.invitations.list({ companyId });
    const refusal = await failureOf(attacker.invitations.acceptMine({ invitationId: invitation!.id }));
    expect(refusal).toMatchObject({ code: 'FORBIDDEN', messageKey: 'auth.verify.required' });
    expect(await failureOf(attacker.invitations.declineMine({ invitationId: invitation!.id }))).toMatchObject({ code: 'FORBIDDEN' });
    const memberships = await services.db.selectFrom('memberships').select('role').where('company_id', '=', companyId).where('user_id', '=', (await attacker.auth.me())!.id).execute();
    expect(memberships).toEqual([]);
    // The account still works: it signs in and is told to confirm its address.
    expect(await attacker.auth.me()).toMatchObject({ email: 'new-cfo@victim.test', emailVerified: false });
  });

  it('sign-up sends a link in the user\'s language; following it verifies the address, once, and then the invitation can be accepted', async () => {
    const companyId = await createCompany(services, cast);
    await cast.callers.owner.invitations.create({ companyId, email: 'real-cfo@example.test', role: 'owner' });
    const { token: session } = await (await anonymous()).auth.signup({ ...signupData, firstname: 'Kari', email: 'real-cfo@example.test', locale: 'nb' });
    // A caller per step: each request reads its session's user afresh.
    const cfo = () => callerFor(services, { token: session });
    expect(await (await cfo()).auth.me()).toMatchObject({ emailVerified: false });

    const email = await lastEmail('real-cfo@example.test', 'verifyEmail');
    expect(email?.row.locale).toBe('nb');
    expect(email?.rendered.subject).toBe('Bekreft e-postadressen din i Grantwork');
    const token = new URL(email!.link).searchParams.get('token')!;
    expect(email!.link).toBe(`https://grantwork.example/verify-email?token=${token}`);
    // Only the token's hash is stored.
    expect(JSON.stringify(await services.db.selectFrom('email_verifications').selectAll().execute())).not.toContain(token);

    // Followed by nobody signed in, the link proves nothing: the page asks to sign in first.
    expect(await failureOf((await anonymous()).auth.verifyEmail({ token }))).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await (await cfo()).auth.verifyEmail({ token })).toEqual({ ok: true, email: 'real-cfo@example.test', already: false });
    expect(await (await cfo()).auth.me()).toMatchObject({ emailVerified: true });
    // Used, opened again by its own account: its work is done.
    expect(await (await cfo()).auth.verifyEmail({ token })).toEqual({ ok: true, email: 'real-cfo@example.test', already: true });

    const [invitation] = await (await cfo()).invitations.mine();
    expect(invitation).toMatchObject({ companyName: 'Testvirksomhed ApS', role: 'owner' });
    expect(await (await cfo()).invitations.acceptMine({ invitationId: invitation!.id })).toMatchObject({ role: 'owner' });
  });

  it('an invited colleague verified by the invitation link finds both links saying kindly that their work is done', async () => {
    const companyId = await createCompany(services, cast);
    await cast.callers.owner.invitations.create({ companyId, email: 'colleague@example.test', role: 'employee' });
    const invitationToken = (await lastEmail('colleague@example.test', 'invitation'))!.link.split('/invitations/')[1]!;
    const { token: session } = await (await anonymous()).auth.signup({ ...signupData, firstname: 'Kim', email: 'colleague@example.test' });
    const colleague = () => callerFor(services, { token: session });
    const signupLink = new URL((await lastEmail('colleague@example.test', 'verifyEmail'))!.link).searchParams.get('token')!;
    // Accepting through the invitation link verifies the address first.
    await (await colleague()).invitations.accept({ token: invitationToken });
    expect(await (await colleague()).auth.me()).toMatchObject({ emailVerified: true });
    // The sign-up link, opened afterwards, is not "invalid": the address is already confirmed.
    expect(await (await colleague()).auth.verifyEmail({ token: signupLink })).toEqual({ ok: true, email: 'colleague@example.test', already: true });
    // The invitation link, opened again by the one who accepted it, says where they are a member.
    expect(await (await colleague()).invitations.byToken({ token: invitationToken })).toEqual({
      status: 'used',
      invitation: null,
      joined: { companyId, companyName: 'Testvirksomhed ApS' },
    });
    // Anyone else holding the link is only told that it was used.
    expect(await (await anonymous()).invitations.byToken({ token: invitationToken })).toEqual({ status: 'used', invitation: null, joined: null });
  });

  it('refuses an expired link and a made-up one', async () => {
    const { token } = await createUser(services, { email: 'late@example.test', verified: false });
    const late = await callerFor(services, { token });
    await late.auth.resendVerification();
    const link = (await lastEmail('late@example.test', 'verifyEmail'))!.link;
    await services.db.updateTable('email_verifications').set({ expires_at: new Date(Date.now() - 1000) }).where('email', '=', 'late@example.test').execute();
    expect(await failureOf(late.auth.verifyEmail({ token: new URL(link).searchParams.get('token')! }))).toMatchObject({ code: 'BAD_REQUEST', messageKey: 'auth.verify.invalid' });
    expect(await failureOf(late.auth.verifyEmail({ token: 'x'.repeat(43) }))).toMatchObject({ code: 'BAD_REQUEST', messageKey: 'auth.verify.invalid' });
    expect(await late.auth.me()).toMatchObject({ emailVerified: false });
  });

  it('the invitation link is proof of the mailbox: an unverified account with the invited address accepts through it and is verified', async () => {
    const companyId = await createCompany(services, cast);
    const { user, token } = await createUser(services, { email: 'link-holder@example.test', verified: false });
    await cast.callers.owner.invitations.create({ companyId, email: 'link-holder@example.test', role: 'employee' });
    const link = (await lastEmail('link-holder@example.test', 'invitation'))!.link;
    const invitationToken = link.split('/invitations/')[1]!;
    const caller = await callerFor(services, { token });
    expect(await caller.invitations.accept({ token: invitationToken })).toMatchObject({ role: 'employee' });
    const row = await services.db.selectFrom('users').select('email_verified_at').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.email_verified_at).not.toBeNull();
  });

  it('an unverified account asks for a new link, limited per account', async () => {
    const { user, token } = await createUser(services, { email: 'resend@example.test', verified: false });
    const caller = await callerFor(services, { token });
    for (let i = 0; i < 3; i += 1) expect(await caller.auth.resendVerification()).toEqual({ ok: true });
    expect(await failureOf(caller.auth.resendVerification())).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect((await emailsTo('resend@example.test')).filter((email) => email.template === 'verifyEmail')).toHaveLength(3);
    // Only the newest link works.
    expect(await services.db.selectFrom('email_verifications').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1);
  });

  it('a password reset link proves the mailbox too', async () => {
    const { user } = await createUser(services, { email: 'reset-proves@example.test', verified: false });
    await (await anonymous()).auth.requestPasswordReset({ email: user.email });
    const email = await waitForEmail(user.email, 'passwordReset');
    const token = new URL(email.link).searchParams.get('token')!;
    await (await anonymous()).auth.resetPassword({ token, password: 'a new and long password' });
    const row = await services.db.selectFrom('users').select('email_verified_at').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.email_verified_at).not.toBeNull();
  });

  it('an unverified account is never named an owner: not by a role change, a join request or a platform admin\'s transfer', async () => {
    const companyId = await createCompany(services, cast);
    const newcomer = await createUser(services, { verified: false });
    await services.db.insertInto('memberships').values({ company_id: companyId, user_id: newcomer.user.id, role: 'employee' }).execute();
    expect(await failureOf(cast.callers.owner.companies.changeRole({ companyId, userId: newcomer.user.id, role: 'owner' }))).toMatchObject({
      code: 'FORBIDDEN',
      messageKey: 'auth.verify.requiredForOwner',
    });
    const platformAdmin = await callerFor(services, { token: (await createUser(services, { platformRole: 'admin' })).token });
    expect(await failureOf(platformAdmin.companyClaims.transferOwnership({ companyId, email: newcomer.user.email, reason: 'Asked by the registry owner' }))).toMatchObject({
      code: 'FORBIDDEN',
      messageKey: 'auth.verify.requiredForOwner',
    });
    const roles = await services.db.selectFrom('memberships').select(['user_id', 'role']).where('company_id', '=', companyId).where('role', '=', 'owner').execute();
    expect(roles.map((row) => row.user_id)).toEqual([cast.users.owner.id]);
  });

  it('an unverified account cannot ask to join a company, and company mail goes only to verified addresses', async () => {
    const companyId = await createCompany(services, cast);
    const orgId = (await services.db.selectFrom('companies').select('org_id').where('id', '=', companyId).executeTakeFirstOrThrow()).org_id;
    const unverified = await callerFor(services, { token: (await createUser(services, { verified: false })).token });
    expect(await failureOf(unverified.companyClaims.requestJoin({ orgId }))).toMatchObject({ code: 'FORBIDDEN', messageKey: 'auth.verify.required' });

    // The company's admin signed up before verification existed and never confirmed the address.
    await services.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', cast.users.admin.id).execute();
    try {
      const asker = await createUser(services);
      await (await callerFor(services, { token: asker.token })).companyClaims.requestJoin({ orgId });
      const recipients = await services.db.selectFrom('emails').select('recipient').where('template', '=', 'joinRequest').execute();
      expect(recipients.map((row) => row.recipient)).toContain(cast.users.owner.email);
      expect(recipients.map((row) => row.recipient)).not.toContain(cast.users.admin.email);
    } finally {
      await services.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', cast.users.admin.id).execute();
    }
  });
});

describe('a link proves an address only for the account that asked, and speaking for a company needs one', () => {
  it('a squatter who signed up with an invitee\'s address is not verified when the invitee follows the link: no membership, still unverified', async () => {
    const companyId = await createCompany(services, cast);
    await cast.callers.owner.invitations.create({ companyId, email: 'invitee@corp.test', role: 'admin' });
    const squatterSession = (await (await anonymous()).auth.signup({ ...signupData, email: 'invitee@corp.test' })).token;
    const squatter = () => callerFor(services, { token: squatterSession });
    // The link reached the invitee's mailbox. Opened where nobody is signed in, it asks for a sign-in.
    const link = new URL((await lastEmail('invitee@corp.test', 'verifyEmail'))!.link).searchParams.get('token')!;
    expect(await failureOf((await anonymous()).auth.verifyEmail({ token: link }))).toMatchObject({ code: 'UNAUTHORIZED' });
    // Signed in as the invitee's own other account, it says so and changes nothing.
    const invitee = await createUser(services, { email: 'invitee.private@home.test' });
    const refused = await failureOf((await callerFor(services, { token: invitee.token })).auth.verifyEmail({ token: link }));
    expect(refused).toMatchObject({ code: 'FORBIDDEN', messageKey: 'auth.verify.otherAccount', values: { email: 'invitee.private@home.test' } });
    expect(await services.db.selectFrom('email_verifications').select('user_id').where('email', '=', 'invitee@corp.test').execute()).toHaveLength(1);

    expect(await (await squatter()).auth.me()).toMatchObject({ emailVerified: false });
    expect(await (await squatter()).invitations.mine()).toEqual([]);
    const [invitation] = await cast.callers.owner.invitations.list({ companyId });
    expect(await failureOf((await squatter()).invitations.acceptMine({ invitationId: invitation!.id }))).toMatchObject({ code: 'FORBIDDEN' });
    const squatterId = (await (await squatter()).auth.me())!.id;
    expect(await services.db.selectFrom('memberships').select('role').where('user_id', '=', squatterId).execute()).toEqual([]);
    expect(await services.db.selectFrom('users').select('email_verified_at').where('id', '=', squatterId).executeTakeFirstOrThrow()).toEqual({ email_verified_at: null });
  });

  it('the link leads back to where the person was going, and only to a path of this site', async () => {
    await (await anonymous()).auth.signup({ ...signupData, email: 'from-grant@example.test', redirect: '/grants/innobooster/start' });
    const link = new URL((await lastEmail('from-grant@example.test', 'verifyEmail'))!.link);
    expect(link.pathname).toBe('/verify-email');
    expect(link.searchParams.get('redirect')).toBe('/grants/innobooster/start');

    await (await anonymous()).auth.signup({ ...signupData, email: 'elsewhere@example.test', redirect: '//evil.example/phish' });
    expect(new URL((await lastEmail('elsewhere@example.test', 'verifyEmail'))!.link).searchParams.has('redirect')).toBe(false);

    const { token } = await createUser(services, { email: 'asks-again@example.test', verified: false });
    await (await callerFor(services, { token })).auth.resendVerification({ redirect: '/onboarding/company?redirect=%2Fgrants%2Fx%2Fstart' });
    expect(new URL((await lastEmail('asks-again@example.test', 'verifyEmail'))!.link).searchParams.get('redirect')).toBe('/onboarding/company?redirect=%2Fgrants%2Fx%2Fstart');
  });

  it('an unverified account cannot create a company, ask the registry, invite or lock; nothing is e-mailed in the company\'s name', async () => {
    const unverified = await createUser(services, { verified: false });
    const caller = await callerFor(services, { token: unverified.token });
    const orgId = nextOrgId();
    expect(await failureOf(caller.companies.lookup({ orgId }))).toMatchObject({ code: 'FORBIDDEN', messageKey: 'auth.verify.requiredForCompany' });
    expect(await failureOf(caller.companies.create({ orgId, name: 'Un Verified ApS' }))).toMatchObject({ code: 'FORBIDDEN', messageKey: 'auth.verify.requiredForCompany' });
    expect(await services.db.selectFrom('companies').select('id').where('org_id', '=', orgId).execute()).toEqual([]);

    // An owner from before verification existed, who never confirmed: the company stays theirs, but it sends nothing in its name.
    const grant = await createOpenGrant(services, { slug: `unverified-${nextOrgId()}`, fund: 'Fond', grant: 'Pulje' });
    const app = await createApplicationOf(services, grant, { company: 'Gammel ApS', application: 'Gammel ansøgning' });
    await services.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', app.owner.user.id).execute();
    const owner = await callerFor(services, { token: app.owner.token });
    expect(await failureOf(owner.invitations.create({ companyId: app.companyId, email: 'someone@outside.test', role: 'employee' }))).toMatchObject({
      code: 'FORBIDDEN',
      messageKey: 'auth.verify.requiredForCompany',
    });
    expect(await failureOf(owner.companies.refresh({ companyId: app.companyId }))).toMatchObject({ code: 'FORBIDDEN', messageKey: 'auth.verify.requiredForCompany' });
    await services.db.updateTable('application_sections').set({ status: 'done', content: 'Færdig tekst.' }).where('application_id', '=', app.applicationId).execute();
    expect(await failureOf(owner.reviews.publish({ applicationId: app.applicationId }))).toMatchObject({ code: 'FORBIDDEN', messageKey: 'auth.verify.requiredForCompany' });
    expect(await emailsTo('someone@outside.test')).toEqual([]);
    const sent = await services.db.selectFrom('emails').select('template').where('template', 'in', ['invitation', 'applicationLocked']).where('recipient', 'in', ['someone@outside.test', app.writer.user.email]).execute();
    expect(sent).toEqual([]);
  });

  it('an unverified member is not made an admin (asking to join already needs a verified address)', async () => {
    const companyId = await createCompany(services, cast);
    const newcomer = await createUser(services, { verified: false });
    await services.db.insertInto('memberships').values({ company_id: companyId, user_id: newcomer.user.id, role: 'employee' }).execute();
    expect(await failureOf(cast.callers.owner.companies.changeRole({ companyId, userId: newcomer.user.id, role: 'admin' }))).toMatchObject({
      code: 'FORBIDDEN',
      messageKey: 'auth.verify.requiredForOwner',
    });
    const role = await services.db.selectFrom('memberships').select('role').where('company_id', '=', companyId).where('user_id', '=', newcomer.user.id).executeTakeFirstOrThrow();
    expect(role.role).toBe('employee');
  });

  it('lock receipts go only to verified addresses', async () => {
    const grant = await createOpenGrant(services, { slug: `receipts-${nextOrgId()}`, fund: 'Fond', grant: 'Pulje' });
    const app = await createApplicationOf(services, grant, { company: 'Kvittering ApS', application: 'Kvitteringer' });
    await services.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', app.writer.user.id).execute();
    await services.db.updateTable('application_sections').set({ status: 'done', content: 'Færdig tekst.' }).where('application_id', '=', app.applicationId).execute();
    await (await callerFor(services, { token: app.owner.token })).reviews.publish({ applicationId: app.applicationId });
    const receipts = await services.db.selectFrom('emails').select('recipient').where('template', '=', 'applicationLocked').where('recipient', 'in', [app.owner.user.email, app.writer.user.email]).execute();
    expect(receipts.map((row) => row.recipient)).toEqual([app.owner.user.email]);
  });
});

describe('an e-mail after a password change or reset', () => {
  it('tells the user in their language when the password was changed, with a link to reset it if it was not them', async () => {
    const { user, token, password } = await createUser(services, { email: 'changed@example.test' });
    await services.db.updateTable('users').set({ locale: 'en' }).where('id', '=', user.id).execute();
    await (await callerFor(services, { token })).auth.changePassword({ currentPassword: password, newPassword: 'a different long password' });
    const email = await lastEmail('changed@example.test', 'passwordChanged');
    expect(email?.row.locale).toBe('en');
    expect(email?.rendered.subject).toBe('Your Grantwork password was changed');
    expect(email?.rendered.text).toContain('https://grantwork.example/forgotten-password');
  });

  it('tells the user after a reset too', async () => {
    const { user } = await createUser(services, { email: 'was-reset@example.test' });
    await services.db.updateTable('users').set({ locale: 'da' }).where('id', '=', user.id).execute();
    await (await anonymous()).auth.requestPasswordReset({ email: user.email });
    const reset = await waitForEmail(user.email, 'passwordReset');
    await (await anonymous()).auth.resetPassword({ token: new URL(reset.link).searchParams.get('token')!, password: 'a new and long password' });
    const email = await lastEmail('was-reset@example.test', 'passwordChanged');
    expect(email?.rendered.subject).toBe('Din adgangskode til Grantwork er ændret');
    expect(email?.rendered.text).toContain('https://grantwork.example/forgotten-password');
  });
});

/** A reset e-mail is queued after the answer (its timing must not tell whether the account exists): wait for that work. */
async function waitForEmail(to: string, template: EmailTemplateName) {
  await passwordResetsSettled();
  const email = await lastEmail(to, template);
  if (!email) throw new Error(`no ${template} e-mail to ${to}`);
  return email;
}

describe('the platform-admin bootstrap never promotes or changes an account it did not make', () => {
  function seed(extraEnv: Record<string, string>): Promise<{ code: number | null; output: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/seed.ts'], {
        env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: services.scratch.url, ...extraEnv },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('error', reject);
      child.once('exit', (code) => resolve({ code, output }));
    });
  }

  it('refuses to make a self-registered account the admin, saying which variable and what to do', async () => {
    await (await anonymous()).auth.signup({ ...signupData, email: 'ops-team@probe.test' });
    const before = await services.db.selectFrom('users').selectAll().where('email', '=', 'ops-team@probe.test').executeTakeFirstOrThrow();

    const start = await seed({ ADMIN_EMAIL: 'ops-team@probe.test', ADMIN_PASSWORD: 'the operator chose this one' });
    expect(start.output).toContain('ADMIN_EMAIL=ops-team@probe.test');
    expect(start.output).toContain('npm run admin -- ops-team@probe.test');
    expect(start.code).toBe(1);
    const after = await services.db.selectFrom('users').selectAll().where('email', '=', 'ops-team@probe.test').executeTakeFirstOrThrow();
    expect(after).toMatchObject({ platform_role: 'user', password_hash: before.password_hash });
  }, 60_000);

  it('a second start with the admin it made works, and a changed ADMIN_PASSWORD changes nothing but is reported', async () => {
    const first = await seed({ ADMIN_EMAIL: 'operator@probe.test', ADMIN_PASSWORD: 'the operator chose this one' });
    expect(first).toMatchObject({ code: 0 });
    expect(first.output).toContain('Platform admin created: operator@probe.test');
    const second = await seed({ ADMIN_EMAIL: 'operator@probe.test', ADMIN_PASSWORD: 'the operator chose this one' });
    expect(second.code).toBe(0);
    expect(second.output).not.toContain('ADMIN_');
    await expect((await anonymous()).auth.login({ email: 'operator@probe.test', password: 'the operator chose this one' })).resolves.toHaveProperty('token');

    const third = await seed({ ADMIN_EMAIL: 'operator@probe.test', ADMIN_PASSWORD: 'another password entirely' });
    expect(third.code).toBe(0);
    expect(third.output).toContain('ADMIN_PASSWORD is not the password of the platform admin operator@probe.test');
    await expect((await anonymous()).auth.login({ email: 'operator@probe.test', password: 'the operator chose this one' })).resolves.toHaveProperty('token');
  }, 60_000);
});
