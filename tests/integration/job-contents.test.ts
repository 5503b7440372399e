/**
 * Jobs keep ids and counts, not application text: a deleted application takes its draft jobs
 * with it, and a failed job shown on the admin job page names no server path. (Draft progress
 * holding only a length is checked with the drafts: `drafts.test.ts`.)
 */
import type { Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast, createCompany, type Cast } from './company-fixtures';
import { callerFor, createTestServices, createUser, startWorker, waitFor, type TestServices } from './harness';

let services: TestServices;
let cast: Cast;
let grantId: string;
const workers: Worker[] = [];

beforeAll(async () => {
  services = await createTestServices();
  cast = await createCast(services);
  const fund = await services.db.insertInto('funds').values({ slug: 'jobfonden', name: 'Jobfonden' }).returning('id').executeTakeFirstOrThrow();
  const grant = await services.db
    .insertInto('grants')
    .values({ fund_id: fund.id, slug: 'jobpuljen', title: 'Jobpuljen', status: 'open', published_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  grantId = grant.id;
  await services.db.insertInto('grant_sections').values({ grant_id: grant.id, position: 0, kind: 'text', title: 'Idé' }).execute();
});
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.close()));
  await services.close();
});

describe('jobs hold ids and counts only', () => {
  it('deleting an application removes its waiting draft jobs', async () => {
    const companyId = await createCompany(services, cast);
    const { id: applicationId } = await cast.callers.owner.applications.create({ companyId, grantId, title: 'Slettes', language: 'da' });
    const [section] = (await cast.callers.owner.applications.get({ applicationId })).sections;
    // No worker takes drafts here: the job waits.
    const { draftId } = await cast.callers.owner.drafts.request({ applicationId, sectionId: section!.id });
    const queue = services.queues.queue('drafts');
    expect(await queue.getJob(draftId)).toBeDefined();
    await cast.callers.owner.applications.delete({ applicationId });
    expect(await queue.getJob(draftId)).toBeUndefined();
  });

  it('a failed job’s reason and stack show no server file path', async () => {
    workers.push(
      startWorker(services, 'registry', async () => {
        throw new Error(`could not read ${process.cwd()}/src/server/integrations/registry/cvrapi-registry.ts`);
      }),
    );
    const admin = await callerFor(services, { token: (await createUser(services, { platformRole: 'admin' })).token });
    const job = await services.queues.queue('registry').add('registry', { orgId: '10403782' }, { jobId: '10403782-path-test', attempts: 1 });
    await waitFor(async () => (await job.getState()) === 'failed');
    const detail = await admin.jobs.job({ queue: 'registry', id: job.id! });
    const shown = JSON.stringify([detail.failedReason, detail.stacktrace]);
    expect(shown).toContain('cvrapi-registry.ts');
    expect(shown).not.toContain(process.cwd());
    expect(shown).not.toMatch(/\/(src|worker|node_modules|tests)\//);
  });
});
