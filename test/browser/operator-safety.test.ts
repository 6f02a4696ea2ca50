// Operator safety in Chromium: emptying a country needs the remaining places typed, decision cards show the diff, destructive
// actions are confirmed on their own page, run → report → snapshot → rollback are linked, and import pages follow the run.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../api/accounts/account-service.ts';
import { CLI_ACTOR } from '../../api/accounts/audit.ts';
import { main } from '../../bin/commands.ts';
import { startTestApi, type TestApi } from '../api/support/test-api.ts';
import { acceptInvitationAndSignIn, browserAvailable, launchChromium, screenshot, watchPageProblems, type Browser, type Page } from './support/browser.ts';

const PASSWORD = 'a long and sunny passphrase';
const quiet = { stdout: () => undefined, stderr: () => undefined, interactive: false };
const line = (id: string) => JSON.stringify({ providerId: id, name: `Hotel ${id}`, address: { city: 'Sevilla' }, phone: '954 21 11 12', categories: ['Hotel'] });

describe.runIf(browserAvailable())('operator safety in Chromium', () => {
  let api: TestApi;
  let browser: Browser;
  let files: string;
  let page: Page;
  let problems: string[];
  const lodging = (args: string[]) => main(args, { ...quiet, env: { LODGING_DATA_DIR: api.dataDir, LODGING_THREADS: '0' } });

  /** Both widths of the page now shown: 1280×900 and 390×844, nothing wider than the phone. */
  async function shots(name: string) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, `${name}-desktop`);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, `${name}-phone`);
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  beforeAll(async () => {
    api = await startTestApi({ exports: {} });
    browser = await launchChromium();
    files = await mkdtemp(path.join(tmpdir(), 'lodging-safety-browser-'));
    await writeFile(path.join(files, 'es-six.jsonl'), `${['a', 'b', 'c', 'd', 'e', 'f'].map(line).join('\n')}\n`);
    await writeFile(path.join(files, 'es-empty.jsonl'), '');
    expect(await lodging(['import', '--country', 'es', path.join(files, 'es-six.jsonl')])).toBe(0);
    const email = `safety-${process.pid}@example.com`;
    const { inviteUrl } = await createAccount(api.server.stores.accounts, { email, role: 'operator' }, api.publicUrl, CLI_ACTOR);
    await createAccount(api.server.stores.accounts, { email: 'someone@example.com', role: 'developer' }, api.publicUrl, CLI_ACTOR);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    problems = watchPageProblems(page);
    await acceptInvitationAndSignIn(page, api, inviteUrl, email, PASSWORD);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await api?.close();
    if (files) await rm(files, { recursive: true, force: true });
  });

  it('import pages follow the run: counts, the held candidate to review, and no server path', async () => {
    await page.goto(`${api.url}/console/ops/imports`);
    await page.getByLabel('Country').first().selectOption('es');
    await page.getByLabel('Export file').setInputFiles(path.join(files, 'es-empty.jsonl'));
    await page.getByRole('button', { name: 'Upload and import' }).click();
    await page.getByRole('status').filter({ hasText: 'Refused' }).waitFor({ timeout: 60_000 });
    await page.getByRole('link', { name: 'Review the held candidate' }).waitFor();
    expect(await page.locator('#fig-outcome').innerText()).toBe('would publish 0, 0 rejected, 0 suppressed, 0 closed, 0 unreadable');
    expect(await page.locator('#import-messages').innerText()).not.toMatch(/\/[\w.-]+\/[\w.-]+\//);
    await shots('safety-01-import-refused');
  }, 90_000);

  it('a held candidate shows added, removed and changed, and warns that most places would go', async () => {
    await page.getByRole('link', { name: 'Review the held candidate' }).click();
    const card = page.locator('article.card').first();
    expect(await card.getByLabel('What it changes').innerText()).toMatch(/^\+0 added · −6 removed · 0 changed · 0 changed status/);
    expect(await card.getByRole('alert').innerText()).toMatch(/Most of es's places would go: 6 of the 6 places/);
    await shots('safety-02-held-diff');
  }, 60_000);

  it('emptying a country is not done by the country code and a reason alone: the remaining places must be typed; its badge is red', async () => {
    await page.getByLabel('Type the country code (es) to confirm').fill('es');
    await page.getByLabel('Reason').fill('the provider closed every hotel');
    // The browser asks for the field first (required); a wrong count reaches the server, which names the right one.
    await page.getByRole('button', { name: 'Publish es candidate' }).click();
    expect(await page.getByLabel('Places that will remain').evaluate((el) => (el as HTMLInputElement).validity.valueMissing)).toBe(true);
    await page.getByLabel('Places that will remain').fill('6');
    await page.getByRole('button', { name: 'Publish es candidate' }).click();
    await page.locator('#field-remaining-error').waitFor();
    expect(await page.locator('#field-remaining-error').innerText()).toMatch(/type the number of places that will remain, 0, to confirm/);
    await shots('safety-03-remaining-required');
    await page.getByLabel('Type the country code (es) to confirm').fill('es');
    await page.getByLabel('Places that will remain').fill('0');
    await page.getByLabel('Reason').fill('the provider closed every hotel');
    await page.getByRole('button', { name: 'Publish es candidate' }).click();
    await page.getByText('Published: the API serves it').waitFor();
    await page.getByRole('link', { name: 'Countries' }).click();
    const badge = page.locator('#country-es').locator('..').locator('.badge.outcome-drastic');
    expect(await badge.innerText()).toMatch(/Published \(forced\): 0 of 6 places left/);
    expect(await badge.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(179, 38, 30)');
    await shots('safety-04-countries-red-badge');
  }, 60_000);

  it('run → report → snapshot → rollback are linked; the rollback shows on the run and on Countries', async () => {
    await page.locator('#country-es').locator('..').getByRole('link', { name: /^run / }).click();
    await page.locator('dd a[href*="/snapshots/es#snapshot-"]').click();
    await page.waitForURL(/\/snapshots\/es#snapshot-/);
    await shots('safety-05-snapshots');
    const older = page.locator('tbody tr').nth(1);
    await older.getByRole('link').first().click();
    await page.getByRole('link', { name: 'Open the report' }).click();
    await page.getByRole('navigation', { name: 'Console' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Next steps' }).first().isVisible()).toBe(true);
    await shots('safety-06-report-console-bar');
    await page.getByRole('link', { name: /^See its snapshot/ }).click();
    await page.getByRole('button', { name: 'Review rollback' }).first().click();
    await page.getByRole('button', { name: /^Roll back es to / }).click();
    await page.getByText('Rolled back').first().waitFor();
    await page.getByRole('link', { name: 'Countries' }).click();
    expect(await page.locator('#country-es').locator('..').getByText('rolled back', { exact: true }).isVisible()).toBe(true);
    await page.locator('#country-es').locator('..').getByRole('link', { name: /^run / }).click();
    expect(await page.getByText('served again after a rollback').isVisible()).toBe(true);
    await shots('safety-07-run-after-rollback');
  }, 60_000);

  it('destructive operator actions open a confirmation page naming the consequence', async () => {
    await page.goto(`${api.url}/console/ops/accounts`);
    await page.getByRole('link', { name: /^Disable someone@example\.com/ }).click();
    expect(await page.getByRole('heading', { name: 'Disable someone@example.com?' }).isVisible()).toBe(true);
    expect(await page.getByText('signed out everywhere').isVisible()).toBe(true);
    await shots('safety-08-confirm-disable');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.getByRole('link', { name: /^Make someone@example\.com operator/ }).click();
    expect(await page.getByRole('button', { name: 'Make operator' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Make operator' }).click();
    await page.getByText('Role changed.').waitFor();
    // Chromium may ask for /favicon.ico on its own: not a fault.
    expect(problems.filter((p) => !p.includes('Failed to load resource')).join('\n')).toBe('');
  }, 60_000);
});
