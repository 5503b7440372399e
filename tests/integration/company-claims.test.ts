/**
 * Claims on a company already in Grantwork, tried from outside over real HTTP: registry data
 * proves that a company exists, not that a user belongs to it. A second person with the same
 * organisation ID gets a join request (never a membership), the company's owners and admins
 * answer it, and only a platform admin can move ownership.
 */
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Worker } from 'bullmq';
import { createApp } from '../../src/server/app';
import { createMailSender } from '../../src/server/integrations/mail/transport';
import { emailProcessor } from '../../worker/processors/email';
import { readEmail } from '../eml';
import { nextOrgId } from './company-fixtures';
import { createTestServices, createUser, deleteKeys, startWorker, waitFor, type TestServices } from './harness';

let services: TestServices;
let server: ServerType;
let worker: Worker;
let base: string;

beforeAll(async () => {
  services = await createTestServices({ NODE_ENV: 'production', APP_URL: 'https://grantwork.example' });
  const clientDir = mkdtempSync(path.join(tmpdir(), 'gw-client-'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  server = serve({ fetch: createApp(services, { clientDir }).fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  worker = startWorker(services, 'email', emailProcessor({ db: services.db, mail: createMailSender(services.env), log: pino({ level: 'silent' }) }));
});
afterAll(async () => {
  await worker.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await services.close();
});
beforeEach(async () => {
  await deleteKeys(`${services.env.REDIS_PREFIX}:rate`);
});

/** One tRPC call over HTTP as the holder of `token`: its data, or the product's error code. */
async function call<T = unknown>(token: string | null, procedure: string, input?: unknown, kind: 'query' | 'mutation' = 'mutation'): Promise<{ data?: T; code?: string; messageKey?: string }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const serialized = JSON.stringify((input));
  const response =
    kind === 'query'
      ? await fetch(`${base}/trpc/${procedure}?input=${encodeURIComponent(serialized)}`, { headers })
      : await fetch(`${base}/trpc/${procedure}`, { method: 'POST', headers, body: serialized });
  const body = await response.json();
  if (body.error) return { code: body.error.data.appCode, messageKey: body.error.data.messageKey };
  return { data: (<T>body.result.data) };
}
const query = <T>(token: string | null, procedure: string, input?: unknown) => call<T>(token, procedure, input, 'query');

/** The e-mail of a template sent to a recipient, once the worker has written it. */
async function sentEmail(recipient: string, template: string): Promise<{ locale: string; text: string }> {
  const row = await waitFor(
    () =>
      services.db
        .selectFrom('emails')
        .select(['locale', 'location'])
        .where('recipient', '=', recipient)
        .where('template', '=', template)
        .where('status', '=', 'sent')
        .executeTakeFirst(),
    20_000,
  );
  return { locale: row.locale, text: readEmail(row.location!) };
}

async function membersOf(companyId: string) {
  return services.db.selectFrom('memberships').select(['user_id', 'role']).where('company_id', '=', companyId).execute();
}

/** The real company's owner makes it first; a stranger then tries to claim the same number. */
async function takenCompany() {
  const owner = await createUser(services, { firstname: 'Ejer' });
  await services.db.updateTable('users').set({ locale: 'da' }).where('id', '=', owner.user.id).execute();
  const orgId = nextOrgId();
  const created = await call<{ id: string }>(owner.token, 'companies.create', { orgId, name: 'Rigtige ApS' });
  expect(created.code).toBeUndefined();
  const stranger = await createUser(services, { firstname: 'Fremmed', lastname: 'Person' });
  await services.db.updateTable('users').set({ locale: 'en' }).where('id', '=', stranger.user.id).execute();
  return { owner, stranger, orgId, companyId: created.data!.id };
}

describe('claiming a company that is already in Grantwork', () => {
  it('gives a stranger a join request, never a membership, and e-mails the owners in their language', async () => {
    const { owner, stranger, orgId, companyId } = await takenCompany();

    const claim = await call(stranger.token, 'companies.create', { orgId, name: 'Mit Firma ApS' });
    expect(claim).toMatchObject({ code: 'CONFLICT', messageKey: 'companies.exists' });

    const asked = await call<{ requestId: string | null; companyName: string }>(stranger.token, 'companyClaims.requestJoin', { orgId, message: 'Jeg er medejer' });
    expect(asked.data).toMatchObject({ companyName: 'Rigtige ApS' });
    expect(asked.data!.requestId).toEqual(expect.any(String));
    // Asking again while the request is open keeps the one request and e-mails nobody twice.
    expect((await call<{ requestId: string | null }>(stranger.token, 'companyClaims.requestJoin', { orgId })).data!.requestId).toBeNull();

    expect((await membersOf(companyId)).map((member) => member.user_id)).toEqual([owner.user.id]);
    const mail = await sentEmail(owner.user.email, 'joinRequest');
    expect(mail.locale).toBe('da');
    expect(mail.text).toContain('beder om at blive medlem af Rigtige ApS');
    expect(mail.text).toContain('»Jeg er medejer«');
    expect(await services.db.selectFrom('emails').select('id').where('template', '=', 'joinRequest').where('recipient', '=', owner.user.email).execute()).toHaveLength(1);

    // The stranger sees their own open request, and nothing of the company's members.
    expect((await query<Array<{ companyName: string }>>(stranger.token, 'companyClaims.mine')).data!.map((request) => request.companyName)).toEqual(['Rigtige ApS']);
    expect((await query(stranger.token, 'companies.members', { companyId })).code).toBe('NOT_FOUND');
  });

  it('lets an owner accept with a role, and tells the requester in their language', async () => {
    const { owner, stranger, orgId, companyId } = await takenCompany();
    const { data } = await call<{ requestId: string }>(stranger.token, 'companyClaims.requestJoin', { orgId });
    const pending = await query<Array<{ id: string; email: string }>>(owner.token, 'companyClaims.pending', { companyId });
    expect(pending.data!.map((request) => request.email)).toEqual([stranger.user.email]);

    expect((await call(owner.token, 'companyClaims.decide', { companyId, requestId: data!.requestId, accept: true, role: 'reviewer' })).code).toBeUndefined();
    expect(await membersOf(companyId)).toContainEqual({ user_id: stranger.user.id, role: 'reviewer' });
    const mail = await sentEmail(stranger.user.email, 'joinAccepted');
    expect(mail.locale).toBe('en');
    expect(mail.text).toContain('you are now a member of Rigtige ApS on Grantwork as Reviewer');
    // Answered once: a second answer finds nothing to answer.
    expect((await call(owner.token, 'companyClaims.decide', { companyId, requestId: data!.requestId, accept: false })).code).toBe('NOT_FOUND');
  });

  it('lets an owner decline; the requester stays outside and is told', async () => {
    const { owner, stranger, orgId, companyId } = await takenCompany();
    const { data } = await call<{ requestId: string }>(stranger.token, 'companyClaims.requestJoin', { orgId });
    expect((await call(owner.token, 'companyClaims.decide', { companyId, requestId: data!.requestId, accept: false })).code).toBeUndefined();
    expect((await membersOf(companyId)).map((member) => member.user_id)).toEqual([owner.user.id]);
    expect((await sentEmail(stranger.user.email, 'joinDeclined')).text).toContain('have declined your request');
    expect((await query<unknown[]>(stranger.token, 'companyClaims.mine')).data).toEqual([]);
  });

  it('refuses answers from anyone who does not manage the company’s members', async () => {
    const { owner, stranger, orgId, companyId } = await takenCompany();
    const { data } = await call<{ requestId: string }>(stranger.token, 'companyClaims.requestJoin', { orgId });
    const answer = { companyId, requestId: data!.requestId, accept: true, role: 'owner' };
    // The requester cannot let themselves in, nor can a member of another company.
    expect((await call(stranger.token, 'companyClaims.decide', answer)).code).toBe('NOT_FOUND');
    const employee = await createUser(services);
    await services.db.insertInto('memberships').values({ company_id: companyId, user_id: employee.user.id, role: 'employee' }).execute();
    expect((await call(employee.token, 'companyClaims.decide', answer)).code).toBe('FORBIDDEN');
    // An admin of the company cannot make anyone an owner.
    const admin = await createUser(services);
    await services.db.insertInto('memberships').values({ company_id: companyId, user_id: admin.user.id, role: 'admin' }).execute();
    expect((await call(admin.token, 'companyClaims.decide', answer)).code).toBe('FORBIDDEN');
    // A request id of another company answers NOT_FOUND through this one.
    const other = await takenCompany();
    expect((await call(owner.token, 'companyClaims.decide', { ...answer, companyId: companyId, requestId: (await call<{ requestId: string }>(other.stranger.token, 'companyClaims.requestJoin', { orgId: other.orgId })).data!.requestId })).code).toBe('NOT_FOUND');
    expect((await membersOf(companyId)).some((member) => member.user_id === stranger.user.id)).toBe(false);
  });

  it('limits how often one user asks (each request e-mails the owners)', async () => {
    const stranger = await createUser(services);
    const codes: Array<string | undefined> = [];
    for (let i = 0; i < 6; i += 1) {
      const { orgId } = await takenCompany();
      codes.push((await call(stranger.token, 'companyClaims.requestJoin', { orgId })).code);
    }
    expect(codes).toEqual([undefined, undefined, undefined, undefined, undefined, 'RATE_LIMITED']);
  });
});

describe('a platform admin settling a dispute', () => {
  it('moves ownership to the rightful owner, keeps the former owners as admins, records it and tells everyone', async () => {
    const { owner, stranger, orgId, companyId } = await takenCompany();
    await call(stranger.token, 'companyClaims.requestJoin', { orgId });
    const platformAdmin = await createUser(services, { platformRole: 'admin' });

    const found = await query<Array<{ id: string; owners: Array<{ email: string }>; pendingRequests: number }>>(platformAdmin.token, 'companyClaims.adminSearch', { query: orgId });
    expect(found.data).toEqual([expect.objectContaining({ id: companyId, owners: [expect.objectContaining({ email: owner.user.email })], pendingRequests: 1 })]);

    const moved = await call(platformAdmin.token, 'companyClaims.transferOwnership', { companyId, email: stranger.user.email.toUpperCase(), reason: 'Ejer ifølge CVR' });
    expect(moved.code).toBeUndefined();
    expect(new Map((await membersOf(companyId)).map((member) => [member.user_id, member.role]))).toEqual(
      new Map([
        [owner.user.id, 'admin'],
        [stranger.user.id, 'owner'],
      ]),
    );
    const transfers = await query<Array<{ newOwnerEmail: string; byEmail: string; reason: string }>>(platformAdmin.token, 'companyClaims.adminTransfers', { companyId });
    expect(transfers.data).toEqual([expect.objectContaining({ newOwnerEmail: stranger.user.email, byEmail: platformAdmin.user.email, reason: 'Ejer ifølge CVR' })]);
    // The stranger's open request is settled by the move.
    expect((await query<unknown[]>(stranger.token, 'companyClaims.mine')).data).toEqual([]);
    expect((await sentEmail(owner.user.email, 'ownershipTransferred')).text).toContain('Begrundelse: Ejer ifølge CVR');
    expect((await sentEmail(stranger.user.email, 'ownershipTransferred')).text).toContain('Reason: Ejer ifølge CVR');
  });

  it('refuses a transfer to an e-mail without an account, and refuses everyone but platform admins', async () => {
    const { owner, companyId } = await takenCompany();
    const platformAdmin = await createUser(services, { platformRole: 'admin' });
    const nobody = await call(platformAdmin.token, 'companyClaims.transferOwnership', { companyId, email: 'nobody@example.com', reason: 'Tvist' });
    expect(nobody).toMatchObject({ code: 'VALIDATION', messageKey: 'companyClaims.transfer.noUser' });
    const stranger = await createUser(services);
    expect((await call(owner.token, 'companyClaims.transferOwnership', { companyId, email: stranger.user.email, reason: 'Tvist' })).code).toBe('FORBIDDEN');
    expect((await call(null, 'companyClaims.transferOwnership', { companyId, email: stranger.user.email, reason: 'Tvist' })).code).toBe('UNAUTHORIZED');
    expect((await query(owner.token, 'companyClaims.adminSearch', { query: '' })).code).toBe('FORBIDDEN');
    expect((await membersOf(companyId)).map((member) => [member.user_id, member.role])).toEqual([[owner.user.id, 'owner']]);
  });
});
