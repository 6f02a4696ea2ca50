// The developer console in real Chromium: invitation link → password → sign in → create a key → copy it → the API answers 200 → revoke → 401.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../api/accounts/account-service.ts';
import { CLI_ACTOR } from '../../api/accounts/audit.ts';
import { startTestApi } from '../api/support/test-api.ts';
import type { TestApi } from '../api/support/test-api.ts';
import { browserAvailable, launchChromium, screenshot, watchPageProblems } from './support/browser.ts';
import type { Browser } from './support/browser.ts';

const PASSWORD = 'a long and sunny passphrase';

describe.runIf(browserAvailable())('developer console in Chromium', () => {
  let api: TestApi;
  let browser: Browser;
  beforeAll(async () => {
    api = await startTestApi({ start: { usageFlushIntervalMs: 100 } });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  it('walks the journey, and every step looks right', async () => {
    const email = `journey-${process.pid}@example.com`;
    const { inviteUrl } = await createAccount(api.server.stores.accounts, { email, name: 'Journey' }, api.publicUrl, CLI_ACTOR);
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: api.url });
    const page = await context.newPage();
    const problems = watchPageProblems(page);

    await page.goto(`${api.url}${inviteUrl.slice(api.publicUrl.length)}`);
    await expect(page.getByRole('heading', { name: 'Choose your password' }).isVisible()).resolves.toBe(true);
    await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('New password again').fill(PASSWORD);
    await screenshot(page, 'console-01-invitation');
    await page.getByRole('button', { name: 'Set password' }).click();

    await page.waitForURL(/\/console\/sign-in/);
    expect(await page.getByRole('status').innerText()).toContain('Your password is set');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await screenshot(page, 'console-02-sign-in');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.waitForURL(/\/console\/keys$/);
    await page.getByLabel('Name').fill('booking site');
    await page.getByLabel('Expires after').selectOption('30');
    await screenshot(page, 'console-03-keys-empty');
    await page.getByRole('button', { name: 'Create key' }).click();

    await expect(page.getByRole('heading', { name: 'Copy your new key' }).isVisible()).resolves.toBe(true);
    const shown = await page.getByLabel('Secret of “booking site”').inputValue();
    expect(shown).toMatch(/^lds_live_[0-9A-Za-z]{46}$/);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Copied to the clipboard.').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(shown);
    await screenshot(page, 'console-04-secret-once');

    const withKey = await api.get('/api/v1/key', { secret: copied });
    expect(withKey.status).toBe(200);
    expect((await withKey.json()).key.name).toBe('booking site');
    for (let i = 0; i < 4; i += 1) await api.get('/api/v1/places?country=es&limit=1', { secret: copied });
    await api.server.usage.flush();

    // Reloading the list, or going back, never shows the secret again.
    await page.getByRole('link', { name: 'I have copied it: back to my keys' }).click();
    await page.waitForURL(/\/console\/keys$/);
    expect(await page.content()).not.toContain(copied);
    await screenshot(page, 'console-05-keys-list');
    await page.goBack();
    expect(await page.content()).not.toContain(copied);
    await page.goto(`${api.url}/console/keys`);

    await page.getByRole('link', { name: 'Details and roll' }).click();
    await page.getByRole('heading', { name: 'Usage' }).waitFor();
    expect(await page.locator('figure.chart figcaption').innerText()).toContain('5 answered');
    await screenshot(page, 'console-06-key-details');

    await page.goto(`${api.url}/console/keys`);
    await page.getByRole('link', { name: 'Revoke…' }).click();
    await screenshot(page, 'console-07-revoke-confirm');
    await page.getByRole('button', { name: 'Revoke', exact: true }).click();
    await page.waitForURL(/notice=revoked/);
    await screenshot(page, 'console-08-revoked');
    expect((await api.get('/api/v1/key', { secret: copied })).status).toBe(401);

    await page.goto(`${api.url}/console/audit`);
    expect(await page.locator('tbody tr').count()).toBeGreaterThanOrEqual(5);
    await screenshot(page, 'console-09-audit');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('is readable on a phone', async () => {
    const email = `phone-${process.pid}@example.com`;
    const { inviteUrl } = await createAccount(api.server.stores.accounts, { email }, api.publicUrl, CLI_ACTOR);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    await page.goto(`${api.url}${inviteUrl.slice(api.publicUrl.length)}`);
    await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('New password again').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.waitForURL(/sign-in/);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/console\/keys$/);
    await page.getByLabel('Name').fill('phone app');
    await page.getByRole('button', { name: 'Create key' }).click();
    await screenshot(page, 'console-10-phone-secret');
    await page.goto(`${api.url}/console/keys`);
    // Nothing wider than the screen but a scrollable table or navigation row.
    await screenshot(page, 'console-11-phone-keys');
    const overflow = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const wide = [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > width + 1 && !el.closest('.table-wrap, nav.groups'))
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
      return { by: document.documentElement.scrollWidth - width, wide };
    });
    expect(overflow).toEqual({ by: 0, wide: [] });
    expect(problems).toEqual([]);
    await context.close();
  });
});
