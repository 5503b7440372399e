/** The feedback form's procedures: anyone may write a few times an hour, only platform admins read. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCallerFactory } from '../../src/server/trpc/trpc';
import { appRouter } from '../../src/server/router';
import { createInnerContext } from '../../src/server/trpc/context';
import { callerFor, createTestServices, createUser, deleteKeys, failureOf, type TestServices } from './harness';

let services: TestServices;
const anonymousFrom = (ip: string) => createCallerFactory(appRouter)(createInnerContext(services, { ip, locale: 'nb' }));

beforeAll(async () => {
  services = await createTestServices();
});
afterAll(async () => {
  await services.close();
});
beforeEach(async () => {
  await deleteKeys(`${services.env.REDIS_PREFIX}:rate`);
});

describe('feedback', () => {
  it('stores what a visitor writes, with the page and language, and shows it to a platform admin only', async () => {
    await anonymousFrom('203.0.113.7').feedback.send({ message: '  Søket finner ikke Innobooster.  ', email: 'per@example.no', page: '/grants' });
    const admin = await createUser(services, { platformRole: 'admin' });
    const list = await (await callerFor(services, admin)).feedback.list({});
    expect(list.items[0]).toMatchObject({ message: 'Søket finner ikke Innobooster.', email: 'per@example.no', page: '/grants', locale: 'nb' });
    const user = await createUser(services);
    expect((await failureOf((await callerFor(services, user)).feedback.list({}))).appCode).toBe('FORBIDDEN');
  });

  it('keeps a signed-in writer’s account with the message', async () => {
    const { user, token } = await createUser(services, { firstname: 'Sanne' });
    await (await callerFor(services, { token })).feedback.send({ message: 'Gem-knappen er svær at se.' });
    const row = await services.db.selectFrom('feedback').select(['user_id', 'email']).where('message', '=', 'Gem-knappen er svær at se.').executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: user.id, email: user.email });
  });

  it('refuses an empty message and a page that is not a path of the app', async () => {
    const caller = anonymousFrom('203.0.113.8');
    expect((await failureOf(caller.feedback.send({ message: '   ' }))).fieldErrors).toEqual({ message: 'validation.required' });
    expect((await failureOf(caller.feedback.send({ message: 'Hej', page: 'https://evil.example/' }))).fieldErrors).toEqual({ page: 'validation.invalid' });
  });

  it('limits one address to five messages an hour, without limiting another address', async () => {
    for (let i = 0; i < 5; i += 1) await anonymousFrom('198.51.100.1').feedback.send({ message: `Besked ${i}` });
    expect((await failureOf(anonymousFrom('198.51.100.1').feedback.send({ message: 'Igen' }))).appCode).toBe('RATE_LIMITED');
    await expect(anonymousFrom('198.51.100.2').feedback.send({ message: 'Fra en anden adresse' })).resolves.toMatchObject({ id: expect.any(String) });
  });
});
