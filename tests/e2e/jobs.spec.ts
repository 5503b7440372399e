import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { createSession } from '../../src/server/auth/session';
import { createDb } from '../../src/server/db/db';
import { defaultJobOptions, queueNames, type QueueName } from '../../src/shared/jobs';
import { deleteKeys, freePort, redisUrl } from '../integration/harness';
import { e2eState, expect, expectAccessible, signInAs, test } from './fixtures';

/** A producer on the running app's queues, as the app itself would add to them. */
async function withQueue<T>(name: QueueName, run: (queue: Queue) => Promise<T>): Promise<T> {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(name, { connection, prefix: e2eState().redisPrefix });
  try {
    return await run(queue);
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

/** The stand-in of cvrapi.dk that the e2e worker asks (tests/e2e/registry-stand-in.ts). */
async function setRegistry(mode: 'ok' | 'fail') {
  const response = await fetch(`http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 50}/__mode`, { method: 'POST', body: mode });
  expect(await response.text()).toBe(mode);
}

test('a registry lookup that fails shows under failed with its reason, and completes when retried after the registry is back', async ({ page }) => {
  const state = e2eState();
  const orgId = '24256790';
  const jobId = `e2e-lookup-${randomUUID()}`;
  await setRegistry('fail');
  try {
    // One attempt, so the failure is final at once instead of after the backoff of five.
    await withQueue('registry', (queue) => queue.add('registry', { orgId }, { ...defaultJobOptions, jobId, attempts: 1 }));

    await signInAs(page, state.adminEmail);
    await page.goto('/admin/jobs?lang=en');
    await page.getByRole('tab', { name: /Registry lookups/ }).click();
    const panel = page.getByRole('tabpanel').first();
    await expect(panel.getByRole('heading', { level: 2, name: 'Registry lookups' })).toBeVisible();
    await expect(panel.getByRole('tab', { name: /^Failed/ })).toHaveAttribute('aria-selected', 'true');
    const row = panel.getByRole('row').filter({ hasText: jobId });
    await expect(row).toContainText('registry answered HTTP 500');
    await expect(row).toContainText('1 of 1');
    await expectAccessible(page);

    await setRegistry('ok');
    await row.getByRole('button', { name: `Details of job ${jobId}` }).click();
    const dialog = page.getByRole('dialog', { name: `Job ${jobId}` });
    await expect(dialog.getByText('Failed', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('region', { name: 'Data' })).toContainText(orgId);
    await dialog.getByRole('button', { name: 'Retry', exact: true }).click();
    await expect(page.getByText(`Job ${jobId} will run again`, { exact: true })).toBeVisible();
    // The dialog follows the job live: it runs again and completes.
    await expect(dialog.getByText('Completed', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(dialog.getByRole('region', { name: 'Result' })).toContainText('"status": "found"');
    // (Escape would first dismiss the newer toast, the topmost layer.)
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await panel.getByRole('tab', { name: /^Completed/ }).click();
    await expect(panel.getByRole('row').filter({ hasText: jobId })).toBeVisible();
    // Other tests may leave failed lookups of their own; this job is no longer among the failed.
    await panel.getByRole('tab', { name: /^Failed/ }).click();
    await expect(panel.getByRole('tab', { name: /^Failed/ })).toHaveAttribute('aria-selected', 'true');
    await expect(panel.getByRole('row').filter({ hasText: jobId })).toHaveCount(0);
  } finally {
    await setRegistry('ok');
  }
});

test('an admin pauses a queue, retries its failed jobs, resumes it and sees them complete', async ({ page }) => {
  const state = e2eState();
  // An e-mail job whose row does not exist yet fails for good at once (the processor says so).
  const emailId = randomUUID();
  await withQueue('email', (queue) => queue.add('email', { emailId }, { jobId: emailId }));

  await page.setViewportSize({ width: 375, height: 800 });
  await signInAs(page, state.adminEmail);
  await page.goto('/admin/jobs?lang=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Job queues' })).toBeVisible();
  await page.getByRole('tab', { name: /E-mails/ }).click();
  const panel = page.getByRole('tabpanel').first();
  await expect(panel.getByRole('heading', { level: 2, name: 'E-mails' })).toBeVisible();
  await expect(panel.getByRole('img', { name: /Processed per minute, last hour/ })).toBeVisible();

  const failedTab = panel.getByRole('tab', { name: /^Failed/ });
  await expect(failedTab).toHaveAttribute('aria-selected', 'true');
  await expect(failedTab).toHaveText('Failed (1)');
  const row = panel.getByRole('row').filter({ hasText: emailId });
  await expect(row).toContainText(`e-mail ${emailId} does not exist`);
  // Nothing but the job table (which scrolls in its own box) is wider than a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page);

  // Now the e-mail exists; the queue is paused first, so the retried job waits.
  const db = createDb(state.databaseUrl, 1);
  try {
    await db
      .insertInto('emails')
      .values({ id: emailId, recipient: 'kari.nordmann@example.no', template: 'test', locale: 'en', params: JSON.stringify({ name: 'Kari', reference: 'jobs-e2e' }) })
      .execute();
  } finally {
    await db.destroy();
  }

  await panel.getByRole('button', { name: 'Pause queue' }).click();
  const pauseDialog = page.getByRole('alertdialog', { name: 'Pause E-mails?' });
  await expect(pauseDialog).toBeVisible();
  await expectAccessible(page);
  await pauseDialog.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByText('E-mails is paused', { exact: true })).toBeVisible();
  await expect(panel.getByText('Paused', { exact: true })).toBeVisible();

  await panel.getByRole('button', { name: 'Retry all failed' }).click();
  const retryDialog = page.getByRole('alertdialog', { name: 'Retry all failed jobs in E-mails?' });
  await expect(retryDialog).toContainText('1 failed job goes back to the queue');
  await retryDialog.getByRole('button', { name: 'Retry all' }).click();
  await expect(page.getByText('1 job will run again', { exact: true })).toBeVisible();
  await expect(failedTab).toHaveText('Failed (0)');
  await expect(panel.getByText('The queue is paused: 1 job waits until it is resumed.')).toBeVisible();
  await panel.getByRole('tab', { name: /^Waiting/ }).click();
  await expect(panel.getByRole('row').filter({ hasText: emailId })).toBeVisible();

  await panel.getByRole('button', { name: 'Resume queue' }).click();
  await expect(page.getByText('E-mails is running again', { exact: true })).toBeVisible();
  await panel.getByRole('tab', { name: /^Completed/ }).click();
  const completed = panel.getByRole('row').filter({ hasText: emailId });
  await expect(completed).toBeVisible({ timeout: 15_000 });
  expect(existsSync(path.join(state.mailDir, `${emailId}.eml`))).toBe(true);

  // The detail: its data, and the result the processor returned.
  await completed.getByRole('button', { name: `Details of job ${emailId}` }).click();
  const dialog = page.getByRole('dialog', { name: `Job ${emailId}` });
  await expect(dialog.getByText('Completed', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Data' })).toContainText(emailId);
  await expect(dialog.getByRole('region', { name: 'Result' })).toContainText('"status": "sent"');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('a queue that no worker serves is shown as a warning, not as running', async ({ page }) => {
  test.setTimeout(120_000);
  const state = e2eState();
  // A second app on the same database with a Redis prefix of its own: no worker serves its queues.
  const port = await freePort();
  const prefix = `gwe2e-noworker:${randomBytes(4).toString('hex')}`;
  const app = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: state.databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      MAIL_DIR: state.mailDir,
      CLIENT_DIR: path.resolve(`dist/client-e2e-${process.env.E2E_PORT ?? '3100'}`),
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  try {
    const origin = `http://127.0.0.1:${port}`;
    await expect.poll(async () => (await fetch(`${origin}/healthz`).catch(() => null))?.status, { timeout: 60_000 }).toBe(200);
    const db = createDb(state.databaseUrl, 1);
    const admin = await db.selectFrom('users').select('id').where('email', '=', state.adminEmail).executeTakeFirstOrThrow();
    const { token } = await createSession(db, admin.id);
    await db.destroy();
    await page.goto(`${origin}/legal/privacy-policy`);
    await page.evaluate((value) => localStorage.setItem('auth_token', value), token);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${origin}/admin/jobs`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Every queue warns, none claims to be running.
    await expect(page.getByTestId('no-worker').first()).toBeVisible();
    // One badge for each queue in the list, and one more on the open queue's panel.
    await expect(page.getByTestId('no-worker')).toHaveCount(queueNames.length + 1);
    await expect(page.getByTestId('no-worker').first()).toHaveText('⚠ Ingen worker');
    await expect(page.getByText('Kører', { exact: true })).toHaveCount(0);
    await expectAccessible(page);
    // Away from the monitor's live stream before its server stops.
    await page.goto('about:blank');
  } finally {
    app.kill('SIGTERM');
    if (app.exitCode === null) await once(app, 'exit');
    await deleteKeys(prefix);
  }
});

test('an admin sees a failure spike, the history chart and the schedulers, finds a job, and cleans the failed ones after confirming', async ({ page }) => {
  const state = e2eState();
  const jobIds = Array.from({ length: 5 }, () => `e2e-spike-${randomUUID()}`);
  await setRegistry('fail');
  try {
    await withQueue('registry', async (queue) => {
      for (const jobId of jobIds) await queue.add('registry', { orgId: '24256790' }, { ...defaultJobOptions, jobId, attempts: 1 });
    });
    await signInAs(page, state.adminEmail);
    await page.goto('/admin/jobs?lang=en');

    // Five failures within 15 minutes, and none the day before: a spike, said in words.
    const warnings = page.getByTestId('job-warnings');
    await expect(warnings).toContainText(/Registry lookups: \d+ jobs failed in the last 15 minutes\./, { timeout: 20_000 });
    await expect(page.getByRole('tab', { name: /Registry lookups/ })).toContainText('Warning');

    // The job schedulers the worker sets up, with their next run.
    const schedulers = page.getByTestId('job-schedulers');
    await expect(schedulers.getByRole('listitem').filter({ hasText: 'Deadline reminders' })).toContainText('Interval: 15 minutes');
    await expect(schedulers.getByRole('listitem').filter({ hasText: 'Deadline reminders' })).toContainText('Next run');

    await page.getByRole('tab', { name: /Registry lookups/ }).click();
    const panel = page.getByRole('tabpanel').first();
    await expect(panel.getByRole('heading', { level: 2, name: 'Registry lookups' })).toBeVisible();

    // The history: 24 hours per hour, then 7 days per day, each with its text alternative.
    const history = panel.getByTestId('job-history');
    await expect(history.getByRole('img', { name: /Finished jobs per hour, last 24 hours/ })).toBeVisible();
    await expect(history).toContainText(/Last 24 hours: \d+ completed and [1-9]\d* failed\./);
    await history.getByRole('button', { name: '7 days' }).click();
    await expect(history.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    await expect(history.getByRole('img', { name: /Finished jobs per day, last 7 days/ })).toBeVisible();
    await expect(history.getByRole('table', { name: 'Finished jobs per day' }).getByRole('row')).toHaveCount(8);
    await expectAccessible(page);

    // Search by id; the job found opens in its details.
    await panel.getByRole('searchbox', { name: 'Job id, name or an id in the job’s data' }).fill(jobIds[0]!);
    await panel.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(panel.getByText(`1 job matches “${jobIds[0]}”:`)).toBeVisible();
    await panel.getByRole('list', { name: 'Jobs found' }).getByRole('button', { name: `Details of job ${jobIds[0]}` }).click();
    const dialog = page.getByRole('dialog', { name: `Job ${jobIds[0]}` });
    await expect(dialog.getByText('Failed', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // Clean every failed lookup, whatever its age, after confirming.
    await panel.getByRole('combobox', { name: 'Jobs' }).selectOption('failed');
    await panel.getByRole('combobox', { name: 'Older than' }).selectOption({ label: 'All, whatever their age' });
    await panel.getByRole('button', { name: 'Clean up…' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove failed jobs from Registry lookups?' });
    await expect(confirm).toContainText('deleted from the queue with their logs');
    await confirm.getByRole('button', { name: 'Remove jobs' }).click();
    await expect(panel.getByRole('status').filter({ hasText: /^\d+ jobs removed$/ })).toBeVisible();
    await expect(panel.getByRole('tab', { name: /^Failed/ })).toHaveText('Failed (0)');
    await expect(panel.getByRole('row').filter({ hasText: jobIds[0]! })).toHaveCount(0);
  } finally {
    await setRegistry('ok');
  }
});
