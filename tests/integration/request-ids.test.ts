/**
 * One id per request, through to its jobs: a `traceparent` from a trusted proxy names the request
 * (answered as X-Request-Id), the e-mail job the request queues carries it, and the worker's log
 * lines for that job carry it as `requestId`; the same header from a peer that is no trusted proxy
 * is ignored and a new id is made.
 */
import { Writable } from 'node:stream';
import type { Job } from 'bullmq';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMailSender } from '../../src/server/integrations/mail/transport';
import { traceMixin } from '../../src/server/http/trace-context';
import { emailProcessor } from '../../worker/processors/email';
import { traced } from '../../worker/traced';
import { createTestServices, spawnWebProcess, waitFor, type TestServices } from './harness';

let services: TestServices;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const traceparent = `00-${TRACE_ID}-00f067aa0ba902b7-01`;

async function signup(base: string, email: string): Promise<Response> {
  // As a balancer does: no request before the process is ready (its Redis connection among it).
  await waitFor(async () => (await fetch(`${base}/readyz`)).status === 200);
  const input = { firstname: 'Spor', lastname: 'Test', email, password: 'en lang og god adgangskode 42', acceptPrivacy: true };
  return fetch(`${base}/trpc/auth.signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', traceparent },
    body: JSON.stringify((input)),
  });
}

/** The e-mail job queued for an address, once it is there. */
async function emailJobFor(address: string): Promise<Job> {
  const queue = services.queues.queue('email');
  return waitFor(async () => {
    const rows = await services.db.selectFrom('emails').select('id').where('recipient', '=', address).execute();
    const jobs = await Promise.all(rows.map((row) => queue.getJob(row.id)));
    return jobs.find((job): job is Job => job !== undefined);
  });
}

it('follows a trusted proxy’s traceparent from the request to the worker’s log lines of its job', async () => {
  const web = await spawnWebProcess(services, { TRUST_PROXY: '127.0.0.1' });
  try {
    const response = await signup(web.base, 'spor@example.dk');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe(TRACE_ID);
    const job = await emailJobFor('spor@example.dk');
    expect((job.data as { trace?: string }).trace).toBe(TRACE_ID);

    // The worker runs the job under the request's id: its log lines carry it.
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const process = traced(emailProcessor({ db: services.db, mail: createMailSender(services.env), log: pino({ mixin: traceMixin }, sink) }));
    await process(job);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line.requestId === TRACE_ID)).toBe(true);
  } finally {
    await web.stop();
  }
});

it('ignores a traceparent from a peer that is no trusted proxy, and makes an id of its own', async () => {
  const web = await spawnWebProcess(services, { TRUST_PROXY: '10.0.0.0/8' });
  try {
    const response = await signup(web.base, 'uden-spor@example.dk');
    expect(response.status, await response.clone().text()).toBe(200);
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(requestId).not.toBe(TRACE_ID);
    const job = await emailJobFor('uden-spor@example.dk');
    expect((job.data as { trace?: string }).trace).toBe(requestId);
  } finally {
    await web.stop();
  }
});
