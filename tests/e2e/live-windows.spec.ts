/**
 * A browser keeps at most six HTTP/1.1 connections to one host for all its windows together. Every
 * window holds one live connection (a WebSocket, not one of the six), so six windows of one browser
 * on the sections of one application, all on screen over the plain HTTP `npm start` serves, stay
 * live and save, and a reload of any of them loads at once (docs/decisions/0040).
 */
import type { Page } from '@playwright/test';
import { createDb } from '../../src/server/db/db';
import { createTeamWithApplication, e2eState, expect, signInAs, test } from './fixtures';

const WINDOWS = 6;

test('six windows of one browser, each on a section of one application, all stay live and every text is stored within 2 s', async ({ context, page, request }) => {
  test.setTimeout(180_000);
  const team = await createTeamWithApplication([{ firstname: 'Asta', lastname: 'Andersen', role: 'owner' }], { companyName: 'Vinduer', title: 'Seks vinduer', description: 'Vi skriver i seks vinduer.' });
  const db = createDb(e2eState().databaseUrl, 1);
  const sections = await db
    .selectFrom('application_sections as s')
    .innerJoin('grant_sections as g', 'g.id', 's.grant_section_id')
    .select('s.id')
    .where('s.application_id', '=', team.applicationId)
    .where('g.kind', '=', 'text')
    .orderBy('g.position')
    .execute();
  await db.destroy();
  expect(sections.length).toBeGreaterThanOrEqual(5);
  // Five text sections, and the sixth window on the first section again (two windows co-editing it).
  const targets = Array.from({ length: WINDOWS }, (_, index) => sections[index % sections.length]!.id);
  const token = await signInAs(page, team.emails[0]!);

  const pages: Page[] = [page];
  while (pages.length < WINDOWS) pages.push(await context.newPage());
  for (const [index, window] of pages.entries()) {
    await window.goto(`/applications/${team.applicationId}/${targets[index]}`);
    await expect(window.getByLabel('Afsnittets tekst')).toHaveAttribute('data-co-edited', 'ready');
  }

  // Every window types at once; each is on screen (headless Chromium keeps them all visible).
  const sentence = (index: number) => `Vindue ${index + 1} skriver her.`;
  await Promise.all(
    pages.map(async (window, index) => {
      const box = window.getByLabel('Afsnittets tekst');
      await box.press('Control+End');
      await box.pressSequentially(sentence(index));
    }),
  );
  const typedAt = Date.now();

  // Read back through the API as any client would: every window's sentence is stored.
  const storedText = async (sectionId: string) => {
    const input = encodeURIComponent(JSON.stringify({ applicationId: team.applicationId, sectionId }));
    const answer = await request.get(`/trpc/applications.section?input=${input}`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.ok()).toBe(true);
    return ((await answer.json()) as { result: { data: { content: string } } }).result.data.content;
  };
  await expect
    .poll(async () => {
      const texts = await Promise.all(targets.map(storedText));
      return pages.map((_, index) => (texts[index]!.includes(sentence(index)) ? '' : texts[index]!)).filter(Boolean);
    }, { timeout: 10_000, intervals: [100] })
    .toEqual([]);
  // Within 2 s of the last keystroke, measured on a machine that may be busy: the bound is the product's.
  expect(Date.now() - typedAt).toBeLessThan(2_000);
  for (const window of pages) await expect(window.locator('[data-save-state="saved"]')).toBeVisible();

  // The two windows on the first section each show the other's sentence: both are live.
  await expect(pages[0]!.getByLabel('Afsnittets tekst')).toHaveValue(new RegExp(sentence(WINDOWS - 1).replace('.', '\\.')));
  await expect(pages[WINDOWS - 1]!.getByLabel('Afsnittets tekst')).toHaveValue(new RegExp(sentence(0).replace('.', '\\.')));

  // A reload of any window loads at once while the other five stay open and live.
  const started = Date.now();
  await pages[2]!.reload();
  await expect(pages[2]!.getByLabel('Afsnittets tekst')).toHaveValue(new RegExp(sentence(2).replace('.', '\\.')));
  await expect(pages[2]!.getByLabel('Afsnittets tekst')).toHaveAttribute('data-co-edited', 'ready');
  expect(Date.now() - started).toBeLessThan(10_000);
  // And the overview still opens in a seventh window.
  const overview = await context.newPage();
  await overview.goto(`/applications/${team.applicationId}`);
  await expect(overview.getByRole('heading', { name: 'Seks vinduer' })).toBeVisible();
});

test('a window whose live connection breaks says so, keeps what is typed, and catches up when it is back', async ({ context, page }) => {
  test.setTimeout(120_000);
  const team = await createTeamWithApplication(
    [
      { firstname: 'Asta', lastname: 'Andersen', role: 'owner' },
      { firstname: 'Bo', lastname: 'Berg', role: 'employee' },
    ],
    { companyName: 'Afbrudt', title: 'Afbrudt forbindelse', description: 'Forbindelsen går og kommer.' },
  );
  const db = createDb(e2eState().databaseUrl, 1);
  const section = await db.selectFrom('application_sections').select('id').where('application_id', '=', team.applicationId).orderBy('position').executeTakeFirstOrThrow();
  await db.destroy();
  const url = `/applications/${team.applicationId}/${section.id}`;

  // The window's live connection goes through a stand-in that can cut it, as a network would
  // (its address carries `?connectionParams=1`: the token follows as the first message).
  const sockets: Array<{ close: () => Promise<void> }> = [];
  let refuse = false;
  await page.routeWebSocket(/\/live(\?|$)/, (socket) => {
    // Refused: the socket opens and drops at once, again and again, as on a network that is down.
    if (refuse) return void setTimeout(() => void socket.close({ code: 4000, reason: 'no network' }), 50);
    socket.connectToServer();
    sockets.push(socket);
  });
  await signInAs(page, team.emails[0]!);
  await page.goto(url);
  const box = page.getByLabel('Afsnittets tekst');
  await expect(box).toHaveAttribute('data-co-edited', 'ready');
  await expect(page.locator('[data-live-connection="lost"]')).toHaveCount(0);

  // Cut, and refused while it tries again: the page says so in words.
  refuse = true;
  expect(sockets.length).toBeGreaterThan(0);
  for (const socket of sockets.splice(0)) await socket.close();
  await expect(page.getByRole('status').filter({ hasText: 'Forbindelsen er afbrudt' })).toBeVisible();
  await box.pressSequentially('Skrevet uden forbindelse.');

  // Meanwhile a colleague writes in the same section from another browser.
  const colleague = await context.browser()!.newContext();
  const other = await colleague.newPage();
  await signInAs(other, team.emails[1]!);
  await other.goto(url);
  await expect(other.getByLabel('Afsnittets tekst')).toHaveAttribute('data-co-edited', 'ready');
  await other.getByLabel('Afsnittets tekst').press('Control+Home');
  await other.getByLabel('Afsnittets tekst').pressSequentially('Kollega først. ');
  await expect(other.locator('[data-save-state="saved"]')).toBeVisible();

  // Back: the notice goes, the typed words are saved and the colleague's arrive.
  refuse = false;
  await expect(page.locator('[data-live-connection="lost"]')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('[data-save-state="saved"]')).toBeVisible();
  await expect(box).toHaveValue(/Kollega først\. /);
  await expect(box).toHaveValue(/Skrevet uden forbindelse\./);
  await expect(other.getByLabel('Afsnittets tekst')).toHaveValue(/Skrevet uden forbindelse\./);
  await colleague.close();
});
