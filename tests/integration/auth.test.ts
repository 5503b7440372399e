import { createHash } from 'node:crypto';
import type { Worker } from 'bullmq';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setPlatformAdmin } from '../../src/server/cli/admin';
import { createMailSender } from '../../src/server/integrations/mail/transport';
import { emailProcessor } from '../../worker/processors/email';
import { readEmail } from '../eml';
import { callerFor, createTestServices, createUser, deleteKeys, type TestServices, startWorker, failureOf as failure, waitFor } from './harness';

let services: TestServices;
let worker: Worker;
let ipCounter = 0;

/** An anonymous caller from its own IP address, so rate limits of other tests do not interfere. */
function anonymous(ip = `10.0.0.${++ipCounter}`) {
  return callerFor(services, null, { ip, userAgent: 'vitest' });
}

const signupData = { firstname: 'Mette', lastname: 'Hansen', password: 'en lang og god adgangskode', acceptPrivacy: true as const };

beforeAll(async () => {
  services = await createTestServices({ APP_URL: 'https://grantwork.example' });
  worker = startWorker(services, 'email', emailProcessor({ db: services.db, mail: createMailSender(services.env), log: pino({ level: 'silent' }) }));
});
afterAll(async () => {
  await worker.close();
  await services.close();
});
beforeEach(async () => {
  await deleteKeys(`${services.env.REDIS_PREFIX}:rate`);
});

function sentEmailTo(recipient: string) {
  return waitFor(() => services.db.selectFrom('emails').selectAll().where('recipient', '=', recipient).where('status', '=', 'sent').orderBy('created_at', 'desc').executeTakeFirst());
}

describe('sign-up', () => {
  it('creates the user with an argon2id hash and a session whose secret is stored only as a hash', async () => {
    const { token } = await (await anonymous()).auth.signup({ ...signupData, email: 'Mette@Example.DK' });
    const user = await services.db.selectFrom('users').selectAll().where('email', '=', 'mette@example.dk').executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(user.privacy_accepted_at).not.toBeNull();
    const [id, secret] = token.split('.');
    expect(secret!.length).toBeGreaterThanOrEqual(24);
    const session = await services.db.selectFrom('sessions').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
    expect(session.secret_hash.equals(createHash('sha256').update(secret!).digest())).toBe(true);
    const everything = JSON.stringify(await services.db.selectFrom('sessions').selectAll().execute());
    expect(everything).not.toContain(secret);
    expect(await (await callerFor(services, { token })).auth.me()).toMatchObject({ email: 'mette@example.dk', firstname: 'Mette' });
  });

  it('says the e-mail is taken, on the e-mail field, whatever its case', async () => {
    await (await anonymous()).auth.signup({ ...signupData, email: 'taken@example.dk' });
    const error = await failure((await anonymous()).auth.signup({ ...signupData, email: 'TAKEN@example.dk' }));
    expect(error).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { email: 'auth.emailTaken' } });
  });

  it('refuses short, over-long and common passwords and a missing privacy acceptance', async () => {
    const email = 'rules@example.dk';
    expect(await failure((await anonymous()).auth.signup({ ...signupData, email, password: 'short' }))).toMatchObject({ fieldErrors: { password: 'auth.passwordTooShort' } });
    expect(await failure((await anonymous()).auth.signup({ ...signupData, email, password: 'x'.repeat(129) }))).toMatchObject({ fieldErrors: { password: 'auth.passwordTooLong' } });
    expect(await failure((await anonymous()).auth.signup({ ...signupData, email, password: 'Password123' }))).toMatchObject({ fieldErrors: { password: 'auth.passwordCommon' } });
    expect(await failure((await anonymous()).auth.signup({ ...signupData, email, acceptPrivacy: false as never }))).toMatchObject({ fieldErrors: { acceptPrivacy: 'auth.acceptPrivacyRequired' } });
    expect(await services.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
  });
});

describe('login', () => {
  it('gives a new token on success and the same answer for a wrong password and an unknown e-mail', async () => {
    const { user, password } = await createUser(services, { email: 'login@example.dk' });
    const first = await (await anonymous()).auth.login({ email: 'LOGIN@example.dk', password });
    const second = await (await anonymous()).auth.login({ email: user.email, password });
    expect(first.token).not.toBe(second.token);

    const wrongPassword = await failure((await anonymous()).auth.login({ email: user.email, password: 'not the password at all' }));
    const unknownEmail = await failure((await anonymous()).auth.login({ email: 'nobody@example.dk', password: 'not the password at all' }));
    expect(wrongPassword).toEqual(unknownEmail);
    expect(wrongPassword).toMatchObject({ code: 'UNAUTHORIZED', messageKey: 'auth.invalidCredentials' });
  });

  it('takes roughly the same time whether or not the e-mail exists', async () => {
    const { user } = await createUser(services, { email: 'timing@example.dk' });
    const time = async (email: string) => {
      const started = performance.now();
      await failure((await anonymous()).auth.login({ email, password: 'wrong password here' }));
      return performance.now() - started;
    };
    await time('warmup@example.dk');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      known.push(await time(user.email));
      unknown.push(await time(`ghost${i}@example.dk`));
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[2]!;
    // Both verify an argon2id hash (~20 ms); without the dummy hash the unknown case would take
    // ~1 ms, a twentieth. The wide band keeps the test steady on a busy machine.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.25);
    expect(median(unknown)).toBeLessThan(median(known) * 4);
  });

  it('is limited per e-mail, with the minutes until the next try, and the limit resets', async () => {
    const { user, password } = await createUser(services, { email: 'limited@example.dk' });
    const caller = await anonymous();
    for (let i = 0; i < 10; i += 1) await failure(caller.auth.login({ email: user.email, password: 'wrong password here' }));
    const limited = await failure((await anonymous()).auth.login({ email: user.email, password }));
    expect(limited).toMatchObject({ code: 'TOO_MANY_REQUESTS', appCode: 'RATE_LIMITED', messageKey: 'error.rateLimited' });
    expect(limited.values?.minutes).toBe(15);

    await deleteKeys(`${services.env.REDIS_PREFIX}:rate`);
    await expect((await anonymous()).auth.login({ email: user.email, password })).resolves.toHaveProperty('token');
  });

  it('is limited per IP address across e-mails', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 50; i += 1) await failure((await anonymous(ip)).auth.login({ email: `many${i}@example.dk`, password: 'wrong password here' }));
    expect(await failure((await anonymous(ip)).auth.login({ email: 'another@example.dk', password: 'wrong password here' }))).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(await failure((await anonymous('192.0.2.78')).auth.login({ email: 'another@example.dk', password: 'wrong password here' }))).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('logout deletes the session row', async () => {
    const { token } = await createUser(services);
    const caller = await callerFor(services, { token });
    await caller.auth.logout();
    expect(await services.db.selectFrom('sessions').select('id').where('id', '=', token.split('.')[0]!).execute()).toEqual([]);
    expect(await (await callerFor(services)).auth.me()).toBeNull();
  });
});

describe('password reset', () => {
  const linkOf = (text: string) => text.match(/https:\/\/grantwork\.example\/forgotten-password\/confirm\?token=([\w-]+)/)?.[1];

  it('sends a localized e-mail with a single-use link only when the account exists, and always says the same', async () => {
    const { user, password, token: sessionToken } = await createUser(services, { email: 'reset@example.dk' });
    await services.db.updateTable('users').set({ locale: 'en' }).where('id', '=', user.id).execute();
    await expect((await anonymous()).auth.requestPasswordReset({ email: 'nobody-here@example.dk' })).resolves.toEqual({ ok: true });
    await expect((await anonymous()).auth.requestPasswordReset({ email: user.email })).resolves.toEqual({ ok: true });

    const email = await sentEmailTo(user.email);
    expect(email.subject).toBe('Choose a new password for Grantwork');
    const token = linkOf(readEmail(email.location!));
    expect(token).toBeDefined();
    expect(await services.db.selectFrom('emails').select('id').where('recipient', '=', 'nobody-here@example.dk').execute()).toEqual([]);
    // The token is kept only as a hash, and the sent e-mail's row no longer holds the link.
    const stored = JSON.stringify(await services.db.selectFrom('password_resets').selectAll().execute());
    expect(stored).not.toContain(token);
    expect(JSON.stringify(email.params)).not.toContain(token);

    // Checking the link on opening its page does not use it up.
    expect(await (await anonymous()).auth.resetTokenStatus({ token: token! })).toEqual({ usable: true });
    expect(await (await anonymous()).auth.resetTokenStatus({ token: token! })).toEqual({ usable: true });
    await (await anonymous()).auth.resetPassword({ token: token!, password: 'a brand new password' });
    expect(await (await anonymous()).auth.resetTokenStatus({ token: token! })).toEqual({ usable: false });
    // Every session ended; the new password works and the old one does not.
    expect(await services.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    await expect(callerFor(services, { token: sessionToken })).rejects.toThrow('not valid');
    await expect((await anonymous()).auth.login({ email: user.email, password: 'a brand new password' })).resolves.toHaveProperty('token');
    expect(await failure((await anonymous()).auth.login({ email: user.email, password }))).toMatchObject({ code: 'UNAUTHORIZED' });

    // Single use.
    expect(await failure((await anonymous()).auth.resetPassword({ token: token!, password: 'yet another password' }))).toMatchObject({ messageKey: 'auth.resetTokenInvalid' });
  });

  it('cancels an older link when a newer one is asked for, and refuses an expired link; the check on opening says the same', async () => {
    const { user } = await createUser(services, { email: 'twice@example.dk' });
    await (await anonymous()).auth.requestPasswordReset({ email: user.email });
    const firstEmail = await sentEmailTo(user.email);
    const first = linkOf(readEmail(firstEmail.location!))!;
    await (await anonymous()).auth.requestPasswordReset({ email: user.email });
    const secondEmail = await waitFor(() =>
      services.db.selectFrom('emails').selectAll().where('recipient', '=', user.email).where('status', '=', 'sent').where('id', '!=', firstEmail.id).executeTakeFirst(),
    );
    const second = linkOf(readEmail(secondEmail.location!))!;
    expect(second).not.toBe(first);
    expect(await (await anonymous()).auth.resetTokenStatus({ token: first })).toEqual({ usable: false });
    expect(await failure((await anonymous()).auth.resetPassword({ token: first, password: 'a brand new password' }))).toMatchObject({ messageKey: 'auth.resetTokenInvalid' });

    expect(await (await anonymous()).auth.resetTokenStatus({ token: second })).toEqual({ usable: true });
    await services.db.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', user.id).execute();
    expect(await (await anonymous()).auth.resetTokenStatus({ token: second })).toEqual({ usable: false });
    expect(await failure((await anonymous()).auth.resetPassword({ token: second, password: 'a brand new password' }))).toMatchObject({ messageKey: 'auth.resetTokenInvalid' });
  });

  it('is limited per e-mail', async () => {
    for (let i = 0; i < 5; i += 1) await (await anonymous()).auth.requestPasswordReset({ email: 'spam@example.dk' });
    expect(await failure((await anonymous()).auth.requestPasswordReset({ email: 'spam@example.dk' }))).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });
});

describe('profile', () => {
  it('changes names and language', async () => {
    const { token, user } = await createUser(services);
    const caller = await callerFor(services, { token });
    await caller.auth.updateProfile({ firstname: 'Kari', lastname: 'Nordmann', locale: 'nb' });
    const row = await services.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ firstname: 'Kari', lastname: 'Nordmann', locale: 'nb' });
  });

  it('changes the password only with the current one, and ends the other sessions', async () => {
    const { token, user, password } = await createUser(services);
    const other = await (await anonymous()).auth.login({ email: user.email, password });
    const caller = await callerFor(services, { token });
    expect(await failure(caller.auth.changePassword({ currentPassword: 'wrong password', newPassword: 'a brand new password' }))).toMatchObject({
      fieldErrors: { currentPassword: 'auth.currentPasswordWrong' },
    });
    await caller.auth.changePassword({ currentPassword: password, newPassword: 'a brand new password' });
    await expect(callerFor(services, other)).rejects.toThrow('not valid');
    expect(await (await callerFor(services, { token })).auth.me()).toMatchObject({ id: user.id });
  });

  it('lists the sessions and ends only the caller’s own', async () => {
    const { token, user, password } = await createUser(services);
    const second = await (await anonymous()).auth.login({ email: user.email, password });
    const stranger = await createUser(services);
    const caller = await callerFor(services, { token });
    const sessions = await caller.auth.sessions();
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);

    await caller.auth.endSession({ sessionId: stranger.token.split('.')[0]! });
    await expect(callerFor(services, stranger)).resolves.toBeDefined();
    await caller.auth.endSession({ sessionId: second.token.split('.')[0]! });
    expect(await caller.auth.sessions()).toHaveLength(1);
  });

  it('refuses every profile procedure to anonymous callers', async () => {
    const caller = await anonymous();
    for (const call of [
      () => caller.auth.sessions(),
      () => caller.auth.logout(),
      () => caller.auth.updateProfile({ firstname: 'a', lastname: 'b', locale: 'da' }),
      () => caller.auth.updateUserInfo({ firstname: 'a', lastname: 'b' }),
      () => caller.auth.changePassword({ currentPassword: 'x', newPassword: 'a brand new password' }),
      () => caller.auth.endSession({ sessionId: 'x' }),
    ]) {
      expect(await failure(call())).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });
});

describe('platform admin role', () => {
  it('is granted by the command, cannot be set through the API, and its removal ends sessions', async () => {
    const { token, user } = await createUser(services);
    const caller = await callerFor(services, { token });
    await caller.auth.updateProfile({ firstname: 'A', lastname: 'B', locale: 'da', platformRole: 'admin' } as never);
    expect((await caller.auth.me())?.platformRole).toBe('user');

    expect(await setPlatformAdmin(services.scratch.url, user.email, true)).toBe(true);
    expect((await (await callerFor(services, { token })).auth.me())?.platformRole).toBe('admin');
    expect(await setPlatformAdmin(services.scratch.url, user.email, false)).toBe(true);
    await expect(callerFor(services, { token })).rejects.toThrow('not valid');
    expect(await setPlatformAdmin(services.scratch.url, 'nobody@example.dk', true)).toBe(false);
  });
});
