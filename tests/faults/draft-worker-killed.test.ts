/**
 * The `drafts` worker killed with SIGKILL in the middle of writing a draft: the model stand-in
 * has streamed part of the text and holds the rest; another worker takes the job over, writes the
 * draft from the start, and exactly one finished draft results.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplication } from '../../src/server/features/applications/applications.service';
import { requestDraft } from '../../src/server/features/drafts/drafts.service';
import { createInnerContext } from '../../src/server/trpc/context';
import { nextOrgId } from '../integration/company-fixtures';
import { createTestServices, createUser, spawnWorkerProcess, type TestServices, waitFor } from '../integration/harness';

describe('the drafts queue with the worker killed mid-generation', () => {
  let services: TestServices;
  let model: Server;
  let modelUrl: string;
  const workers: ChildProcess[] = [];
  let requests = 0;
  let firstPieceSent: () => void;
  const firstPiece = new Promise<void>((resolve) => (firstPieceSent = resolve));

  async function startWorker(): Promise<ChildProcess> {
    const child = await spawnWorkerProcess(services, { AI_BASE_URL: modelUrl, AI_API_KEY: 'test-key', AI_MODEL: 'stand-in-model' });
    workers.push(child);
    return child;
  }

  beforeAll(async () => {
    services = await createTestServices();
    model = createServer((request, response) => {
      requests += 1;
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(`data: ${JSON.stringify({ choices: [{ delta: { content: 'Første del. ' } }] })}\n\n`);
      if (requests === 1) {
        // The rest never comes: the worker is killed while it waits for it.
        firstPieceSent();
        return;
      }
      response.write(`data: ${JSON.stringify({ choices: [{ delta: { content: 'Anden del.' }, finish_reason: 'stop' }] })}\n\n`);
      response.end('data: [DONE]\n\n');
    });
    await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
    modelUrl = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`;
  });

  afterAll(async () => {
    for (const child of workers) child.kill('SIGKILL');
    model?.closeAllConnections();
    await new Promise<void>((resolve) => (model ? model.close(() => resolve()) : resolve()));
    await services?.close();
  });

  it('is taken over by another worker and ends in exactly one finished draft', async () => {
    const { user } = await createUser(services);
    const db = services.db;
    const company = await db.insertInto('companies').values({ org_id: nextOrgId(), name: 'Afbrudt ApS', created_by: user.id }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('memberships').values({ company_id: company.id, user_id: user.id, role: 'owner' }).execute();
    const fund = await db.insertInto('funds').values({ slug: 'afbrudt-fond', name: 'Fonden' }).returning('id').executeTakeFirstOrThrow();
    const grant = await db.insertInto('grants').values({ fund_id: fund.id, slug: 'afbrudt-pulje', title: 'Puljen', status: 'open', published_at: new Date() }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('grant_sections').values({ grant_id: grant.id, position: 0, kind: 'text', title: 'Resumé' }).execute();
    const application = await createApplication(db, { companyId: company.id, grantId: grant.id, title: 'Afbrudt', language: 'da', description: '' }, user.id);
    const section = await db.selectFrom('application_sections').select('id').where('application_id', '=', application.id).executeTakeFirstOrThrow();

    const first = await startWorker();
    const { draftId } = await requestDraft(createInnerContext(services), { id: application.id, companyId: company.id }, { id: section.id, instruction: '' }, user.id);
    await firstPiece;
    // Another worker is already running when the first one dies, as with replicas.
    await startWorker();
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const killedAt = Date.now();

    const done = await waitFor(() => db.selectFrom('ai_drafts').selectAll().where('id', '=', draftId).where('status', '=', 'done').executeTakeFirst(), 30_000);
    expect(Date.now() - killedAt).toBeLessThan(20_000);
    expect(done.content).toBe('Første del. Anden del.');
    const rows = await db.selectFrom('ai_drafts').select('id').where('section_id', '=', section.id).execute();
    expect(rows).toHaveLength(1);
    const queue = services.queues.queue('drafts');
    const completed = await waitFor(async () => {
      const jobs = await queue.getJobs(['completed']);
      return jobs.length ? jobs : undefined;
    });
    expect(completed.map((job) => job.id)).toEqual([draftId]);
    expect(await queue.getJobCounts('waiting', 'active', 'delayed', 'failed')).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 0 });
    expect(requests).toBe(2);
  });
});
