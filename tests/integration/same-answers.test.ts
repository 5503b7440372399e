/**
 * The invitation flow and sign-up answer the same way — status, body, headers, e-mail sent and
 * (for inviting) timing — whether or not an e-mail address has an account, over real HTTP.
 * Sign-up alone may say "The email has already been taken", and nothing else differs.
 * Login and password reset are covered in auth.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { renderEmail } from '../../src/server/integrations/mail/render';
import type { EmailTemplateName } from '../../src/shared/emails';
import { createCast, createCompany, type Cast } from './company-fixtures';
import { createTestServices, createUser, type TestServices } from './harness';

let services: TestServices;
let cast: Cast;
let app: ReturnType<typeof createApp>;
let counter = 0;

beforeAll(async () => {
  services = await createTestServices({ APP_URL: 'https://grantwork.example' });
  cast = await createCast(services);
  app = createApp(services);
});
afterAll(() => services.close());

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

async function call(method: 'GET' | 'POST', procedure: string, input: unknown, token?: string): Promise<Answer> {
  const headers: Record<string, string> = { 'x-locale': 'en' };
  if (token) headers.authorization = `Bearer ${token}`;
  const encoded = JSON.stringify((input));
  const response =
    method === 'GET'
      ? await app.request(`/trpc/${procedure}?input=${encodeURIComponent(encoded)}`, { headers })
      : await app.request(`/trpc/${procedure}`, { method, headers: { ...headers, 'content-type': 'application/json' }, body: encoded });
  // Every request has an id of its own (X-Request-Id): it tells the requests apart, not the accounts.
  const responseHeaders = Object.fromEntries([...response.headers.entries()].filter(([name]) => name !== 'date' && name !== 'content-length' && name !== 'x-request-id'));
  return { status: response.status, headers: responseHeaders, body: await response.json() };
}

/** The answer with the values that differ by nature (ids, the address itself, times) replaced. */
function normalized(answer: Answer, replacements: Array<[string | RegExp, string]>): Answer {
  let text = JSON.stringify(answer);
  for (const [from, to] of replacements) text = text.split(from as string).join(to);
  text = text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>');
  text = text.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z/g, '<time>');
  return JSON.parse(text) as Answer;
}

async function lastEmailTo(to: string) {
  const row = await services.db.selectFrom('emails').selectAll().where('recipient', '=', to).orderBy('created_at', 'desc').limit(1).executeTakeFirstOrThrow();
  const rendered = renderEmail(row.template as EmailTemplateName, row.locale as 'da', row.params);
  const token = (row.params as { link: string }).link.split('/invitations/')[1]!;
  return { row, rendered, token };
}

function addresses() {
  counter += 1;
  return { existing: `has-account-${counter}@example.dk`, unknown: `no-account-${counter}@example.dk` };
}

describe('inviting an e-mail with an account and one without', () => {
  it('answers the same and sends the same e-mail', async () => {
    const companyId = await createCompany(services, cast);
    const { existing, unknown } = addresses();
    await createUser(services, { email: existing });

    const answers = [];
    for (const email of [existing, unknown]) {
      answers.push(await call('POST', 'invitations.create', { companyId, email, role: 'employee' }, cast.users.owner.token));
    }
    expect(answers[0]!.status).toBe(200);
    expect(normalized(answers[0]!, [[existing, '<email>']])).toEqual(normalized(answers[1]!, [[unknown, '<email>']]));

    const [sentToExisting, sentToUnknown] = [await lastEmailTo(existing), await lastEmailTo(unknown)];
    expect(sentToExisting.row.template).toBe(sentToUnknown.row.template);
    const strip = (text: string, email: string, token: string) => text.split(email).join('<email>').split(token).join('<token>');
    expect(strip(sentToExisting.rendered.subject, existing, sentToExisting.token)).toBe(strip(sentToUnknown.rendered.subject, unknown, sentToUnknown.token));
    expect(strip(sentToExisting.rendered.text, existing, sentToExisting.token)).toBe(strip(sentToUnknown.rendered.text, unknown, sentToUnknown.token));
  });

  it('takes about the same time for both', async () => {
    const companyId = await createCompany(services, cast);
    const time = async (email: string) => {
      const started = performance.now();
      const answer = await call('POST', 'invitations.create', { companyId, email, role: 'reviewer' }, cast.users.admin.token);
      expect(answer.status).toBe(200);
      return performance.now() - started;
    };
    await time('warmup@example.dk');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let index = 0; index < 7; index += 1) {
      const pair = addresses();
      await createUser(services, { email: pair.existing });
      known.push(await time(pair.existing));
      unknown.push(await time(pair.unknown));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[3]!;
    // Neither path looks the address up among the accounts: the difference is noise only.
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(Math.max(25, median(known) * 0.75));
  });

  it('shows, declines and refuses a wrong signed-in user the same way for both', async () => {
    const companyId = await createCompany(services, cast);
    const { existing, unknown } = addresses();
    await createUser(services, { email: existing });
    const tokens: Record<string, string> = {};
    for (const email of [existing, unknown]) {
      await call('POST', 'invitations.create', { companyId, email, role: 'employee' }, cast.users.owner.token);
      tokens[email] = (await lastEmailTo(email)).token;
    }
    const same = async (run: (email: string) => Promise<Answer>) => {
      const [a, b] = [await run(existing), await run(unknown)];
      expect(normalized(a, [[existing, '<email>']])).toEqual(normalized(b, [[unknown, '<email>']]));
      return a;
    };
    // What the link shows.
    expect((await same((email) => call('GET', 'invitations.byToken', { token: tokens[email] }))).status).toBe(200);
    // Accepting while signed in as somebody else.
    const refused = await same((email) => call('POST', 'invitations.accept', { token: tokens[email] }, cast.users.outsider.token));
    expect(refused.status).toBe(403);
    // Accepting without signing in.
    expect((await same((email) => call('POST', 'invitations.accept', { token: tokens[email] }))).status).toBe(401);
    // Declining, then the used link.
    expect((await same((email) => call('POST', 'invitations.decline', { token: tokens[email] }))).status).toBe(200);
    expect((await same((email) => call('GET', 'invitations.byToken', { token: tokens[email] }))).status).toBe(200);
    expect((await same((email) => call('POST', 'invitations.decline', { token: tokens[email] }))).status).toBe(409);
  });
});

describe('sign-up with a taken e-mail and a new one', () => {
  const form = (email: string, password = 'a perfectly fine passphrase') => ({ firstname: 'Kari', lastname: 'Nordmann', email, password, acceptPrivacy: true });

  it('says only that the e-mail is taken, on the e-mail field, with the status and headers of any refused form', async () => {
    const taken = `taken-${Date.now()}@example.dk`;
    await createUser(services, { email: taken });
    const answer = await call('POST', 'auth.signup', form(taken));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { message: 'error.validation', data: { appCode: 'VALIDATION', fieldErrors: { email: 'auth.emailTaken' } } } });
    const { messagesFor } = await import('../../src/shared/i18n');
    expect(messagesFor('en')['auth.emailTaken']).toBe('The email has already been taken');

    // Any other refused sign-up has the same status, headers and shape: only the field and key differ.
    const other = await call('POST', 'auth.signup', form(`fresh-${Date.now()}@example.dk`, 'password'));
    expect(other.status).toBe(answer.status);
    expect(other.headers).toEqual(answer.headers);
    expect(normalized(other, [['auth.passwordTooShort', '<key>'], ['auth.passwordCommon', '<key>'], ['"password"', '"<field>"']])).toEqual(
      normalized(answer, [['auth.emailTaken', '<key>'], ['"email"', '"<field>"']]),
    );
  });

  it('answers a taken and a new e-mail identically while anything else in the form is wrong', async () => {
    const taken = `taken-too-${Date.now()}@example.dk`;
    await createUser(services, { email: taken });
    for (const change of [{ password: 'short' }, { acceptPrivacy: false }, { firstname: '' }]) {
      const a = await call('POST', 'auth.signup', { ...form(taken), ...change });
      const b = await call('POST', 'auth.signup', { ...form(`new-${Date.now()}-${counter++}@example.dk`), ...change });
      expect(a.status).toBe(400);
      expect(a).toEqual(b);
    }
    // Nothing was created for the new addresses.
    const created = await services.db.selectFrom('users').select('id').where('email', 'like', 'new-%').execute();
    expect(created).toEqual([]);
  });
});
