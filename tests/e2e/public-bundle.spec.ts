/**
 * What a first visit to a public page downloads: the scripts and stylesheets Chromium fetches for
 * `/`, `/grants` and a grant page with an empty cache, measured as gzip bytes, kept under a budget
 * (decision 0019); only the visitor's language's messages among them, and none of the signed-in,
 * administration, editor or form code.
 */
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** gzip bytes of JavaScript a first visit may download (docs/decisions/0029-react-dom.md, 0062-first-visit-under-135-kb.md, 0066-first-visit-135-kb-reached.md). */
const JS_BUDGET = 134 * 1024;
const CSS_BUDGET = 10 * 1024;

interface Loaded {
  url: string;
  type: 'script' | 'stylesheet';
  gzipBytes: number;
  text: string;
}

async function firstVisit(page: Page, path: string): Promise<Loaded[]> {
  const pending: Promise<Loaded | null>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const kind: Loaded['type'] = type;
    pending.push(
      response
        .body()
        .then((body) => ({ url: new URL(response.url()).pathname, type: kind, gzipBytes: gzipSync(body, { level: 9 }).length, text: body.toString('utf8') }))
        .catch(() => null),
    );
  });
  await page.goto(path);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  return (await Promise.all(pending)).filter((loaded): loaded is Loaded => loaded !== null);
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

for (const path of ['/', '/grants', '/grants/innobooster']) {
  test(`a first visit to ${path} stays within the budget and loads no signed-in code`, async ({ page }) => {
    const loaded = await firstVisit(page, path);
    const js = loaded.filter((file) => file.type === 'script').reduce((sum, file) => sum + file.gzipBytes, 0);
    const css = loaded.filter((file) => file.type === 'stylesheet').reduce((sum, file) => sum + file.gzipBytes, 0);
    test.info().annotations.push({ type: 'first visit', description: `${path}: JavaScript ${kib(js)} (${js} bytes), CSS ${kib(css)} (gzip), ${loaded.length} files` });
    expect(js, `JavaScript of ${path}: ${loaded.map((file) => `${file.url} ${kib(file.gzipBytes)}`).join(', ')}`).toBeLessThanOrEqual(JS_BUDGET);
    expect(css).toBeLessThanOrEqual(CSS_BUDGET);
    // Administration, the application editor and forms are chunks of their own.
    for (const file of loaded) expect(file.url).not.toMatch(/\/assets\/(admin-|applications-application_id|forms-|alert-signup-|user-menu-|toast-region-|beta-notice-)/);
  });
}

test('only the language the visitor reads is downloaded, only what a public page shows, and switching loads the next one', async ({ page }) => {
  const loaded = await firstVisit(page, '/grants?lang=en');
  const scripts = loaded.filter((file) => file.type === 'script').map((file) => file.text);
  // The same message in each language (core catalog): only the English one arrives.
  expect(scripts.some((text) => text.includes('Skip to content'))).toBe(true);
  expect(scripts.some((text) => text.includes('Gå til indhold'))).toBe(false);
  expect(scripts.some((text) => text.includes('Gå til innhold'))).toBe(false);
  await expect(page.getByRole('heading', { level: 1, name: 'Grants' })).toBeVisible();

  // Only the part of the catalog a public page shows: not the application screens' texts.
  expect(scripts.some((text) => text.includes('You need a company to apply.'))).toBe(false);

  await page.getByRole('combobox', { name: /language|sprog/i }).selectOption('nb');
  await expect(page.getByRole('heading', { level: 1, name: 'Tilskudd' })).toBeVisible();
  // Another screen waits for the rest of the catalog, in the language chosen now.
  await page.getByRole('banner').getByRole('link', { name: 'Logg inn' }).click();
  await expect(page.getByText('Logg inn for å jobbe videre med søknadene deres.')).toBeVisible();
  await expect(page.getByText('Har du ikke konto?')).toBeVisible();
});
