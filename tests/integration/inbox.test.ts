/**
 * The in-app inbox: an item for each mention, review request, review result, join request and
 * invitation; read marks that only the owner of an item can set; the digest e-mail leaving out
 * what was read in the app; the live unread count woken from another web process; and items of a
 * company one has left disappearing.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailSender } from '../../src/server/integrations/mail/transport';
import type { Services } from '../../src/server/services';
import { INBOX_PAGE_SIZE } from '../../src/shared/schemas/notifications';
import { notificationsProcessor } from '../../worker/processors/notifications';
import { readEmail } from '../eml';
import { createCast, createCompany, createOpenGrant, type Cast } from './company-fixtures';
import { asAnotherProcess, callerFor, createTestServices, createUser, type TestServices } from './harness';

let services: TestServices;
let cast: Cast;
let grantId: string;

beforeAll(async () => {
  services = await createTestServices({ APP_URL: 'https://grantwork.example' });
  cast = await createCast(services);
  ({ grantId } = await createOpenGrant(services, { slug: 'indbakke', fund: 'Indbakkefonden', grant: 'Indbakkepuljen' }));
});
afterAll(async () => {
  await services.close();
});

async function startApplication(companyId?: string) {
  const company = companyId ?? (await createCompany(services, cast, { name: 'Vindmølle ApS' }));
  const { id: applicationId } = await cast.callers.employee.applications.create({ companyId: company, grantId, title: 'Vindmøllen', language: 'da' });
  const [section] = (await cast.callers.employee.applications.get({ applicationId })).sections;
  await services.db.updateTable('application_sections').set({ status: 'draft', content: 'Tekst' }).where('id', '=', section!.id).execute();
  return { companyId: company, applicationId, sectionId: section!.id };
}

/** A user of their own (so counts start at nothing) and their caller. */
type Newcomer = Awaited<ReturnType<typeof newcomer>>;
async function newcomer(options: { verified?: boolean } = {}) {
  const created = await createUser(services, { firstname: 'Nina', lastname: 'Ny', ...options });
  return { ...created, caller: await callerFor(services, { token: created.token }) };
}

const processor = () =>
  notificationsProcessor({ db: services.db, mail: createMailSender(services.env), log: pino({ level: 'silent' }), appUrl: 'https://grantwork.example' });
const runDigest = (userId: string) => processor()({ data: { userId }, attemptsMade: 0, opts: { attempts: 5 } } as never);

/** A second web process on the same database and Redis prefix: its own live bus and subscriber connection. */
function anotherProcess(): Services & { close(): Promise<void> } {
  const other = asAnotherProcess(services);
  return { ...other, close: other.closeProcess };
}

describe('inbox items', () => {
  it('lists a mention, a review request and both review results with who, what and where, newest first', async () => {
    const { applicationId, sectionId, companyId } = await startApplication();
    await cast.callers.employee.comments.add({ applicationId, sectionId, body: '@Reviewer Tester se lige tallene', mentionIds: [cast.users.reviewer.id] });
    await cast.callers.employee.reviews.sendToReview({ applicationId, sectionId, reviewerIds: [cast.users.reviewer.id] });
    const reviewer = await callerFor(services, { token: cast.users.reviewer.token }, { locale: 'en' });
    const { items } = await reviewer.notifications.inbox({});
    const mine = items.filter((item) => item.applicationId === applicationId);
    expect(mine.map((item) => item.kind)).toEqual(['review_request', 'mention']);
    expect(mine[1]).toMatchObject({
      actorName: 'Employee Tester',
      excerpt: '@Reviewer Tester se lige tallene',
      applicationTitle: 'Vindmøllen',
      sectionId,
      sectionTitle: 'Idé',
      companyId,
      companyName: 'Vindmølle ApS',
      readAt: null,
    });
    await cast.callers.reviewer.reviews.reject({ applicationId, sectionId, reason: 'Tallene mangler' });
    const second = await startApplication();
    await cast.callers.employee.reviews.sendToReview({ ...second, reviewerIds: [cast.users.reviewer.id] });
    const read = await cast.callers.reviewer.applications.section({ applicationId: second.applicationId, sectionId: second.sectionId });
    await cast.callers.reviewer.reviews.approve({ applicationId: second.applicationId, sectionId: second.sectionId, version: read.version });
    const writer = (await cast.callers.employee.notifications.inbox({})).items;
    expect(writer.filter((item) => item.kind === 'approved' || item.kind === 'not_approved').slice(0, 2)).toMatchObject([
      { kind: 'approved', applicationId: second.applicationId, actorName: 'Reviewer Tester' },
      { kind: 'not_approved', applicationId, excerpt: 'Tallene mangler' },
    ]);
  });

  it('tells everyone in a thread of a reply — the one who started it and those who replied — never the one replying; a mention is told once', async () => {
    const starter = await newcomer();
    const created = await createUser(services, { firstname: 'Bo', lastname: 'Svar' });
    const replier = { ...created, caller: await callerFor(services, { token: created.token }) };
    const { applicationId, sectionId, companyId } = await startApplication();
    for (const person of [starter, replier]) await services.db.insertInto('memberships').values({ company_id: companyId, user_id: person.user.id, role: 'employee' }).execute();
    const thread = await starter.caller.comments.add({ applicationId, sectionId, body: 'Passer tallene?', mentionIds: [] });

    await replier.caller.comments.reply({ applicationId, threadId: thread.id, body: 'Ja, de er fra regnskabet.', mentionIds: [] });
    const kindsOf = async (caller: typeof starter.caller) => (await caller.notifications.inbox({})).items.filter((item) => item.applicationId === applicationId).map((item) => [item.kind, item.excerpt]);
    expect(await kindsOf(starter.caller)).toEqual([['reply', 'Ja, de er fra regnskabet.']]);
    expect(await kindsOf(replier.caller)).toEqual([]);

    // A third writes in the thread, mentioning one of them: both hear of it, the mentioned one once.
    await cast.callers.employee.comments.reply({ applicationId, threadId: thread.id, body: '@Bo Svar tak, så retter jeg', mentionIds: [replier.user.id] });
    expect(await kindsOf(starter.caller)).toEqual([
      ['reply', '@Bo Svar tak, så retter jeg'],
      ['reply', 'Ja, de er fra regnskabet.'],
    ]);
    expect(await kindsOf(replier.caller)).toEqual([['mention', '@Bo Svar tak, så retter jeg']]);
    // The one who started the thread replying tells the others, not themselves.
    await starter.caller.comments.reply({ applicationId, threadId: thread.id, body: 'Godt.', mentionIds: [] });
    expect((await kindsOf(replier.caller))[0]).toEqual(['reply', 'Godt.']);
    expect((await kindsOf(starter.caller))[0]).toEqual(['reply', '@Bo Svar tak, så retter jeg']);
    const employee = (await cast.callers.employee.notifications.inbox({})).items.filter((item) => item.applicationId === applicationId);
    expect(employee.map((item) => item.kind)).toEqual(['reply']);

    // The digest says it in the reader's language.
    expect(await runDigest(starter.user.id)).toMatchObject({ notifications: 2, emails: 1 });
    const mail = await services.db.selectFrom('emails').select('location').where('recipient', '=', starter.user.email).executeTakeFirstOrThrow();
    expect(readEmail(mail.location!)).toContain('Bo Svar svarede i en kommentartråd, du deltager i, om »');
  });

  it('respects the switches of the review kinds', async () => {
    const { applicationId, sectionId } = await startApplication();
    const extra = await callerFor(services, { token: cast.users.extra.token });
    await extra.notifications.updateSettings({ reviewRequests: true, mentions: false, reviewResults: true });
    try {
      const before = await extra.notifications.unreadCount();
      await cast.callers.employee.comments.add({ applicationId, sectionId, body: '@Extra Tester', mentionIds: [cast.users.extra.id] });
      expect(await extra.notifications.unreadCount()).toBe(before);
    } finally {
      await extra.notifications.updateSettings({ reviewRequests: true, mentions: true, reviewResults: true });
    }
  });

  it('tells the owners and admins of a company about a join request, opening its members page', async () => {
    const companyId = await createCompany(services, cast, { name: 'Eftertragtet ApS' });
    const { orgId } = await services.db.selectFrom('companies').select('org_id as orgId').where('id', '=', companyId).executeTakeFirstOrThrow();
    const asker = await newcomer();
    await asker.caller.companyClaims.requestJoin({ orgId, message: 'Jeg er medejer' });
    for (const manager of ['owner', 'admin'] as const) {
      const { items } = await cast.callers[manager].notifications.inbox({});
      expect(items[0]).toMatchObject({ kind: 'join_request', companyId, companyName: 'Eftertragtet ApS', actorName: 'Nina Ny', excerpt: 'Jeg er medejer', applicationId: null });
    }
    const employee = await cast.callers.employee.notifications.inbox({});
    expect(employee.items.filter((item) => item.companyId === companyId)).toEqual([]);
    // The managers' e-mails are sent as before, and never as a review digest.
    expect(await runDigest(cast.users.owner.id)).toMatchObject({ emails: 0 });
  });

  it('tells an invited user with a verified address, and nobody with an unverified one', async () => {
    const companyId = await createCompany(services, cast, { name: 'Inviterende ApS' });
    const verified = await newcomer();
    const unverified = await newcomer({ verified: false });
    await cast.callers.owner.invitations.create({ companyId, email: verified.user.email.toUpperCase(), role: 'employee' });
    await cast.callers.owner.invitations.create({ companyId, email: unverified.user.email, role: 'employee' });
    const { items } = await verified.caller.notifications.inbox({});
    expect(items).toMatchObject([{ kind: 'invitation', companyId, companyName: 'Inviterende ApS', actorName: 'Owner Tester' }]);
    expect(await verified.caller.notifications.unreadCount()).toBe(1);
    expect(await unverified.caller.notifications.inbox({})).toEqual({ items: [], nextCursor: null });
    // Invited again: the old invitation, and its item, are replaced.
    await cast.callers.owner.invitations.create({ companyId, email: verified.user.email, role: 'reviewer' });
    expect((await verified.caller.notifications.inbox({})).items).toHaveLength(1);
  });

  it('pages newest first', async () => {
    const reader = await newcomer();
    const { applicationId, sectionId, companyId } = await startApplication();
    await services.db.insertInto('memberships').values({ company_id: companyId, user_id: reader.user.id, role: 'employee' }).execute();
    const total = INBOX_PAGE_SIZE + 3;
    await services.db
      .insertInto('notifications')
      .values(
        Array.from({ length: total }, (_, index) => ({
          user_id: reader.user.id,
          kind: 'mention',
          application_id: applicationId,
          section_id: sectionId,
          company_id: companyId,
          actor_id: cast.users.employee.id,
          excerpt: `nr. ${index}`,
          created_at: new Date(Date.now() - (total - index) * 1000),
        })),
      )
      .execute();
    const first = await reader.caller.notifications.inbox({});
    expect(first.items).toHaveLength(INBOX_PAGE_SIZE);
    expect(first.items[0]!.excerpt).toBe(`nr. ${total - 1}`);
    const second = await reader.caller.notifications.inbox({ cursor: first.nextCursor });
    expect(second.items.map((item) => item.excerpt)).toEqual(['nr. 2', 'nr. 1', 'nr. 0']);
    expect(second.nextCursor).toBeNull();
  });
});

describe('reading', () => {
  it('marks one item or all read, and nobody else can mark them', async () => {
    const reader = await newcomer();
    const { applicationId, sectionId, companyId } = await startApplication();
    await services.db.insertInto('memberships').values({ company_id: companyId, user_id: reader.user.id, role: 'employee' }).execute();
    for (const text of ['én', 'to', 'tre']) {
      await cast.callers.employee.comments.add({ applicationId, sectionId, body: `@Nina Ny ${text}`, mentionIds: [reader.user.id] });
    }
    expect(await reader.caller.notifications.unreadCount()).toBe(3);
    const [newest] = (await reader.caller.notifications.inbox({})).items;

    // Another member names the reader's item: it matches nothing of theirs and stays unread.
    expect(await cast.callers.employee.notifications.markRead({ ids: [newest!.id] })).toEqual({ marked: 0 });
    expect(await cast.callers.owner.notifications.markAllRead()).toBeDefined();
    expect(await reader.caller.notifications.unreadCount()).toBe(3);
    expect((await cast.callers.employee.notifications.inbox({ cursor: newest!.id })).items).toEqual([]);

    expect(await reader.caller.notifications.markRead({ ids: [newest!.id] })).toEqual({ marked: 1 });
    expect(await reader.caller.notifications.unreadCount()).toBe(2);
    const items = (await reader.caller.notifications.inbox({})).items;
    expect(items[0]!.readAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(items.slice(1).map((item) => item.readAt)).toEqual([null, null]);

    expect(await reader.caller.notifications.markAllRead()).toEqual({ marked: 2 });
    expect(await reader.caller.notifications.unreadCount()).toBe(0);
  });

  it('leaves what was read in the app out of the digest, and sends none when nothing unread remains', async () => {
    const reader = await newcomer();
    const { applicationId, sectionId, companyId } = await startApplication();
    await services.db.insertInto('memberships').values({ company_id: companyId, user_id: reader.user.id, role: 'employee' }).execute();
    await cast.callers.employee.comments.add({ applicationId, sectionId, body: '@Nina Ny læst i appen', mentionIds: [reader.user.id] });
    await cast.callers.employee.comments.add({ applicationId, sectionId, body: '@Nina Ny ikke læst endnu', mentionIds: [reader.user.id] });
    const read = (await reader.caller.notifications.inbox({})).items.find((item) => item.excerpt.includes('læst i appen'))!;
    await reader.caller.notifications.markRead({ ids: [read.id] });
    expect(await runDigest(reader.user.id)).toEqual({ notifications: 1, emails: 1 });
    const mail = await services.db.selectFrom('emails').select('location').where('recipient', '=', reader.user.email).executeTakeFirstOrThrow();
    const text = readEmail(mail.location!);
    expect(text).toContain('ikke læst endnu');
    expect(text).not.toContain('læst i appen');

    // Everything read before the window ends: no e-mail at all.
    await cast.callers.employee.comments.add({ applicationId, sectionId, body: '@Nina Ny igen', mentionIds: [reader.user.id] });
    await reader.caller.notifications.markAllRead();
    expect(await runDigest(reader.user.id)).toEqual({ notifications: 0, emails: 0 });
    expect(await services.db.selectFrom('emails').select('id').where('recipient', '=', reader.user.email).execute()).toHaveLength(1);
  });
});

describe('the live count', () => {
  it('moves when a mention is written through another web process, and when the item is read', { timeout: 20_000 }, async () => {
    // Shorter than the stream's own re-count: only the Redis wake-up can make it pass.
    const other = anotherProcess();
    const reader = await newcomer();
    const { applicationId, sectionId, companyId } = await startApplication();
    await services.db.insertInto('memberships').values({ company_id: companyId, user_id: reader.user.id, role: 'employee' }).execute();
    const watching = await callerFor(other, { token: reader.token });
    const stream = (await watching.notifications.watchUnread())[Symbol.asyncIterator]();
    try {
      expect((await stream.next()).value).toBe(0);
      await cast.callers.employee.comments.add({ applicationId, sectionId, body: '@Nina Ny hej', mentionIds: [reader.user.id] });
      expect((await stream.next()).value).toBe(1);
      await reader.caller.notifications.markAllRead();
      expect((await stream.next()).value).toBe(0);
    } finally {
      await stream.return?.(undefined);
      await other.close();
    }
  });

  it('stops counting an invitation once it is answered, by link or from the list, accepted or declined', { timeout: 20_000 }, async () => {
    const companyId = await createCompany(services, cast, { name: 'Svarende ApS' });
    const answers = {
      acceptByLink: (invitee: Newcomer, token: string) => invitee.caller.invitations.accept({ token }),
      // Declining by link needs no sign-in.
      declineByLink: async (_invitee: Newcomer, token: string) => (await callerFor(services)).invitations.decline({ token }),
      acceptFromList: async (invitee: Newcomer) => invitee.caller.invitations.acceptMine({ invitationId: (await invitee.caller.invitations.mine())[0]!.id }),
      declineFromList: async (invitee: Newcomer) => invitee.caller.invitations.declineMine({ invitationId: (await invitee.caller.invitations.mine())[0]!.id }),
    };
    for (const [name, answer] of Object.entries(answers)) {
      const invitee = await newcomer();
      const stream = (await invitee.caller.notifications.watchUnread())[Symbol.asyncIterator]();
      try {
        expect((await stream.next()).value, name).toBe(0);
        await cast.callers.owner.invitations.create({ companyId, email: invitee.user.email, role: 'employee' });
        expect((await stream.next()).value, name).toBe(1);
        const email = await services.db.selectFrom('emails').select('params').where('recipient', '=', invitee.user.email).executeTakeFirstOrThrow();
        await answer(invitee, (email.params as { link: string }).link.split('/invitations/')[1]!);
        expect((await stream.next()).value, name).toBe(0);
      } finally {
        await stream.return?.(undefined);
      }
      // The item stays, read: what was asked, and that it was answered.
      expect((await invitee.caller.notifications.inbox({})).items, name).toMatchObject([{ kind: 'invitation', companyId }]);
      expect((await invitee.caller.notifications.inbox({})).items[0]!.readAt, name).not.toBeNull();
    }
  });

  it('drops the items of a company the user left, in the list and the live count', { timeout: 20_000 }, async () => {
    const reader = await newcomer();
    const { applicationId, sectionId, companyId } = await startApplication();
    await services.db.insertInto('memberships').values({ company_id: companyId, user_id: reader.user.id, role: 'employee' }).execute();
    await cast.callers.employee.comments.add({ applicationId, sectionId, body: '@Nina Ny hej', mentionIds: [reader.user.id] });
    const stream = (await reader.caller.notifications.watchUnread())[Symbol.asyncIterator]();
    try {
      expect((await stream.next()).value).toBe(1);
      await reader.caller.companies.leave({ companyId });
      expect((await stream.next()).value).toBe(0);
    } finally {
      await stream.return?.(undefined);
    }
    expect(await reader.caller.notifications.inbox({})).toEqual({ items: [], nextCursor: null });
    expect(await reader.caller.notifications.unreadCount()).toBe(0);
  });
});
