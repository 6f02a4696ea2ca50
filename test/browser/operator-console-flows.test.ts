// Operator flows in real Chromium: a URL suppression applied at the next import, a Portuguese water park not suggested as an
// apartment, an existing e-mail in another case refused beside the field, and a two-file upload run as one import.
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../api/accounts/account-service.ts';
import { CLI_ACTOR } from '../../api/accounts/audit.ts';
import { startTestApi, type TestApi } from '../api/support/test-api.ts';
import { BROWSER_TEST_TIMEOUT, browserAvailable, launchChromium, screenshot, watchPageProblems, type Browser, type Page } from './support/browser.ts';

const PASSWORD = 'a long and sunny passphrase';
const place = (id: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ providerId: id, name: `Hotel ${id}`, address: { city: 'Lisboa' }, phone: '213 456 789', categories: ['Hotel'], ...extra });

describe.runIf(browserAvailable())('operator console flows in Chromium', () => {
  let api: TestApi;
  let browser: Browser;
  let files: string;
  let labelsDir: string;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    labelsDir = await mkdtemp(path.join(tmpdir(), 'lodging-flows-labels-'));
    await cp(path.resolve('data/labels'), labelsDir, { recursive: true });
    api = await startTestApi({ exports: {}, env: { LODGING_LABELS_DIR: labelsDir } });
    browser = await launchChromium();
    files = await mkdtemp(path.join(tmpdir(), 'lodging-flows-'));
    const email = `flows-${process.pid}@example.com`;
    const { inviteUrl } = await createAccount(api.server.stores.accounts, { email, role: 'operator' }, api.publicUrl, CLI_ACTOR);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    problems = watchPageProblems(page);
    await page.goto(`${api.url}${inviteUrl.slice(api.publicUrl.length)}`);
    await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('New password again').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.waitForURL(/\/console\/sign-in/);
    // The e-mail is filled in: only the new password is asked for.
    expect(await page.getByLabel('E-mail').inputValue()).toBe(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/sign-in'));
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await api?.close();
    if (files) await rm(files, { recursive: true, force: true });
    if (labelsDir) await rm(labelsDir, { recursive: true, force: true });
  });

  async function uploadAndWait(country: string, paths: string[], dryRun = false): Promise<void> {
    await page.goto(`${api.url}/console/ops/imports`);
    await page.locator('#field-country-upload').selectOption(country);
    if (dryRun) await page.locator('#field-dry-run-upload').check();
    await page.getByLabel('Export files').setInputFiles(paths);
    await page.getByRole('button', { name: 'Upload and import' }).click();
    await page.waitForURL(/\/console\/ops\/imports\/[\w-]+$/);
    await page.locator('#import-progress[data-finished="yes"]').waitFor({ timeout: 60_000 });
  }

  it('runs a two-file upload as one import', async () => {
    await writeFile(path.join(files, 'lisboa.jsonl'), `${place('l1')}\n${place('l2')}\n`);
    await writeFile(path.join(files, 'porto.jsonl'), `${place('p1', { address: { city: 'Porto' } })}\n`);
    await uploadAndWait('pt', [path.join(files, 'lisboa.jsonl'), path.join(files, 'porto.jsonl')]);
    expect(await page.locator('.lead').innerText()).toContain('2 files, one import: lisboa.jsonl, porto.jsonl');
    expect(await page.locator('#import-state').textContent()).toBe('Published');
    const res = await api.get('/api/v1/places?country=pt&limit=10');
    expect(((await res.json()) as { places: { id: string }[] }).places.map((p) => p.id).sort()).toEqual(['pt-l1', 'pt-l2', 'pt-p1']);
    await screenshot(page, 'flows-two-file-import');
  }, BROWSER_TEST_TIMEOUT);

  it('stores a suppression typed as a URL as its registrable domain and applies it at the next import', async () => {
    await page.goto(`${api.url}/console/ops/suppressions`);
    await page.getByLabel('Kind').selectOption('domain');
    await page.getByLabel('Value').fill('https://www.Hotel-Mar.pt/quartos');
    await page.getByLabel('Note').fill('owner asked by e-mail, ticket 41');
    await page.getByRole('button', { name: 'Add suppression' }).click();
    expect(await page.locator('main').innerText()).toContain('Stored as hotel-mar.pt');
    expect(await page.locator('tbody').innerText()).toContain('hotel-mar.pt');
    await screenshot(page, 'flows-suppression-added');
    await writeFile(path.join(files, 'pt.jsonl'), `${place('m1', { website: 'http://hotel-mar.pt/' })}\n${place('m2')}\n`);
    await uploadAndWait('pt', [path.join(files, 'pt.jsonl')]);
    expect((await api.get('/api/v1/places/pt-m1')).status).toBe(404);
    expect((await api.get('/api/v1/places/pt-m2')).status).toBe(200);
  }, BROWSER_TEST_TIMEOUT);

  it('does not suggest a Portuguese water park as an apartment, and preselects no kind', async () => {
    await writeFile(path.join(files, 'parque.jsonl'), `${place('w1', { name: 'Aquapark Sol', categories: ['Parque aquático'] })}\n${place('g1', { name: 'Sol Guest House' })}\n`);
    await uploadAndWait('pt', [path.join(files, 'parque.jsonl')], true);
    await page.goto(`${api.url}/console/ops/labels?country=pt`);
    const card = page.locator('section.unknown-label', { hasText: 'Parque aquático' });
    expect(await card.innerText()).toContain('Suggested');
    expect((await card.locator('dd').nth(2).innerText()).trim()).toBe('none');
    expect(await card.getByLabel('lodgingType').inputValue()).toBe('');
    // The dry run kept its example listings, and the name-suggests listing is shown.
    expect(await card.innerText()).toContain('Example listings (1)');
    expect(await page.locator('#name-suggests').innerText()).toContain('Sol Guest House');
    await screenshot(page, 'flows-label-review');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'flows-label-review-phone');
    await page.goto(`${api.url}/console/ops/suppressions`);
    await screenshot(page, 'flows-suppressions-phone');
    await page.goto(`${api.url}/console/ops/imports`);
    await screenshot(page, 'flows-imports-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${api.url}/console/ops/imports`);
    await screenshot(page, 'flows-imports');
  }, BROWSER_TEST_TIMEOUT);

  it('refuses inviting an existing e-mail in another letter case beside the field, inside the console layout', async () => {
    await page.goto(`${api.url}/console/ops/accounts`);
    await page.getByLabel('E-mail').fill('Same.Person@example.org');
    await page.getByRole('button', { name: 'Invite' }).click();
    expect(await page.locator('#invite-link').isVisible()).toBe(true);
    await page.goto(`${api.url}/console/ops/accounts`);
    await page.getByLabel('E-mail').fill('same.PERSON@Example.org');
    const [response] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/console/ops/accounts') && r.request().method() === 'POST'), page.getByRole('button', { name: 'Invite' }).click()]);
    expect(response.status()).toBe(400);
    expect(await page.locator('#field-email-error').innerText()).toContain('already exists');
    expect(await page.locator('nav').first().isVisible()).toBe(true);
    await screenshot(page, 'flows-invite-existing');
    // Leaving a live import page ends its event stream, and the refused form is the 400 expected: nothing else went wrong.
    expect(problems.filter((p) => !/status of 400/.test(p))).toEqual([]);
  }, BROWSER_TEST_TIMEOUT);
});
