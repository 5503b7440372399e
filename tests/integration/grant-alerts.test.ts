import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '../../src/server/app';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../../src/server/seed/seed';
import { createMailSender } from '../../src/server/integrations/mail/transport';
import { emailProcessor } from '../../worker/processors/email';
import { callerFor, createTestServices, createUser, type TestServices, startWorker, failureOf as failure, waitFor } from './harness';
import { readEmail } from '../eml';

let services: TestServices;
let admin: Awaited<ReturnType<typeof createUser>>;
let ipCounter = 0;

beforeAll(async () => {
  services = await createTestServices({ APP_URL: 'https://grants.example' });
  await seedCatalog(services.db);
  admin = await createUser(services, { platformRole: 'admin' });
});
afterAll(() => services.close());

const nextIp = () => `198.51.100.${(ipCounter += 1)}`;

/** An anonymous visitor from an address of their own (rate limits count per IP). */
function visitor(ip = nextIp()) {
  return callerFor(services, null, { ip });
}

function emailsTo(recipient: string, template?: string) {
  let query = services.db.selectFrom('emails').selectAll().where('recipient', '=', recipient);
  if (template) query = query.where('template', '=', template);
  return query.orderBy('created_at').execute();
}

function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token')!;
}

async function latestConfirmToken(email: string): Promise<string> {
  const rows = await emailsTo(email, 'grantAlertConfirm');
  return tokenOf((rows.at(-1)!.params as { link: string }).link);
}

async function subscribe(email: string, options: { fundIds?: string[]; locale?: 'da' | 'en' | 'nb' } = {}) {
  await (await visitor()).grantAlerts.signUp({ email, locale: options.locale ?? 'en', fundIds: options.fundIds ?? [] });
  await (await visitor()).grantAlerts.confirm({ token: await latestConfirmToken(email) });
}

describe('signing up for grant alerts', () => {
  it('sends a confirmation e-mail whose link carries a token kept only as its SHA-256, never in the job', async () => {
    await (await visitor()).grantAlerts.signUp({ email: 'Ida@Example.com', locale: 'nb', fundIds: [] });
    const [email] = await emailsTo('ida@example.com', 'grantAlertConfirm');
    expect(email).toMatchObject({ locale: 'nb', status: 'queued' });
    const link = new URL((email!.params as { link: string }).link);
    expect(link.origin + link.pathname).toBe('https://grants.example/');
    expect(link.searchParams.get('alerts')).toBe('confirm');
    expect(link.searchParams.get('lang')).toBe('nb');
    const token = link.searchParams.get('token')!;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const row = await services.db.selectFrom('grant_alerts').selectAll().where('email', '=', 'ida@example.com').executeTakeFirstOrThrow();
    expect(row.confirmed_at).toBeNull();
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    const job = await services.queues.queue('email').getJob(email!.id);
    expect(job?.data).toEqual({ emailId: email!.id, installation: services.env.installationId });
    expect(JSON.stringify(job?.data)).not.toContain(token);
  });

  it('confirms with the link once; the link cannot be used again', async () => {
    await (await visitor()).grantAlerts.signUp({ email: 'olle@example.com', locale: 'da', fundIds: [] });
    const token = await latestConfirmToken('olle@example.com');
    await (await visitor()).grantAlerts.confirm({ token });
    const row = await services.db.selectFrom('grant_alerts').selectAll().where('email', '=', 'olle@example.com').executeTakeFirstOrThrow();
    expect(row.confirmed_at).not.toBeNull();
    expect(row.token_hash).toBeNull();
    expect(await failure((await visitor()).grantAlerts.confirm({ token }))).toMatchObject({ appCode: 'NOT_FOUND', messageKey: 'grant-alerts.error.invalidLink' });
    expect((await failure((await visitor()).grantAlerts.confirm({ token: 'x'.repeat(43) }))).appCode).toBe('NOT_FOUND');
  });

  it('does not duplicate a subscriber who signs up again, and changes settings only once the new link is followed', async () => {
    const fund = await services.db.selectFrom('funds').select('id').executeTakeFirstOrThrow();
    await subscribe('kim@example.com', { locale: 'en' });
    await (await visitor()).grantAlerts.signUp({ email: 'KIM@example.com', locale: 'da', fundIds: [fund.id] });
    const rows = await services.db.selectFrom('grant_alerts').selectAll().where((eb) => eb(eb.fn('lower', ['email']), '=', 'kim@example.com')).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ locale: 'en', all_funds: true });
    expect(rows[0]!.confirmed_at).not.toBeNull();
    await (await visitor()).grantAlerts.confirm({ token: await latestConfirmToken('kim@example.com') });
    const after = await services.db.selectFrom('grant_alerts').selectAll().where('id', '=', rows[0]!.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ locale: 'da', all_funds: false });
    const interests = await services.db.selectFrom('grant_alert_funds').select('fund_id').where('grant_alert_id', '=', after.id).execute();
    expect(interests).toEqual([{ fund_id: fund.id }]);
  });

  it('limits sign-ups per e-mail address and per IP address', async () => {
    for (let i = 0; i < 3; i += 1) await (await visitor()).grantAlerts.signUp({ email: 'spam-target@example.com', locale: 'da', fundIds: [] });
    expect((await failure((await visitor()).grantAlerts.signUp({ email: 'spam-target@example.com', locale: 'da', fundIds: [] }))).appCode).toBe('RATE_LIMITED');
    expect(await emailsTo('spam-target@example.com')).toHaveLength(3);

    const sameIp = await visitor('203.0.113.9');
    for (let i = 0; i < 20; i += 1) await sameIp.grantAlerts.signUp({ email: `many${i}@example.com`, locale: 'da', fundIds: [] });
    const limited = await failure(sameIp.grantAlerts.signUp({ email: 'many-more@example.com', locale: 'da', fundIds: [] }));
    expect(limited.appCode).toBe('RATE_LIMITED');
    expect(limited.values?.minutes).toBeGreaterThan(0);
    await (await visitor('203.0.113.10')).grantAlerts.signUp({ email: 'many-more@example.com', locale: 'da', fundIds: [] });
  });

  it('refuses an invalid e-mail address', async () => {
    expect(await failure((await visitor()).grantAlerts.signUp({ email: 'not-an-email', locale: 'da', fundIds: [] }))).toMatchObject({
      appCode: 'VALIDATION',
      fieldErrors: { email: 'validation.email' },
    });
  });
});

describe('publishing a grant sends the alerts', () => {
  let fundA: string;
  let fundB: string;

  beforeAll(async () => {
    const caller = await callerFor(services, admin);
    fundA = (await caller.funds.admin.create({ name: { da: 'Alert Fund A' } })).id;
    fundB = (await caller.funds.admin.create({ name: { da: 'Alert Fund B' } })).id;
    await subscribe('all@example.com', { locale: 'da' });
    await subscribe('only-a@example.com', { fundIds: [fundA], locale: 'en' });
    await subscribe('only-b@example.com', { fundIds: [fundB] });
    await (await visitor()).grantAlerts.signUp({ email: 'unconfirmed@example.com', locale: 'da', fundIds: [] });
  });

  /** A draft grant with one section, so that it may be published. */
  async function draftGrant(fundId: string, title: string) {
    const caller = await callerFor(services, admin);
    const grant = await caller.grants.admin.create({
      fundId,
      title: { da: title },
      status: 'draft',
      currency: 'DKK',
      opensAt: null,
      deadlineAt: null,
      amountMin: null,
      amountMax: null,
      maxFundingPct: null,
      minInvoiceAmount: null,
      hourlyRate: null,
    });
    await caller.grants.admin.addSection({ grantId: grant.id, kind: 'text', title: { da: 'Project' } });
    return grant;
  }

  async function alertRecipients(grantTitle: string): Promise<string[]> {
    const rows = await services.db
      .selectFrom('emails')
      .select('recipient')
      .where('template', '=', 'grantAlert')
      .where(sql<boolean>`params->>'grantTitle' = ${grantTitle}`)
      .execute();
    return rows.map((row) => row.recipient).sort();
  }

  const expectedForA = ['all@example.com', 'olle@example.com', 'only-a@example.com'];

  it('e-mails every matching confirmed subscriber exactly once, even when publish is clicked twice', async () => {
    const caller = await callerFor(services, admin);
    const grant = await draftGrant(fundA, 'Twice Clicked');
    const first = await caller.grants.admin.publish({ id: grant.id });
    const second = await caller.grants.admin.publish({ id: grant.id });
    expect(first).toMatchObject({ published: true, alertsQueued: expectedForA.length });
    expect(second).toMatchObject({ published: false, alertsQueued: 0 });
    // kim@ chose only the demo fund when signing up again; ida@ never confirmed; only-b@ wants fund B.
    expect(await alertRecipients('Twice Clicked')).toEqual(expectedForA);
    const emailJobs = await services.queues.queue('email').getJobs(['waiting', 'delayed', 'active', 'completed', 'failed', 'prioritized']);
    const alertIds = (await services.db.selectFrom('emails').select('id').where('template', '=', 'grantAlert').execute()).map((row) => row.id);
    expect(emailJobs.filter((job) => alertIds.includes(job.id!))).toHaveLength(alertIds.length);
  });

  it('sends once when two publish clicks arrive at the same time, and not again after unpublish and publish', async () => {
    const caller = await callerFor(services, admin);
    const grant = await draftGrant(fundA, 'Raced Publish');
    const results = await Promise.all([caller.grants.admin.publish({ id: grant.id }), caller.grants.admin.publish({ id: grant.id }), caller.grants.admin.publish({ id: grant.id })]);
    expect(results.filter((result) => result.published)).toHaveLength(1);
    expect(await alertRecipients('Raced Publish')).toEqual(expectedForA);
    await caller.grants.admin.unpublish({ id: grant.id });
    await caller.grants.admin.publish({ id: grant.id });
    expect(await alertRecipients('Raced Publish')).toEqual(expectedForA);
  });

  it('alerts the subscribers of the grant’s own fund only', async () => {
    const caller = await callerFor(services, admin);
    const grant = await draftGrant(fundB, 'Fund B Grant');
    await caller.grants.admin.publish({ id: grant.id });
    expect(await alertRecipients('Fund B Grant')).toEqual(['all@example.com', 'olle@example.com', 'only-b@example.com']);
  });

  it('delivers an alert in the subscriber’s language with a one-click unsubscribe link that works once', async () => {
    const caller = await callerFor(services, admin);
    const worker = startWorker(services, 'email', emailProcessor({ db: services.db, mail: createMailSender(services.env), log: pino({ level: 'silent' }) }));
    try {
      const grant = await draftGrant(fundA, 'Unsubscribe Test');
      await services.db
        .updateTable('grants')
        .set({ deadline_at: new Date('2027-03-01T11:00:00Z'), amount_min: '100000', amount_max: '500000' })
        .where('id', '=', grant.id)
        .execute();
      await caller.grants.admin.publish({ id: grant.id });
      const sent = await waitFor(
        () =>
          services.db
            .selectFrom('emails')
            .select('location')
            .where('recipient', '=', 'only-a@example.com')
            .where('template', '=', 'grantAlert')
            .where('status', '=', 'sent')
            .where(sql<boolean>`params->>'grantTitle' = 'Unsubscribe Test'`)
            .executeTakeFirst(),
        15_000,
      );
      expect(sent.location).toBeTruthy();
      // Quoted-printable soft line breaks and escapes undone, as a mail reader would.
      const eml = readEmail(sent.location!);
      expect(eml).toContain('Subject: New grant: Unsubscribe Test');
      expect(eml).toContain('https://grants.example/grants/unsubscribe-test?lang=en');
      const unsubscribe = eml.match(/https:\/\/grants\.example\/\?alerts=unsubscribe&token=[A-Za-z0-9_-]+&lang=en/)?.[0];
      expect(unsubscribe).toBeTruthy();

      // The deadline and amounts, in the subscriber's language; and why they get it.
      expect(eml).toContain('Deadline: March 1, 2027 at 12:00 PM');
      expect(eml).toMatch(/Amount: DKK\s100,000 – DKK\s500,000/u);
      expect(eml).toContain('You receive this e-mail because you signed up for grant alerts.');
      expect(eml).not.toContain('because of your use of Grantwork');

      const token = tokenOf(unsubscribe!);
      // RFC 8058: the one-click address in the headers carries the same token.
      // (A long header is folded onto a second line.)
      expect(eml.replace(/\r?\n\s+/g, ' ')).toContain(`List-Unsubscribe: <https://grants.example/api/grant-alerts/unsubscribe?token=${token}>`);
      expect(eml).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(await (await visitor()).grantAlerts.unsubscribe({ token })).toEqual({ unsubscribed: true });
      expect(await services.db.selectFrom('grant_alerts').select('id').where('email', '=', 'only-a@example.com').executeTakeFirst()).toBeUndefined();
      expect(await (await visitor()).grantAlerts.unsubscribe({ token })).toEqual({ unsubscribed: false });

      const next = await draftGrant(fundA, 'After Unsubscribe');
      await caller.grants.admin.publish({ id: next.id });
      expect(await alertRecipients('After Unsubscribe')).toEqual(['all@example.com', 'olle@example.com']);
    } finally {
      await worker.close();
    }
  }, 30_000);

  it('ends an alert with a one-click POST from a mail client, over HTTP and without sign-in; a GET changes nothing', async () => {
    const server = serve({ fetch: createApp(services, { clientDir: '/nonexistent' }).fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await subscribe('one-click@example.com', { fundIds: [fundA], locale: 'da' });
      const grant = await draftGrant(fundA, 'One Click');
      await (await callerFor(services, admin)).grants.admin.publish({ id: grant.id });
      const params = await waitFor(() =>
        services.db.selectFrom('emails').select('params').where('recipient', '=', 'one-click@example.com').where('template', '=', 'grantAlert').executeTakeFirst(),
      );
      const token = tokenOf((params.params as { link: string }).link);
      const url = `${base}/api/grant-alerts/unsubscribe?token=${token}`;

      const looked = await fetch(url, { redirect: 'manual' });
      expect(looked.status).toBe(303);
      expect(await services.db.selectFrom('grant_alerts').select('id').where('email', '=', 'one-click@example.com').executeTakeFirst()).toBeDefined();

      const posted = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
      expect(posted.status).toBe(200);
      expect(await services.db.selectFrom('grant_alerts').select('id').where('email', '=', 'one-click@example.com').executeTakeFirst()).toBeUndefined();
      // Again, or with a made-up token: the same answer, so nothing tells whether an address was subscribed.
      expect((await fetch(url, { method: 'POST' })).status).toBe(200);
      expect((await fetch(`${base}/api/grant-alerts/unsubscribe?token=${'x'.repeat(43)}`, { method: 'POST' })).status).toBe(200);
      expect((await fetch(`${base}/api/grant-alerts/unsubscribe?token=%00`, { method: 'POST' })).status).toBe(400);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('"only grants my company fits"', () => {
  let fundC: string;
  let member: Awaited<ReturnType<typeof createUser>>;
  let companyId: string;

  beforeAll(async () => {
    fundC = (await (await callerFor(services, admin)).funds.admin.create({ name: { da: 'Alert Fund C' } })).id;
    member = await createUser(services);
    const company = await services.db
      .insertInto('companies')
      .values({ name: 'Fjord Data AS', country: 'NO', org_id: '923609016', created_by: member.user.id, verified: true, facts_source: 'brreg', nace: '62.01', employees_min: 12, employees_max: 12, legal_form_code: 'AS', start_date: '2019-03-01' })
      .returning('id')
      .executeTakeFirstOrThrow();
    companyId = company.id;
    await services.db.insertInto('memberships').values({ company_id: companyId, user_id: member.user.id, role: 'owner' }).execute();
  });

  async function publishWithRules(title: string, rules: { countries: Array<'DK' | 'NO' | 'FI'>; companySize: 'sme' | null }) {
    const caller = await callerFor(services, admin);
    const grant = await caller.grants.admin.create({ fundId: fundC, title: { da: title }, status: 'open', currency: 'NOK', opensAt: null, deadlineAt: null, amountMin: null, amountMax: null, maxFundingPct: null, minInvoiceAmount: null, hourlyRate: null });
    await caller.grants.admin.addSection({ grantId: grant.id, kind: 'text', title: { da: 'Project' } });
    await caller.grants.admin.saveRules({ grantId: grant.id, ...rules, minAgeYears: null, maxAgeYears: null, naceIncluded: '', naceExcluded: '', legalForms: '', maxTurnoverEur: null, cofinancingPct: null });
    await caller.grants.admin.publish({ id: grant.id });
  }

  const alertsOf = (recipient: string, title: string) =>
    services.db.selectFrom('emails').select(['params', 'locale']).where('template', '=', 'grantAlert').where('recipient', '=', recipient).where(sql<boolean>`params->>'grantTitle' = ${title}`).execute();

  it('is a member’s, for their own address: refused to a visitor, a stranger and another address', async () => {
    expect(await failure((await visitor()).grantAlerts.signUp({ email: member.user.email, locale: 'en', companyId }))).toMatchObject({ code: 'UNAUTHORIZED' });
    const stranger = await createUser(services);
    expect(await failure((await callerFor(services, stranger, { ip: nextIp() })).grantAlerts.signUp({ email: stranger.user.email, locale: 'en', companyId }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await failure((await callerFor(services, member, { ip: nextIp() })).grantAlerts.signUp({ email: 'someone-else@example.com', locale: 'en', companyId }))).toMatchObject({
      appCode: 'VALIDATION',
      fieldErrors: { email: 'grant-alerts.error.companyOwnAddress' },
    });
    expect(await emailsTo('someone-else@example.com')).toHaveLength(0);
  });

  it('sends no grant whose rules exclude the company, and says rule by rule why a sent one fits', async () => {
    await (await callerFor(services, member, { ip: nextIp() })).grantAlerts.signUp({ email: member.user.email, locale: 'en', fundIds: [fundC], companyId });
    await (await visitor()).grantAlerts.confirm({ token: await latestConfirmToken(member.user.email) });
    expect(await services.db.selectFrom('grant_alerts').select(['company_id', 'user_id']).where('email', '=', member.user.email).executeTakeFirstOrThrow()).toEqual({ company_id: companyId, user_id: member.user.id });

    await publishWithRules('For Danish SMEs', { countries: ['DK'], companySize: 'sme' });
    expect(await alertsOf(member.user.email, 'For Danish SMEs')).toHaveLength(0);
    // A visitor's alert without a company is sent as before.
    expect(await alertsOf('all@example.com', 'For Danish SMEs')).toHaveLength(1);

    await publishWithRules('For Norwegian SMEs', { countries: ['NO'], companySize: 'sme' });
    const [sent] = await alertsOf(member.user.email, 'For Norwegian SMEs');
    const facts = (sent!.params as { facts: string }).facts;
    expect(facts).toContain('Why the grant fits Fjord Data AS:\n- registered in Norway: for companies in Norway ✓\n- 12 employees: an SME (under 250 employees) ✓');
    // The visitor's alert says nothing of any company.
    const [visitorsAlert] = await alertsOf('all@example.com', 'For Norwegian SMEs');
    expect((visitorsAlert!.params as { facts: string }).facts).not.toContain('Fjord Data');
  });

  it('sends nothing once the person is no longer a member of the company', async () => {
    await services.db.deleteFrom('memberships').where('company_id', '=', companyId).where('user_id', '=', member.user.id).execute();
    await publishWithRules('For Norwegian companies', { countries: ['NO'], companySize: null });
    expect(await alertsOf(member.user.email, 'For Norwegian companies')).toHaveLength(0);
    expect(await alertsOf('all@example.com', 'For Norwegian companies')).toHaveLength(1);
  });
});
