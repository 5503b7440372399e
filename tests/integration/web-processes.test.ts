/**
 * `WEB_CONCURRENCY` web processes on one port (`src/server/cluster.ts`, decision 0049): the
 * primary forks them, connections reach each of them, `METRICS_PORT` sums their figures, a
 * signed-in user's calls and a membership removed in one of them hold in all, and SIGTERM stops
 * them all.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplicationOf, createOpenGrant } from './company-fixtures';
import { createTestServices, freePort, spawnWebProcess, type TestServices } from './harness';

let services: TestServices;
let web: Awaited<ReturnType<typeof spawnWebProcess>>;
let metricsPort: number;

beforeAll(async () => {
  services = await createTestServices();
  metricsPort = await freePort();
  web = await spawnWebProcess(services, { WEB_CONCURRENCY: '2', METRICS_PORT: String(metricsPort) }, { entry: 'src/server/cluster.ts', processes: 2 });
}, 60_000);

afterAll(async () => {
  await web?.stop();
  await services?.close();
});

/** The pids of a process's children (Linux). */
function childrenOf(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
}

/** A signed-in tRPC query on a connection of its own (so that it may reach either process): its status. */
async function call(procedure: string, token: string, input: unknown) {
  const response = await fetch(`${web.base}/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify((input)))}`, {
    headers: { authorization: `Bearer ${token}`, connection: 'close' },
  });
  return response.status;
}

describe('several web processes on one port', () => {
  it('runs WEB_CONCURRENCY processes, reached in turn, whose figures are summed on METRICS_PORT', async () => {
    expect(childrenOf(web.child.pid!)).toHaveLength(2);
    const answers = await Promise.all(Array.from({ length: 40 }, () => fetch(`${web.base}/healthz`, { headers: { connection: 'close' } }).then((response) => response.status)));
    expect(answers.every((status) => status === 200)).toBe(true);

    const figures = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const healthz = figures
      .split('\n')
      .filter((line) => line.startsWith('grantwork_http_request_duration_seconds_count{') && line.includes('route="/healthz"'))
      .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
    expect(healthz).toBeGreaterThanOrEqual(40);
    // Each process's own CPU figure is one series of the sum: both did work.
    const cpu = figures.split('\n').find((line) => line.startsWith('process_cpu_seconds_total'));
    expect(Number(cpu?.split(' ').at(-1))).toBeGreaterThan(0);
  });

  it('a member removed through one process is refused by every process at once', async () => {
    const { grantId, grantSectionId } = await createOpenGrant(services, { slug: 'flere-processer', fund: 'Procesfonden', grant: 'Procespuljen' });
    const { owner, writer, companyId, applicationId } = await createApplicationOf(services, { grantId, grantSectionId }, { company: 'Mange ApS', application: 'Flere' });
    // Every process has the writer's membership in memory after a few calls each (new connections go round).
    for (let index = 0; index < 6; index += 1) expect(await call('applications.get', writer.token, { applicationId })).toBe(200);
    const removed = await fetch(`${web.base}/trpc/companies.removeMember`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(({ companyId, userId: writer.user.id })),
    });
    expect(removed.status).toBe(200);
    const started = Date.now();
    const refused = async () => (await Promise.all(Array.from({ length: 4 }, () => call('applications.get', writer.token, { applicationId })))).every((status) => status === 404);
    while (!(await refused())) {
      expect(Date.now() - started).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  it('SIGTERM to the primary stops every web process', async () => {
    const children = childrenOf(web.child.pid!);
    const exited = new Promise<number | null>((resolve) => web.child.once('exit', (code) => resolve(code)));
    web.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of children) expect(() => process.kill(pid, 0)).toThrow();
  });
});
