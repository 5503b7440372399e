/**
 * Real mail over SMTP: a mail server that refuses for a while (451, try again later) and then
 * accepts. The e-mail queue retries with growing delays, the job monitor shows each refusal while
 * the job waits for its next attempt, and the e-mail is delivered once, recorded as sent.
 */
import type { Worker } from 'bullmq';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queueEmail } from '../../src/server/mail/email.service';
import { createMailSender } from '../../src/server/integrations/mail/transport';
import { emailProcessor } from '../../worker/processors/email';
import { callerFor, createTestServices, createUser, startWorker, waitFor, type TestServices } from './harness';

const REFUSALS = 2;
let services: TestServices;
let smtp: SMTPServer;
let worker: Worker;
const attempts: Date[] = [];
const accepted: string[] = [];

beforeAll(async () => {
  services = await createTestServices();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      attempts.push(new Date());
      if (attempts.length <= REFUSALS) {
        callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      let body = '';
      stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
      stream.on('end', () => {
        accepted.push(body);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as { port: number }).port;
  const mail = createMailSender({ ...services.env, SMTP_URL: `smtp://127.0.0.1:${port}` });
  worker = startWorker(services, 'email', emailProcessor({ db: services.db, mail, log: pino({ level: 'silent' }) }));
});
afterAll(async () => {
  await worker?.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
  await services?.close();
});

it('retries a refused e-mail with backoff, shows the refusal in the job monitor, and delivers it once', async () => {
  const { token } = await createUser(services, { platformRole: 'admin' });
  const admin = await callerFor(services, { token });
  const id = await queueEmail(services, { to: 'post@example.dk', template: 'test', locale: 'da', params: { name: 'Post', reference: 'smtp-451' } });

  // Refused once: the job waits for its next attempt, and the monitor says why.
  const waiting = await waitFor(async () => {
    const { jobs } = await admin.jobs.list({ queue: 'email', state: 'delayed' });
    return jobs.find((job) => job.id === id);
  });
  expect(waiting.attemptsMade).toBe(1);
  expect(waiting.failedReason).toMatch(/451|try again later/i);
  const row = await services.db.selectFrom('emails').select(['status', 'error']).where('id', '=', id).executeTakeFirstOrThrow();
  expect(row.status).not.toBe('sent');

  const sent = await waitFor(() => services.db.selectFrom('emails').selectAll().where('id', '=', id).where('status', '=', 'sent').executeTakeFirst(), 30_000);
  expect(sent.transport).toBe('smtp');
  expect(attempts).toHaveLength(REFUSALS + 1);
  // Exponential backoff: the second wait is longer than the first.
  const gaps = attempts.slice(1).map((at, index) => at.getTime() - attempts[index]!.getTime());
  expect(gaps[1]!).toBeGreaterThan(gaps[0]!);
  expect(accepted).toHaveLength(1);
  expect(accepted[0]).toContain('smtp-451');
  const { jobs } = await admin.jobs.list({ queue: 'email', state: 'completed' });
  expect(jobs.find((job) => job.id === id)?.attemptsMade).toBe(REFUSALS + 1);
});
