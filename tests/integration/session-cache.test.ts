/**
 * Sessions kept in a web process's memory (decision 0032) never outlive a change made anywhere:
 * two real web processes on one PostgreSQL and one Redis; a call on the first process keeps the
 * session there, the change is made through the second (or by `npm run admin`), and the first
 * process answers accordingly within a second — a logout, a password change, a revoked or granted
 * platform role, a changed company role, a removed member, a changed profile. The same for the
 * memberships kept beside the sessions (`auth/membership-cache.ts`): a role, a removal, an
 * ownership handed over, a company deleted; and a write is never honoured on a kept membership.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBERSHIP_CACHE_MS } from '../../src/server/auth/membership-cache';
import { createSession } from '../../src/server/auth/session';
import { createApplicationOf, createOpenGrant } from './company-fixtures';
import { createTestServices, createUser, redisUrl, spawnWebProcess, type TestServices } from './harness';

/** How soon the other process must act on a change. */
const WITHIN_MS = 1000;

let services: TestServices;
let first: Awaited<ReturnType<typeof spawnWebProcess>>;
let second: Awaited<ReturnType<typeof spawnWebProcess>>;
let grantId: string;
let grantSectionId: string;

beforeAll(async () => {
  services = await createTestServices();
  ({ grantId, grantSectionId } = await createOpenGrant(services, { slug: 'hukommelse', fund: 'Hukommelsesfonden', grant: 'Hukommelsespuljen' }));
  [first, second] = await Promise.all([spawnWebProcess(services), spawnWebProcess(services)]);
}, 60_000);

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await services?.close();
});

/** A tRPC call over HTTP: its status and, when it succeeded, its answer. */
async function call(base: string, procedure: string, token: string, input?: unknown, method: 'GET' | 'POST' = 'GET') {
  const query = method === 'GET' && input !== undefined ? `?input=${encodeURIComponent(JSON.stringify((input)))}` : '';
  const response = await fetch(`${base}/trpc/${procedure}${query}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    ...(method === 'POST' ? { body: JSON.stringify((input ?? {})) } : {}),
  });
  const body = (await response.json()) as { result?: { data: unknown } };
  return { status: response.status, data: body.result ? (<Record<string, unknown> | null>body.result.data) : undefined };
}

async function change(base: string, procedure: string, token: string, input: unknown = {}) {
  const answer = await call(base, procedure, token, input, 'POST');
  expect(answer.status, JSON.stringify(answer)).toBe(200);
}

const me = async (base: string, token: string) => (await call(base, 'auth.me', token)).data ?? null;

/** Milliseconds from now until `probe` holds, polled every few ms; fails after a generous bound. */
async function timeUntil(probe: () => Promise<boolean>, boundMs = 10_000): Promise<number> {
  const start = Date.now();
  while (!(await probe())) {
    if (Date.now() - start > boundMs) throw new Error('the other process never saw the change');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - start;
}

/** A company with an owner and a writer, and an application of it. */
function companyWithApplication() {
  return createApplicationOf(services, { grantId, grantSectionId }, { company: 'Huske ApS', application: 'Hukommelsen' });
}

function runAdmin(...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/server/cli/admin.ts'), ...args], {
      env: { ...process.env, DATABASE_URL: services.scratch.url, REDIS_URL: redisUrl, REDIS_PREFIX: services.env.REDIS_PREFIX },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`npm run admin exited with ${code}:\n${output}`))));
  });
}

describe('a session kept in one process ends or changes there within a second of a change anywhere', () => {
  it('is kept: a session row removed behind the app’s back is still answered from memory', async () => {
    // Without this, the tests below would pass without any memory at all.
    const { token, user } = await createUser(services);
    expect((await me(first.base, token))?.id).toBe(user.id);
    await services.db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    expect((await me(first.base, token))?.id).toBe(user.id);
    expect(await me(second.base, token)).toBeNull();
  });

  it('a logout through the other process', async () => {
    const { token, user } = await createUser(services);
    expect((await me(first.base, token))?.id).toBe(user.id);
    await change(second.base, 'auth.logout', token);
    expect(await timeUntil(async () => (await call(first.base, 'auth.sessions', token)).status === 401)).toBeLessThan(WITHIN_MS);
    expect(await me(first.base, token)).toBeNull();
  });

  it('a password change through the other process ends the other sessions', async () => {
    const { token, user, password } = await createUser(services);
    const { token: changing } = await createSession(services.db, user.id);
    expect((await me(first.base, token))?.id).toBe(user.id);
    await change(second.base, 'auth.changePassword', changing, { currentPassword: password, newPassword: 'another horse battery staple' });
    expect(await timeUntil(async () => (await me(first.base, token)) === null)).toBeLessThan(WITHIN_MS);
    expect((await me(first.base, changing))?.id).toBe(user.id);
  });

  it('a platform role revoked with `npm run admin -- --revoke`, and one granted', async () => {
    const admin = await createUser(services, { platformRole: 'admin' });
    expect((await me(first.base, admin.token))?.platformRole).toBe('admin');
    await runAdmin(admin.user.email, '--revoke');
    expect(await timeUntil(async () => (await me(first.base, admin.token)) === null)).toBeLessThan(WITHIN_MS);

    const user = await createUser(services);
    expect((await me(first.base, user.token))?.platformRole).toBe('user');
    await runAdmin(user.user.email);
    expect(await timeUntil(async () => (await me(first.base, user.token))?.platformRole === 'admin')).toBeLessThan(WITHIN_MS);
  }, 30_000);

  it('a company role changed through the other process', async () => {
    const { owner, writer, companyId, applicationId } = await companyWithApplication();
    expect((await call(first.base, 'applications.get', writer.token, { applicationId })).data?.role).toBe('employee');
    await change(second.base, 'companies.changeRole', owner.token, { companyId, userId: writer.user.id, role: 'reviewer' });
    expect(await timeUntil(async () => (await call(first.base, 'applications.get', writer.token, { applicationId })).data?.role === 'reviewer')).toBeLessThan(WITHIN_MS);
  });

  it('a member removed through the other process', async () => {
    const { owner, writer, companyId, applicationId } = await companyWithApplication();
    expect((await call(first.base, 'applications.get', writer.token, { applicationId })).status).toBe(200);
    await change(second.base, 'companies.removeMember', owner.token, { companyId, userId: writer.user.id });
    expect(await timeUntil(async () => (await call(first.base, 'applications.get', writer.token, { applicationId })).status === 404)).toBeLessThan(WITHIN_MS);
  });

  it('a profile changed through the other process (names and language)', async () => {
    const { token } = await createUser(services, { firstname: 'Før' });
    expect((await me(first.base, token))?.firstname).toBe('Før');
    await change(second.base, 'auth.updateProfile', token, { firstname: 'Efter', lastname: 'Navn', locale: 'nb' });
    expect(await timeUntil(async () => (await me(first.base, token))?.firstname === 'Efter')).toBeLessThan(WITHIN_MS);
    expect((await me(first.base, token))?.locale).toBe('nb');
  });
});

describe('a membership kept in one process changes there within a second of a change anywhere', () => {
  it('is kept: a membership removed behind the app’s back still reaches the application from memory', async () => {
    // Without this, the removal and role tests above would pass without any memory of memberships.
    const { writer, companyId, applicationId } = await companyWithApplication();
    expect((await call(first.base, 'applications.get', writer.token, { applicationId })).data?.role).toBe('employee');
    await services.db.deleteFrom('memberships').where('company_id', '=', companyId).where('user_id', '=', writer.user.id).execute();
    expect((await call(first.base, 'applications.get', writer.token, { applicationId })).data?.role).toBe('employee');
    expect((await call(second.base, 'applications.get', writer.token, { applicationId })).status).toBe(404);
  });

  it('a write is never honoured on a kept membership: removed or changed behind the app’s back, it is refused at once', async () => {
    const { owner, writer, companyId, applicationId, sectionId } = await companyWithApplication();
    const versionOf = async () => (await services.db.selectFrom('application_sections').select('version').where('id', '=', sectionId).executeTakeFirstOrThrow()).version;
    const save = (token: string, content: string, version: number) => call(first.base, 'applications.saveSection', token, { applicationId, sectionId, version, content, answers: {}, fulfilled: [] }, 'POST');
    // The writer's role is kept in the first process's memory, and a write goes through.
    expect((await call(first.base, 'applications.get', writer.token, { applicationId })).data?.role).toBe('employee');
    expect((await save(writer.token, 'Første udkast', await versionOf())).status).toBe(200);

    // The writer made a reviewer, unannounced: the write is refused at once, though the writer's role is kept.
    await services.db.updateTable('memberships').set({ role: 'reviewer' }).where('company_id', '=', companyId).where('user_id', '=', writer.user.id).execute();
    const version = await versionOf();
    expect((await save(writer.token, 'Andet udkast', version)).status).toBe(403);
    // The write read the role anew and kept it: the reads after it see it too.
    expect((await call(first.base, 'applications.get', writer.token, { applicationId })).data?.role).toBe('reviewer');

    // The owner's membership deleted, unannounced: the read is still answered from memory (the
    // bound of MEMBERSHIP_CACHE_MS), the write is refused at once, and then the reads too.
    expect((await call(first.base, 'applications.get', owner.token, { applicationId })).data?.role).toBe('owner');
    await services.db.deleteFrom('memberships').where('company_id', '=', companyId).where('user_id', '=', owner.user.id).execute();
    expect((await call(first.base, 'applications.get', owner.token, { applicationId })).data?.role).toBe('owner');
    expect((await save(owner.token, 'Tredje udkast', version)).status).toBe(404);
    expect((await call(first.base, 'applications.get', owner.token, { applicationId })).status).toBe(404);
    const text = await services.db.selectFrom('application_sections').select('content').where('id', '=', sectionId).executeTakeFirstOrThrow();
    expect(text.content).toBe('Første udkast');
  });

  it('the owners replaced by a platform administrator through the other process', async () => {
    const { owner, companyId, applicationId } = await companyWithApplication();
    const admin = await createUser(services, { platformRole: 'admin' });
    const newOwner = await createUser(services);
    expect((await call(first.base, 'applications.get', owner.token, { applicationId })).data?.role).toBe('owner');
    await change(second.base, 'companyClaims.transferOwnership', admin.token, { companyId, email: newOwner.user.email, reason: 'Ejer ifølge CVR' });
    expect(await timeUntil(async () => (await call(first.base, 'applications.get', owner.token, { applicationId })).data?.role === 'admin')).toBeLessThan(WITHIN_MS);
  });

  it('the company deleted through the other process', async () => {
    const { owner, writer, companyId, applicationId, sectionId } = await companyWithApplication();
    expect((await call(first.base, 'applications.section', writer.token, { applicationId, sectionId })).status).toBe(200);
    await change(second.base, 'companies.delete', owner.token, { companyId, name: 'Huske ApS', password: owner.password });
    expect(await timeUntil(async () => (await call(first.base, 'applications.section', writer.token, { applicationId, sectionId })).status === 404)).toBeLessThan(WITHIN_MS);
    expect((await call(first.base, 'applications.get', writer.token, { applicationId })).status).toBe(404);
  });

  it('the application deleted through the other process', async () => {
    const { owner, writer, applicationId, sectionId } = await companyWithApplication();
    // Kept: the writer's role and the application's company, so the next read runs no membership statement.
    expect((await call(first.base, 'applications.section', writer.token, { applicationId, sectionId })).status).toBe(200);
    await change(second.base, 'applications.delete', owner.token, { applicationId });
    expect(await timeUntil(async () => (await call(first.base, 'applications.section', writer.token, { applicationId, sectionId })).status === 404)).toBeLessThan(WITHIN_MS);
  });

  it('nothing unannounced is kept longer than its bound', async () => {
    const { writer, companyId, applicationId } = await companyWithApplication();
    expect((await call(first.base, 'applications.get', writer.token, { applicationId })).status).toBe(200);
    await services.db.updateTable('memberships').set({ role: 'reviewer' }).where('company_id', '=', companyId).where('user_id', '=', writer.user.id).execute();
    const seen = await timeUntil(async () => (await call(first.base, 'applications.get', writer.token, { applicationId })).data?.role === 'reviewer', 2 * MEMBERSHIP_CACHE_MS);
    expect(seen).toBeLessThanOrEqual(MEMBERSHIP_CACHE_MS + 500);
  }, 20_000);
});
