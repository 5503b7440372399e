import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderEmail } from '../../src/server/integrations/mail/render';
import type { EmailTemplateName } from '../../src/shared/emails';
import { actors, createCast, createCompany, messageOf, outcome, type Actor, type Cast } from './company-fixtures';
import { callerFor, createTestServices, createUser, type TestServices } from './harness';

let services: TestServices;
let cast: Cast;

beforeAll(async () => {
  services = await createTestServices({ APP_URL: 'https://grantwork.example' });
  cast = await createCast(services);
});
afterAll(() => services.close());

/** The e-mail queued last for an address, rendered as the worker would, and the token in its link. */
async function lastInvitationEmail(to: string) {
  const row = await services.db
    .selectFrom('emails')
    .selectAll()
    .where('recipient', '=', to)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const rendered = renderEmail(row.template as EmailTemplateName, row.locale as 'da', row.params);
  const link = (row.params as { link: string }).link;
  const token = link.split('/invitations/')[1]!;
  return { row, rendered, link, token };
}

describe('permissions of the invitation procedures (docs/architecture.md, roles)', () => {
  const members = (owner: string, admin: string, employee: string, reviewer: string): Record<Actor, string> => ({
    owner,
    admin,
    employee,
    reviewer,
    outsider: 'NOT_FOUND',
    anonymous: 'UNAUTHORIZED',
  });
  let counter = 0;
  const cases = [
    {
      procedure: 'create',
      expected: members('ok', 'ok', 'FORBIDDEN', 'FORBIDDEN'),
      call: (caller: Cast['callers'][Actor], companyId: string) => caller.invitations.create({ companyId, email: `colleague${(counter += 1)}@example.com`, role: 'employee' }),
    },
    { procedure: 'list', expected: members('ok', 'ok', 'FORBIDDEN', 'FORBIDDEN'), call: (caller: Cast['callers'][Actor], companyId: string) => caller.invitations.list({ companyId }) },
    {
      procedure: 'remove',
      expected: members('ok', 'ok', 'FORBIDDEN', 'FORBIDDEN'),
      call: async (caller: Cast['callers'][Actor], companyId: string) => {
        // An address of its own each time: one address gets at most 3 invitations a day.
        const { invitationId } = await cast.callers.owner.invitations.create({ companyId, email: `to-remove-${companyId}@example.com`, role: 'reviewer' });
        return caller.invitations.remove({ companyId, invitationId });
      },
    },
  ];
  for (const { procedure, expected, call } of cases) {
    it.each(actors)(`invitations.${procedure} as %s`, async (actor) => {
      const companyId = await createCompany(services, cast);
      expect(await outcome(call(cast.callers[actor], companyId))).toBe(expected[actor]);
    });
  }

  it('lets an admin neither invite an owner nor remove an owner\'s invitation; an owner may', async () => {
    const companyId = await createCompany(services, cast);
    expect(await outcome(cast.callers.admin.invitations.create({ companyId, email: 'boss@example.com', role: 'owner' }))).toBe('FORBIDDEN');
    const { invitationId } = await cast.callers.owner.invitations.create({ companyId, email: 'boss@example.com', role: 'owner' });
    expect(await outcome(cast.callers.admin.invitations.remove({ companyId, invitationId }))).toBe('FORBIDDEN');
    expect(await outcome(cast.callers.owner.invitations.remove({ companyId, invitationId }))).toBe('ok');
  });

  it('cannot remove another company\'s invitation through one\'s own company', async () => {
    const mine = await createCompany(services, cast);
    const theirs = await createCompany(services, cast);
    const { invitationId } = await cast.callers.owner.invitations.create({ companyId: theirs, email: 'x@example.com', role: 'employee' });
    expect(await outcome(cast.callers.owner.invitations.remove({ companyId: mine, invitationId }))).toBe('NOT_FOUND');
  });

  it.each(actors)('byToken and decline are open to anyone holding the link; mine and accept need a user (%s)', async (actor) => {
    const caller = cast.callers[actor];
    expect(await outcome(caller.invitations.byToken({ token: 'unknown-token' }))).toBe('ok');
    expect(await outcome(caller.invitations.mine())).toBe(actor === 'anonymous' ? 'UNAUTHORIZED' : 'ok');
    expect(await outcome(caller.invitations.accept({ token: 'unknown-token' }))).toBe(actor === 'anonymous' ? 'UNAUTHORIZED' : 'NOT_FOUND');
    expect(await outcome(caller.invitations.decline({ token: 'unknown-token' }))).toBe('NOT_FOUND');
  });
});

describe('inviting a colleague', () => {
  it('e-mails a link in the company\'s language and stores only the SHA-256 of its token', async () => {
    const companyId = await createCompany(services, cast, { locale: 'en', name: 'Acme Robotics ApS' });
    await cast.callers.admin.invitations.create({ companyId, email: ' Kari.Nordmann@Example.com ', role: 'reviewer' });
    const { row, rendered, link, token } = await lastInvitationEmail('kari.nordmann@example.com');
    expect(row.locale).toBe('en');
    expect(link).toBe(`https://grantwork.example/invitations/${token}`);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(rendered.subject).toBe('Admin Tester invited you to Acme Robotics ApS on Grantwork');
    expect(rendered.text).toContain('as Reviewer');
    expect(rendered.text).toContain(link);

    const stored = await services.db.selectFrom('invitations').selectAll().where('company_id', '=', companyId).executeTakeFirstOrThrow();
    expect(stored.token_hash.equals(createHash('sha256').update(token).digest())).toBe(true);
    expect(stored.token_hash.toString('utf8')).not.toContain(token);
    expect(Date.parse(stored.expires_at) - Date.now()).toBeGreaterThan(13.9 * 24 * 3600 * 1000);
    expect(Date.parse(stored.expires_at) - Date.now()).toBeLessThanOrEqual(14 * 24 * 3600 * 1000);

    // The job carries only the e-mail's id, never the token.
    const jobs = await services.queues.queue('email').getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
    expect(JSON.stringify(jobs.map((job) => job.data))).not.toContain(token);
  });

  it('writes in the inviter\'s language when the company has none', async () => {
    const companyId = await createCompany(services, cast, { locale: null, name: 'Fjordtech AS' });
    await services.db.updateTable('users').set({ locale: 'nb' }).where('id', '=', cast.users.owner.id).execute();
    const owner = await callerFor(services, { token: cast.users.owner.token });
    await owner.invitations.create({ companyId, email: 'ola@example.no', role: 'employee' });
    await services.db.updateTable('users').set({ locale: 'da' }).where('id', '=', cast.users.owner.id).execute();
    const { row, rendered } = await lastInvitationEmail('ola@example.no');
    expect(row.locale).toBe('nb');
    expect(rendered.subject).toBe('Owner Tester har invitert deg til Fjordtech AS i Grantwork');
    expect(rendered.text).toContain('som Ansatt');
  });

  it('replaces the pending invitation when the same e-mail is invited again', async () => {
    const companyId = await createCompany(services, cast);
    await cast.callers.owner.invitations.create({ companyId, email: 'twice@example.com', role: 'employee' });
    const first = await lastInvitationEmail('twice@example.com');
    await cast.callers.owner.invitations.create({ companyId, email: 'TWICE@example.com', role: 'admin' });
    const second = await lastInvitationEmail('twice@example.com');
    expect(second.token).not.toBe(first.token);
    const pending = await cast.callers.owner.invitations.list({ companyId });
    expect(pending.filter((invitation) => invitation.email.toLowerCase() === 'twice@example.com').map((i) => i.role)).toEqual(['admin']);
    expect((await cast.callers.anonymous.invitations.byToken({ token: first.token })).status).toBe('unknown');
    expect((await cast.callers.anonymous.invitations.byToken({ token: second.token })).status).toBe('valid');
  });

  it('refuses an invalid e-mail, an invalid role, and a member', async () => {
    const companyId = await createCompany(services, cast);
    await expect(cast.callers.owner.invitations.create({ companyId, email: 'not-an-email', role: 'employee' })).rejects.toMatchObject({
      cause: { issues: [expect.objectContaining({ message: 'validation.email' })] },
    });
    await expect(cast.callers.owner.invitations.create({ companyId, email: 'a@example.com', role: 'boss' as never })).rejects.toMatchObject({
      cause: { issues: [expect.objectContaining({ message: 'companies.role.invalid' })] },
    });
    expect(await messageOf(cast.callers.owner.invitations.create({ companyId, email: cast.users.employee.email.toUpperCase(), role: 'admin' }))).toBe(
      'invitations.alreadyMember',
    );
  });
});

describe('accepting and declining', () => {
  it('makes the invited user a member with the invited role, once', async () => {
    const companyId = await createCompany(services, cast, { name: 'Bølge ApS' });
    const invitee = await createUser(services, { email: 'Invitee.One@example.com', firstname: 'Ines' });
    await cast.callers.owner.invitations.create({ companyId, email: 'invitee.one@example.com', role: 'reviewer' });
    const { token } = await lastInvitationEmail('invitee.one@example.com');

    const preview = await cast.callers.anonymous.invitations.byToken({ token });
    expect(preview).toMatchObject({ status: 'valid', invitation: { companyName: 'Bølge ApS', inviterName: 'Owner Tester', role: 'reviewer', email: 'invitee.one@example.com' } });

    const caller = await callerFor(services, { token: invitee.token });
    expect(await caller.invitations.accept({ token })).toEqual({ companyId, companyName: 'Bølge ApS', role: 'reviewer' });
    expect(await caller.companies.get({ companyId })).toMatchObject({ role: 'reviewer' });

    // Single use: the same link cannot be used again, by anyone.
    expect(await messageOf(caller.invitations.accept({ token }))).toBe('invitations.token.used');
    expect(await messageOf(cast.callers.anonymous.invitations.decline({ token }))).toBe('invitations.token.used');
    expect((await cast.callers.anonymous.invitations.byToken({ token })).status).toBe('used');
    expect(await cast.callers.owner.invitations.list({ companyId })).toEqual([]);
  });

  it('refuses an expired invitation, and an unknown or removed token', async () => {
    const companyId = await createCompany(services, cast);
    const invitee = await createUser(services, { email: 'late@example.com' });
    const caller = await callerFor(services, { token: invitee.token });
    await cast.callers.owner.invitations.create({ companyId, email: 'late@example.com', role: 'employee' });
    const { token } = await lastInvitationEmail('late@example.com');
    await services.db.updateTable('invitations').set({ expires_at: new Date(Date.now() - 1000) }).where('company_id', '=', companyId).execute();
    expect((await caller.invitations.byToken({ token })).status).toBe('expired');
    expect(await messageOf(caller.invitations.accept({ token }))).toBe('invitations.token.expired');
    expect(await caller.invitations.mine()).toEqual([]);
    expect(await outcome(caller.companies.get({ companyId }))).toBe('NOT_FOUND');

    await cast.callers.owner.invitations.create({ companyId, email: 'late@example.com', role: 'employee' });
    const renewed = await lastInvitationEmail('late@example.com');
    const [pending] = await cast.callers.owner.invitations.list({ companyId });
    await cast.callers.owner.invitations.remove({ companyId, invitationId: pending!.id });
    expect((await caller.invitations.byToken({ token: renewed.token })).status).toBe('unknown');
    expect(await messageOf(caller.invitations.accept({ token: renewed.token }))).toBe('invitations.token.unknown');
    expect(await messageOf(caller.invitations.accept({ token: 'x'.repeat(32) }))).toBe('invitations.token.unknown');
  });

  it('lets only the invited e-mail accept', async () => {
    const companyId = await createCompany(services, cast);
    await cast.callers.owner.invitations.create({ companyId, email: 'right@example.com', role: 'employee' });
    const { token } = await lastInvitationEmail('right@example.com');
    const stranger = await callerFor(services, { token: (await createUser(services, { email: 'wrong@example.com' })).token });
    const error = await stranger.invitations.accept({ token }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'FORBIDDEN', cause: { messageKey: 'invitations.wrongEmail', values: { email: 'right@example.com' } } });
    expect((await stranger.invitations.byToken({ token })).status).toBe('valid');
  });

  it('lets anyone holding the link decline it', async () => {
    const companyId = await createCompany(services, cast);
    await cast.callers.owner.invitations.create({ companyId, email: 'no-thanks@example.com', role: 'employee' });
    const { token } = await lastInvitationEmail('no-thanks@example.com');
    await cast.callers.anonymous.invitations.decline({ token });
    expect((await cast.callers.anonymous.invitations.byToken({ token })).status).toBe('used');
    expect(await cast.callers.owner.invitations.list({ companyId })).toEqual([]);
  });

  it('lists the signed-in user\'s pending invitations by e-mail, to accept or decline there', async () => {
    const first = await createCompany(services, cast, { name: 'Alpha ApS' });
    const second = await createCompany(services, cast, { name: 'Beta ApS' });
    const invitee = await createUser(services, { email: 'Many@Example.com' });
    const caller = await callerFor(services, { token: invitee.token });
    await cast.callers.owner.invitations.create({ companyId: first, email: 'many@example.com', role: 'admin' });
    await cast.callers.admin.invitations.create({ companyId: second, email: 'many@example.com', role: 'employee' });

    const mine = await caller.invitations.mine();
    expect(mine.map((invitation) => [invitation.companyName, invitation.role]).sort()).toEqual([
      ['Alpha ApS', 'admin'],
      ['Beta ApS', 'employee'],
    ]);
    const alpha = mine.find((invitation) => invitation.companyName === 'Alpha ApS')!;
    const beta = mine.find((invitation) => invitation.companyName === 'Beta ApS')!;

    // Somebody else cannot use these ids.
    expect(await outcome(cast.callers.outsider.invitations.acceptMine({ invitationId: alpha.id }))).toBe('NOT_FOUND');
    expect(await outcome(cast.callers.outsider.invitations.declineMine({ invitationId: beta.id }))).toBe('NOT_FOUND');

    await caller.invitations.acceptMine({ invitationId: alpha.id });
    await caller.invitations.declineMine({ invitationId: beta.id });
    expect(await caller.invitations.mine()).toEqual([]);
    expect((await caller.companies.list()).map((company) => [company.name, company.role])).toEqual([['Alpha ApS', 'admin']]);
    expect(await messageOf(caller.invitations.acceptMine({ invitationId: beta.id }))).toBe('invitations.token.used');
  });
});

describe('the sender cannot be turned on one inbox or made to write someone else’s lines', () => {
  it('sends one address at most 3 invitations a day, whoever sends them; the fourth is refused and sends nothing', async () => {
    const first = await createCompany(services, cast);
    const second = await createCompany(services, cast, { name: 'Anden ApS' });
    await cast.callers.owner.invitations.create({ companyId: first, email: 'target@example.com', role: 'employee' });
    await cast.callers.owner.invitations.create({ companyId: first, email: 'Target@example.com', role: 'employee' });
    await cast.callers.admin.invitations.create({ companyId: second, email: 'target@example.com', role: 'employee' });
    expect(await outcome(cast.callers.admin.invitations.create({ companyId: second, email: 'TARGET@example.com', role: 'reviewer' }))).toBe('RATE_LIMITED');
    const sent = await services.db.selectFrom('emails').select('id').where('recipient', 'in', ['target@example.com', 'Target@example.com', 'TARGET@example.com']).execute();
    expect(sent).toHaveLength(3);
  });

  it('keeps names on one line, and an e-mail never starts a line with a name nor shows it as a link', async () => {
    const { token, user } = await createUser(services);
    const attacker = await callerFor(services, { token });
    await attacker.auth.updateProfile({ firstname: 'Verify your account now: https://evil.test/login\r\n\u2028Mallory', lastname: 'x\u202e', locale: 'da' });
    const me = await services.db.selectFrom('users').select(['firstname', 'lastname']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect([me.firstname, me.lastname]).toEqual(['Verify your account now: https://evil.test/login Mallory', 'x']);
    // A name stored before names were kept on one line, used by an invitation.
    const companyId = await createCompany(services, cast, { name: 'Evil.test\nClick https://evil.test/login ApS' });
    await services.db.updateTable('users').set({ firstname: 'Verify your account now: https://evil.test/login\n\nBest regards', lastname: 'www.evil.test' }).where('id', '=', cast.users.admin.id).execute();
    await cast.callers.admin.invitations.create({ companyId, email: 'victim@example.com', role: 'employee' });
    await services.db.updateTable('users').set({ firstname: 'Admin', lastname: 'Tester' }).where('id', '=', cast.users.admin.id).execute();
    const { rendered, link } = await lastInvitationEmail('victim@example.com');
    for (const part of [rendered.text, rendered.html, rendered.subject]) {
      expect(part).not.toMatch(/https?:\/\/evil|evil\.test|www\.evil/i);
      expect(part).not.toMatch(/^\s*(Verify|Click|Best)/im);
    }
    // The product's own link is still a link.
    expect(rendered.text).toContain(link);
    expect(rendered.html).toContain(`<a href="${link}">`);
  });
});
