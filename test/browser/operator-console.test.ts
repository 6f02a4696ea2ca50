// The operator console in real Chromium: sign in, upload an export, watch it publish live, open its report, see an empty
// file refused and held, roll the country back to the snapshot before, and the API answers as before; map an unknown label; a developer is refused.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../api/accounts/account-service.ts';
import { CLI_ACTOR } from '../../api/accounts/audit.ts';
import { main } from '../../bin/commands.ts';
import { startTestApi } from '../api/support/test-api.ts';
import type { TestApi } from '../api/support/test-api.ts';
import { acceptInvitationAndSignIn, browserAvailable, launchChromium, screenshot, watchPageProblems } from './support/browser.ts';
import type { Browser, Page } from './support/browser.ts';

const PASSWORD = 'a long and sunny passphrase';
const quiet = { stdout: () => undefined, stderr: () => undefined, interactive: false };

describe.runIf(browserAvailable())('operator console in Chromium', () => {
  let api: TestApi;
  let browser: Browser;
  let files: string;
  let labelsDir: string;

  beforeAll(async () => {
    // A copy of the label tables for the server and its imports: mapping a label never writes the committed data/labels.
    labelsDir = await mkdtemp(path.join(tmpdir(), 'lodging-ops-browser-labels-'));
    await cp(path.resolve('data/labels'), labelsDir, { recursive: true });
    api = await startTestApi({ exports: {}, env: { LODGING_LABELS_DIR: labelsDir } });
    browser = await launchChromium();
    files = await mkdtemp(path.join(tmpdir(), 'lodging-ops-browser-'));
    const env = { LODGING_DATA_DIR: api.dataDir, LODGING_THREADS: '0' };
    // What the data team published from a shell before the console: the snapshot to come back to.
    expect(await main(['generate', '--country', 'es', '--count', '300', '--seed', '1', path.join(files, 'es-before.jsonl.gz')], { ...quiet, env })).toBe(0);
    expect(await main(['import', '--country', 'es', path.join(files, 'es-before.jsonl.gz')], { ...quiet, env })).toBe(0);
    expect(await main(['generate', '--country', 'es', '--count', '400', '--seed', '2', path.join(files, 'es-export.jsonl.gz')], { ...quiet, env })).toBe(0);
    await writeFile(path.join(files, 'empty.jsonl'), '');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await api?.close();
    if (files) await rm(files, { recursive: true, force: true });
    if (labelsDir) await rm(labelsDir, { recursive: true, force: true });
  });

  async function signIn(email: string, role: 'developer' | 'operator'): Promise<Page> {
    const { inviteUrl } = await createAccount(api.server.stores.accounts, { email, role }, api.publicUrl, CLI_ACTOR);
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    const page = await context.newPage();
    await acceptInvitationAndSignIn(page, api, inviteUrl, email, PASSWORD);
    return page;
  }

  async function upload(page: Page, file: string, shot: string) {
    await page.goto(`${api.url}/console/ops/imports`);
    await page.getByLabel('Country').first().selectOption('es');
    await page.getByLabel('Export file').setInputFiles(file);
    await screenshot(page, shot);
    await page.getByRole('button', { name: 'Upload and import' }).click();
    await page.waitForURL(/\/console\/ops\/imports\/[\w-]+$/);
  }

  const answers = async () => (await (await api.get('/api/v1/places?country=es&limit=20')).text()).replace(/"cursor":"[^"]*"/g, '');

  it('walks an operator from upload to rollback, and every page looks right', async () => {
    const before = await answers();
    const page = await signIn(`ops-${process.pid}@example.com`, 'operator');
    const problems = watchPageProblems(page);
    // Chromium may still ask for /favicon.ico on its own; any other failed resource is a problem.
    const failedResources: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /Failed to load resource/.test(m.text())) failedResources.push(m.location().url);
    });
    await page.getByRole('link', { name: 'Countries' }).click();
    await screenshot(page, 'ops-01-countries-before');

    await upload(page, path.join(files, 'es-export.jsonl.gz'), 'ops-02-upload-form');
    // Live: the state line changes without a reload (server-sent events), then the run link appears.
    await page.getByRole('status').filter({ hasText: 'Published' }).waitFor({ timeout: 60_000 });
    await screenshot(page, 'ops-03-import-published');
    expect(await page.locator('#fig-lines').innerText()).toBe('400');
    await page.getByRole('link', { name: 'Open the run and its report' }).click();
    await page.getByRole('link', { name: 'Open the report' }).click();
    const chart = page.locator('svg').first();
    await chart.waitFor();
    expect(await chart.isVisible()).toBe(true);
    expect((await chart.boundingBox())!.height).toBeGreaterThan(20);
    await screenshot(page, 'ops-04-report');
    expect(await answers()).not.toBe(before);

    await upload(page, path.join(files, 'empty.jsonl'), 'ops-05-upload-empty');
    await page.getByRole('status').filter({ hasText: 'Refused' }).waitFor({ timeout: 60_000 });
    await screenshot(page, 'ops-06-import-refused');
    await page.goto(`${api.url}/console/ops/held`);
    expect(await page.getByText('zero-published').first().isVisible()).toBe(true);
    await screenshot(page, 'ops-07-held');
    await page.goto(`${api.url}/console/ops/countries`);
    expect(await page.getByText('The last run was refused by a publication gate').isVisible()).toBe(true);
    await screenshot(page, 'ops-08-countries-warning');

    await page.goto(`${api.url}/console/ops/snapshots/es`);
    await screenshot(page, 'ops-09-snapshots');
    await page.getByRole('button', { name: 'Review rollback' }).first().click();
    await page.getByRole('heading', { name: 'What changes' }).waitFor();
    await screenshot(page, 'ops-10-rollback-confirm');
    await page.getByRole('button', { name: /^Roll back es to / }).click();
    await page.getByText('Rolled back').first().waitFor();
    await screenshot(page, 'ops-11-rolled-back');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await answers()).toBe(before);

    for (const [shot, url] of [
      ['ops-12-runs', '/console/ops/runs'],
      ['ops-13-suppressions', '/console/ops/suppressions'],
      ['ops-14-accounts', '/console/ops/accounts'],
      ['ops-15-queues', '/console/ops/queues'],
    ] as const) {
      await page.goto(`${api.url}${url}`);
      await screenshot(page, shot);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${api.url}/console/ops/countries`);
    await screenshot(page, 'ops-16-countries-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    expect(failedResources.filter((url) => !url.endsWith('/favicon.ico')).join('\n')).toBe('');
    // Leaving a page while its event stream is open aborts that request: a navigation, not a fault.
    const real = problems.filter((p) => !p.includes('Failed to load resource'));
    expect(real.join('\n')).toBe('');
  }, 180_000);

  it('lands an operator on Countries and maps an unknown label from Unknown labels, at desktop and phone sizes', async () => {
    const env = { LODGING_DATA_DIR: api.dataDir, LODGING_THREADS: '0', LODGING_LABELS_DIR: labelsDir };
    const listing = (id: string, categories: string[]) =>
      JSON.stringify({ providerId: id, name: `Quinta ${id}`, address: { city: 'Lisboa' }, phone: '213 456 789', categories });
    const lines = [listing('y1', ['Yurta']), listing('y2', ['Yurta', 'Hotel']), listing('y3', ['Yurta']), listing('x1', ['<img src=x onerror=alert(1)>']), listing('h1', ['Hotel'])];
    await writeFile(path.join(files, 'pt-labels.jsonl'), `${lines.join('\n')}\n`);
    expect(await main(['import', '--country', 'pt', path.join(files, 'pt-labels.jsonl')], { ...quiet, env })).toBe(0);

    const page = await signIn(`labels-${process.pid}@example.com`, 'operator');
    const problems = watchPageProblems(page);
    expect(new URL(page.url()).pathname).toBe('/console/ops/countries');
    await page.getByRole('link', { name: 'Unknown labels' }).click();
    await page.getByRole('heading', { name: /^Unknown labels/, level: 2 }).waitFor();
    const card = page.getByRole('region', { name: /Yurta/ });
    expect(await card.getByText('3 listings over 1 import').isVisible()).toBe(true);
    expect(await page.getByText('<img src=x onerror=alert(1)>').isVisible()).toBe(true);
    await card.getByText('Example listings').click();
    expect(await card.getByText('pt-y1').isVisible()).toBe(true);
    await screenshot(page, 'ops-18-unknown-labels');

    await card.getByLabel('lodgingType').selectOption('campsite');
    expect(await card.getByLabel('Table').inputValue()).toBe('pt');
    await card.getByRole('button', { name: 'Map label' }).click();
    await page.getByText('mapped to campsite').waitFor();
    expect(await page.locator('.added-line').innerText()).toBe('"Yurta"');
    expect(await page.getByRole('region', { name: /Yurta/ }).count()).toBe(0);
    await screenshot(page, 'ops-19-label-mapped');
    expect(JSON.parse(await readFile(path.join(labelsDir, 'pt.json'), 'utf8')).exact.campsite).toContain('Yurta');
    expect(await readFile(path.resolve('data/labels/pt.json'), 'utf8')).not.toContain('"Yurta"');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await screenshot(page, 'ops-20-unknown-labels-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    expect(problems.join('\n')).toBe('');
  }, 120_000);

  it('refuses a developer account on every operator page', async () => {
    const page = await signIn(`dev-${process.pid}@example.com`, 'developer');
    expect(new URL(page.url()).pathname).toBe('/console/keys');
    for (const url of ['countries', 'runs', 'held', 'snapshots/es', 'imports', 'suppressions', 'labels', 'accounts', 'queues']) {
      const response = await page.goto(`${api.url}/console/ops/${url}`);
      expect(response!.status(), url).toBe(403);
      expect(await page.getByRole('heading', { name: 'Not allowed' }).isVisible()).toBe(true);
    }
    await screenshot(page, 'ops-17-developer-refused');
    expect(await page.getByRole('link', { name: 'Countries' }).count()).toBe(0);
  }, 60_000);
});
