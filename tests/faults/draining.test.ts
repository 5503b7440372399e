/**
 * A process told to stop (a deploy's SIGTERM) drains: the web process tells its live windows to
 * reconnect elsewhere, and the editors that were co-editing through it reconnect to another web
 * process and end holding every word either typed, the stored text the same; the worker hands a
 * draft it cannot finish in time back to its queue, where no job stays active and the next
 * worker writes it once.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import { fromBase64, toBase64 } from 'lib0/buffer';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import { createApplication } from '../../src/server/features/applications/applications.service';
import { requestDraft } from '../../src/server/features/drafts/drafts.service';
import { createInnerContext } from '../../src/server/trpc/context';
import type { AppRouter } from '../../src/server/router';
import { sectionText } from '../../src/shared/domain/text-doc';
import { createApplicationOf, createOpenGrant, nextOrgId } from '../integration/company-fixtures';
import { createTestServices, createUser, spawnWebProcess, spawnWorkerProcess, waitFor, type TestServices } from '../integration/harness';

let services: TestServices;

beforeAll(async () => {
  services = await createTestServices();
});
afterAll(async () => {
  await services?.close();
});

/** An editor as the browser runs one: a Yjs document on one live WebSocket, whose address a balancer picks. */
function editor(token: string, section: { applicationId: string; sectionId: string }, address: () => string) {
  const doc = new Y.Doc();
  let serverState: Uint8Array | null = null;
  const socket = createWSClient({
    url: () => `${address().replace(/^http/, 'ws')}/live`,
    WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
    connectionParams: () => ({ token }),
    retryDelayMs: () => 50,
  });
  const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: socket })] });
  const subscription = client.coEditing.watch.subscribe(
    { ...section, clientId: doc.clientID, stateVector: toBase64(Y.encodeStateVector(doc)) },
    {
      onData: (event) => {
        if (event.type !== 'sync' && event.type !== 'update') return;
        Y.applyUpdate(doc, fromBase64(event.update), 'remote');
        if (event.type === 'sync') serverState = fromBase64(event.stateVector);
      },
    },
  );

  /** Sends what the server lacks; a failed push leaves it unconfirmed for the next one. */
  async function push(): Promise<boolean> {
    if (!serverState) return false;
    const before = Y.encodeStateVector(doc);
    try {
      await client.coEditing.push.mutate({ ...section, clientId: doc.clientID, update: toBase64(Y.encodeStateAsUpdate(doc, serverState)) });
      serverState = before;
      return true;
    } catch {
      return false;
    }
  }

  return {
    ready: () => waitFor(async () => serverState !== null),
    push,
    confirmed: () => serverState !== null && (Y.decodeStateVector(serverState).get(doc.clientID) ?? 0) === Y.getState(doc.store, doc.clientID),
    type: (word: string) => sectionText(doc).insert(sectionText(doc).length, ` ${word}`),
    text: () => sectionText(doc).toString(),
    async close() {
      subscription.unsubscribe();
      await socket.close();
    },
  };
}

it('a web process stopped during co-editing sends its windows elsewhere and loses nothing', async () => {
  const grant = await createOpenGrant(services, { slug: 'dræning', fund: 'Dræningsfonden', grant: 'Dræningspuljen' });
  const team = await createApplicationOf(services, grant, { company: 'Dræning ApS', application: 'Dræning' });
  const section = { applicationId: team.applicationId, sectionId: team.sectionId };
  const [stopped, other] = await Promise.all([spawnWebProcess(services), spawnWebProcess(services)]);
  // The balancer: the stopped process until it says it is draining, the other one after.
  let balanced = stopped.base;
  const owner = editor(team.owner.token, section, () => balanced);
  const writer = editor(team.writer.token, section, () => balanced);
  try {
    await Promise.all([owner.ready(), writer.ready()]);
    const typed: string[] = [];
    const typeAndPush = async (who: typeof owner, name: string, count: number) => {
      for (let index = 0; index < count; index += 1) {
        who.type(`${name}${index}`);
        typed.push(`${name}${index}`);
        await who.push();
      }
    };
    const typing = Promise.all([typeAndPush(owner, 'ejer', 40), typeAndPush(writer, 'skribent', 40)]);
    await waitFor(async () => owner.text().includes('skribent5') && writer.text().includes('ejer5'));

    const exit = once(stopped.child, 'exit');
    stopped.child.kill('SIGTERM');
    await waitFor(async () => stopped.output().includes('server stopping'));
    balanced = other.base;
    const [code] = (await exit) as [number | null];
    await typing;
    expect(code, stopped.output()).toBe(0);
    expect(stopped.output()).not.toMatch(/procedure failed|live call failed|took longer than SHUTDOWN_TIMEOUT_MS/);
    // Both windows left by themselves for the other process; none had to be cut.
    expect(stopped.output()).toMatch(/"windows":2,"cut":0,[^\n]*live windows sent to reconnect elsewhere/);

    // Whatever was not confirmed before the switch goes out again through the other process.
    await waitFor(async () => (owner.confirmed() || (await owner.push())) && (writer.confirmed() || (await writer.push())));
    const stored = await waitFor(async () => {
      const row = await services.db.selectFrom('application_sections').select('content').where('id', '=', team.sectionId).executeTakeFirstOrThrow();
      return owner.text() === row.content && writer.text() === row.content ? row.content : null;
    }, 20_000);
    const words = new Set(stored.trim().split(/\s+/));
    for (const word of typed) expect(words.has(word), `${word} is in the stored text`).toBe(true);
  } finally {
    await Promise.all([owner.close(), writer.close()]);
    await Promise.all([stopped.stop(), other.stop()]);
  }
});

it('a worker stopped during a draft hands it back: no job stays active, the next worker writes it once', async () => {
  let requests = 0;
  let firstPieceSent = () => {};
  const firstPiece = new Promise<void>((resolve) => (firstPieceSent = resolve));
  const model: Server = createServer((_request, response) => {
    requests += 1;
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write(`data: ${JSON.stringify({ choices: [{ delta: { content: 'Første del. ' } }] })}\n\n`);
    if (requests === 1) {
      // The rest does not come before the worker must stop.
      firstPieceSent();
      return;
    }
    response.write(`data: ${JSON.stringify({ choices: [{ delta: { content: 'Anden del.' }, finish_reason: 'stop' }] })}\n\n`);
    response.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
  const modelEnv = { AI_BASE_URL: `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`, AI_API_KEY: 'test-key', AI_MODEL: 'stand-in-model' };
  const workers = [] as Awaited<ReturnType<typeof spawnWorkerProcess>>[];
  try {
    const { user } = await createUser(services);
    const db = services.db;
    const company = await db.insertInto('companies').values({ org_id: nextOrgId(), name: 'Stop ApS', created_by: user.id }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('memberships').values({ company_id: company.id, user_id: user.id, role: 'owner' }).execute();
    const fund = await db.insertInto('funds').values({ slug: 'stop-fond', name: 'Fonden' }).returning('id').executeTakeFirstOrThrow();
    const grant = await db.insertInto('grants').values({ fund_id: fund.id, slug: 'stop-pulje', title: 'Puljen', status: 'open', published_at: new Date() }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('grant_sections').values({ grant_id: grant.id, position: 0, kind: 'text', title: 'Resumé' }).execute();
    const application = await createApplication(db, { companyId: company.id, grantId: grant.id, title: 'Stop', language: 'da', description: '' }, user.id);
    const section = await db.selectFrom('application_sections').select('id').where('application_id', '=', application.id).executeTakeFirstOrThrow();

    // Stopping may take 2.5 s: the draft, which will not finish, is handed back after 0.5 s.
    const first = await spawnWorkerProcess(services, { ...modelEnv, SHUTDOWN_TIMEOUT_MS: '2500' });
    workers.push(first);
    const { draftId } = await requestDraft(createInnerContext(services), { id: application.id, companyId: company.id }, { id: section.id, instruction: '' }, user.id);
    await firstPiece;
    const queue = services.queues.queue('drafts');
    expect(await queue.getJobState(draftId)).toBe('active');

    const exit = once(first, 'exit');
    first.kill('SIGTERM');
    const [code] = (await exit) as [number | null];
    expect(code).toBe(0);
    // Back in the queue at once, not waiting for its lock to expire, and no attempt spent.
    expect(await queue.getJobCounts('waiting', 'active', 'failed')).toEqual({ waiting: 1, active: 0, failed: 0 });
    expect((await queue.getJob(draftId))?.attemptsMade).toBe(0);

    workers.push(await spawnWorkerProcess(services, modelEnv));
    const done = await waitFor(() => db.selectFrom('ai_drafts').selectAll().where('id', '=', draftId).where('status', '=', 'done').executeTakeFirst(), 30_000);
    expect(done.content).toBe('Første del. Anden del.');
    expect(await db.selectFrom('ai_drafts').select('id').where('section_id', '=', section.id).execute()).toHaveLength(1);
    await waitFor(async () => (await queue.getJobState(draftId)) === 'completed');
    expect(await queue.getJobCounts('waiting', 'active', 'delayed', 'failed')).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 0 });
    expect(requests).toBe(2);
  } finally {
    for (const child of workers) if (child.exitCode === null) child.kill('SIGKILL');
    model.closeAllConnections();
    await new Promise<void>((resolve) => model.close(() => resolve()));
  }
});
