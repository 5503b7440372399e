/**
 * Drafts of a budget with a model: a second app and worker on the same database, configured with
 * the local stand-in model server (tests/integration/model-stand-in.ts) and a Redis prefix of
 * their own, so the other specs keep the offline drafter. The model proposes rows; the writer
 * accepts a valid one, and a row that breaks the rules is shown with its problem and never saved.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { runProcesses, type RunningProcesses } from '../../src/server/cli/start';
import { createDb } from '../../src/server/db/db';
import { deleteKeys, redisUrl } from '../integration/harness';
import { startModelStandIn, type ModelStandIn } from '../integration/model-stand-in';
import { createTeamWithApplication, e2eState, expect, signInAs, test } from './fixtures';

const mainPort = Number(process.env.E2E_PORT ?? 3100);
// Beside the main server (E2E_PORT) and the registry stand-in (E2E_PORT + 50).
const port = mainPort + 51;
const origin = `http://127.0.0.1:${port}`;
const prefix = `gwe2e:${randomBytes(4).toString('hex')}`;
let model: ModelStandIn;
let processes: RunningProcesses;

const rows = {
  rows: [
    { type: 'materials', name: 'Prototype af varmeveksler', description: 'Materialer til den første prototype', amount: 120000 },
    { type: 'internal-existing', name: 'Projektleder', hourlyWage: 750, hours: 0 },
  ],
};

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const json = JSON.stringify(rows);
  model = await startModelStandIn({ kind: 'stream', pieces: [json.slice(0, 40), json.slice(40)] });
  processes = runProcesses(
    [
      { name: 'app-model', entry: 'src/server/main.ts' },
      { name: 'worker-model', entry: 'worker/main.ts' },
    ],
    {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: origin,
      DATABASE_URL: e2eState().databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      MAIL_DIR: e2eState().mailDir,
      CLIENT_DIR: path.resolve(`dist/client-e2e-${mainPort}`),
      REGISTRY: 'fixture',
      AI_BASE_URL: model.baseUrl,
      AI_MODEL: 'stand-in',
      LOG_LEVEL: 'warn',
    },
    () => {},
  );
  await expect.poll(() => fetch(`${origin}/healthz`).then((response) => response.ok, () => false), { timeout: 60_000 }).toBe(true);
});

test.afterAll(async () => {
  await processes?.stop();
  await model?.close();
  await deleteKeys(prefix).catch(() => {});
});

async function storedLines(applicationId: string): Promise<Array<{ name: string }>> {
  const db = createDb(e2eState().databaseUrl, 1);
  try {
    const row = await db
      .selectFrom('application_sections as s')
      .innerJoin('grant_sections as g', 'g.id', 's.grant_section_id')
      .select('s.data')
      .where('s.application_id', '=', applicationId)
      .where('g.kind', '=', 'budget')
      .executeTakeFirstOrThrow();
    return ((row.data as { lines?: Array<{ name: string }> } | null)?.lines ?? []).map((line) => ({ name: line.name }));
  } finally {
    await db.destroy();
  }
}

test('with a model, a budget draft proposes rows: a valid one is accepted, one that breaks a rule shows its problem and is never saved', async ({ page }) => {
  test.setTimeout(120_000);
  const team = await createTeamWithApplication([{ firstname: 'Mads', lastname: 'Model', role: 'owner' }], {
    companyName: 'Modelværket',
    title: 'Varmeveksler til bryggerier',
    description: 'Vi genbruger varmen fra bryggeriers kedler.',
  });
  await signInAs(page, team.emails[0]!, origin);
  await page.goto(`${origin}/applications/${team.applicationId}`);
  await page.getByRole('link', { name: /Budget/ }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Budget' })).toBeVisible();

  await page.getByRole('button', { name: 'Skriv udkast' }).click();
  const proposals = page.getByRole('list', { name: 'Foreslåede rækker' });
  await expect(proposals.locator(':scope > li')).toHaveCount(2);
  // The model was asked for JSON rows.
  expect(model.requests.at(-1)?.body.response_format).toEqual({ type: 'json_object' });

  const invalid = proposals.locator('[data-proposal="invalid"]');
  await expect(invalid).toContainText('Projektleder');
  await expect(invalid).toContainText('Antal timer kan ikke være nul');
  await expect(invalid.getByRole('button')).toHaveCount(0);

  const valid = proposals.locator('[data-proposal="valid"]');
  await expect(valid).toContainText('Prototype af varmeveksler');
  await expect(valid).toContainText('Materialer og udstyr');
  await valid.getByRole('button', { name: 'Tag rækken med' }).click();
  await expect(proposals.locator('[data-proposal="accepted"]')).toContainText('Taget med');
  await expect(page.getByRole('heading', { level: 1, name: 'Budget' }).locator('..')).toContainText('Kladde');
  // The row is in the budget on the page and in the database; the other is not.
  await expect(page.getByRole('textbox', { name: /Navn/ }).first()).toHaveValue('Prototype af varmeveksler');
  await expect.poll(() => storedLines(team.applicationId)).toEqual([{ name: 'Prototype af varmeveksler' }]);
  await expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');
  // Typing after the acceptance saves on top of it, without a conflict.
  await page.getByLabel('Note (valgfri)').fill('Prisen er et overslag.');
  await expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');
  await expect.poll(() => storedLines(team.applicationId)).toEqual([{ name: 'Prototype af varmeveksler' }]);
});
