// The console's Exports page in Chromium: a signed-in developer sees each country's version, file sizes and a curl that downloads the file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../api/accounts/account-service.ts';
import { CLI_ACTOR } from '../../api/accounts/audit.ts';
import { formatSize } from '../../platform/format/index.ts';
import { readManifest } from '../../pipeline/index.ts';
import { startTestApi } from '../api/support/test-api.ts';
import type { TestApi } from '../api/support/test-api.ts';
import { acceptInvitationAndSignIn, BROWSER_TEST_TIMEOUT, browserAvailable, launchChromium, screenshot, watchPageProblems } from './support/browser.ts';
import type { Browser } from './support/browser.ts';

const PASSWORD = 'a long and sunny passphrase';

describe.runIf(browserAvailable())('console Exports page in Chromium', () => {
  let api: TestApi;
  let browser: Browser;
  beforeAll(async () => {
    api = await startTestApi();
    browser = await launchChromium();
    // The first manifest request writes a version's files (versions published before exports existed get them so).
    for (const country of ['es', 'gb']) expect((await api.get(`/api/v1/exports/${country}`)).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  for (const viewport of [
    { name: 'wide', width: 1280, height: 900 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    it(`lists versions, sizes and a curl to copy (${viewport.name})`, async () => {
      const email = `exports-${viewport.name}-${process.pid}@example.com`;
      const { inviteUrl } = await createAccount(api.server.stores.accounts, { email }, api.publicUrl, CLI_ACTOR);
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: api.url });
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      const problems = watchPageProblems(page);
      await acceptInvitationAndSignIn(page, api, inviteUrl, email, PASSWORD);

      await page.getByRole('link', { name: 'Exports' }).first().click();
      await page.waitForURL(/\/console\/exports$/);
      const listed = (await (await api.get('/api/v1/exports')).json()) as { exports: { country: string; version: string }[] };
      for (const country of ['es', 'gb'] as const) {
        const version = listed.exports.find((entry) => entry.country === country)?.version ?? '';
        expect(version).not.toBe('');
        const section = page.getByRole('region', { name: `${country.toUpperCase()}: version ${version}` });
        await expect(section.isVisible()).resolves.toBe(true);
        const manifest = readManifest(api.dataDir, country, version);
        expect(manifest?.files.map((file) => file.format).sort()).toEqual(['jsonl.gz', 'parquet']);
        const text = await section.innerText();
        for (const file of manifest?.files ?? []) expect(text).toContain(formatSize(file.bytes));
        expect(text).not.toContain('written on first download');
        const curl = section.getByRole('textbox', { name: 'GeoParquet (curl)' });
        expect(await curl.inputValue()).toBe(
          `curl -H 'X-API-Key: YOUR_KEY' -OJ -C - '${api.publicUrl}/api/v1/exports/${country}/${version}.parquet'`,
        );
      }
      await screenshot(page, `console-exports-${viewport.name}`);

      // The Copy button puts the command on the clipboard, and the command's URL downloads the file.
      const es = page.getByRole('region', { name: /^ES: version / });
      await es.getByRole('button', { name: 'Copy JSON Lines gzip curl' }).click();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(await es.getByRole('textbox', { name: 'JSON Lines gzip (curl)' }).inputValue());
      const url = /'(https?:[^']+)'$/.exec(copied)?.[1] ?? '';
      const answer = await api.get(url.slice(api.publicUrl.length));
      expect(answer.status).toBe(200);
      expect((await answer.arrayBuffer()).byteLength).toBeGreaterThan(0);

      if (viewport.name === 'phone') {
        const overflow = await page.evaluate(() => {
          const width = document.documentElement.clientWidth;
          return [...document.querySelectorAll('body *')]
            .filter((el) => el.getBoundingClientRect().right > width + 1 && !el.closest('.table-wrap, nav.groups'))
            .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
        });
        expect(overflow).toEqual([]);
      }
      expect(problems).toEqual([]);
      await context.close();
    }, BROWSER_TEST_TIMEOUT);
  }
});
