import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Worker} from 'bullmq';
import { type Job } from 'bullmq';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueEmail } from '../../src/server/mail/email.service';
import { createMailSender } from '../../src/server/integrations/mail/transport';
import { emailProcessor } from '../../worker/processors/email';
import { createTestServices, spawnWorkerProcess, type TestServices, waitFor, startWorker } from './harness';

const silent = pino({ level: 'silent' });


describe('the email queue, written to files', () => {
  let services: TestServices;
  let worker: Worker;

  beforeAll(async () => {
    services = await createTestServices();
    const mail = createMailSender(services.env);
    worker = startWorker(services, 'email', emailProcessor({ db: services.db, mail, log: silent }));
  });
  afterAll(async () => {
    await worker.close();
    await services.close();
  });

  it('renders the e-mail in the recipient language, writes an .eml file and records it as sent', async () => {
    const id = await queueEmail(services, { to: 'kari@example.no', template: 'test', locale: 'nb', params: { name: 'Kari', reference: 'ref-42' } });
    const row = await waitFor(
      () => services.db.selectFrom('emails').selectAll().where('id', '=', id).where('status', '=', 'sent').executeTakeFirst(),
      10_000,
    );
    expect(row.subject).toBe('Testmelding fra Grantwork');
    expect(row.transport).toBe('file');
    expect(row.location).toBe(`${services.mailDir}/${id}.eml`);
    const eml = readFileSync(row.location!, 'utf8');
    expect(eml).toContain('To: kari@example.no');
    expect(eml).toContain('Subject: Testmelding fra Grantwork');
    expect(eml).toContain('ref-42');
    expect(eml).toContain(`Message-ID: <${id}@grantwork.local>`);
  });

  it('does nothing the second time it sees an e-mail that was sent', async () => {
    const id = await queueEmail(services, { to: 'a@example.com', template: 'test', locale: 'da', params: { name: 'A', reference: 'r' } });
    await waitFor(() => services.db.selectFrom('emails').select('id').where('id', '=', id).where('status', '=', 'sent').executeTakeFirst(), 10_000);
    const process = emailProcessor({ db: services.db, mail: createMailSender(services.env), log: silent });
    const again = await process({ data: { emailId: id }, attemptsMade: 0, opts: { attempts: 5 } } as Job);
    expect(again.status).toBe('already-sent');
  });

  it('refuses a payload that is not an e-mail id before anything is queued', async () => {
    await expect(services.queues.add('email', { emailId: 'not-a-uuid' }, { jobId: 'x' })).rejects.toThrow();
  });
});

describe('the email queue over SMTP, with the worker killed mid-job', () => {
  let services: TestServices;
  let smtp: SMTPServer;
  let port: number;
  const accepted: string[] = [];
  let firstMessageSeen: () => void;
  const firstMessage = new Promise<void>((resolve) => (firstMessageSeen = resolve));
  let held = false;
  const workers: ChildProcess[] = [];

  async function startWorker(): Promise<ChildProcess> {
    const child = await spawnWorkerProcess(services, { SMTP_URL: `smtp://127.0.0.1:${port}` });
    workers.push(child);
    return child;
  }

  beforeAll(async () => {
    services = await createTestServices();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        let body = '';
        stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
        stream.on('end', () => {
          if (!held) {
            // The first delivery never gets its "250 OK": the worker is killed while waiting for it.
            held = true;
            firstMessageSeen();
            return;
          }
          accepted.push(body);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const child of workers) child.kill('SIGKILL');
    await new Promise<void>((resolve) => smtp.close(resolve));
    await services.close();
  });

  it('delivers the e-mail exactly once after the worker is killed and another one starts', async () => {
    const first = await startWorker();
    const id = await queueEmail(services, { to: 'ole@example.dk', template: 'test', locale: 'da', params: { name: 'Ole', reference: 'kill-1' } });
    await firstMessage;
    // Another worker is already running when the first one dies, as with replicas.
    await startWorker();
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const started = Date.now();
    const row = await waitFor(
      () => services.db.selectFrom('emails').selectAll().where('id', '=', id).where('status', '=', 'sent').executeTakeFirst(),
      30_000,
    );
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(row.transport).toBe('smtp');
    expect(accepted).toHaveLength(1);
    expect(accepted[0]).toContain('Subject: Testbesked fra Grantwork');
    expect(accepted[0]).toContain('kill-1');
    // Once no e-mail job is waiting, running or delayed, no second delivery can still start.
    const queue = services.queues.queue('email');
    await waitFor(async () => {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed');
      return Object.values(counts).every((count) => count === 0);
    });
    expect(accepted).toHaveLength(1);
  });
});
