// The first operator page after `npm start` on a fresh data directory, in real Chromium: signed in with the printed
// operator account, every country card has its charts, and its run link opens the run that published the demo data.
// With UPDATE_DOCS_SHOTS=1 it rewrites the README's docs/screenshots/ops-countries.png (1280x900, the page's top).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_TEST_TIMEOUT, browserAvailable, launchChromium, openPage, screenshot } from './support/browser.ts';
import type { Browser } from './support/browser.ts';

describe.runIf(browserAvailable())('npm start, then the operator console in Chromium', () => {
  let dataDir: string;
  let child: ChildProcess;
  let printed = '';
  let browser: Browser;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'lodging-first-start-'));
    child = spawn(process.execPath, ['bin/lodging.js', 'start', '--port', '0'], {
      env: { ...process.env, LODGING_DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development', REDIS_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk) => {
        printed += String(chunk);
        if (/development key: lds_live_/.test(printed)) resolve();
      });
      child.once('exit', (code) => reject(new Error(`npm start exited ${code}: ${printed}`)));
    });
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('shows every country with charts, source file and last run, and its run link opens that run', async () => {
    const url = /listening on (http:\S+)/.exec(printed)![1]!;
    const [, email, password] = /console sign-in \(development only, operator\): (\S+) \/ (\S+)/.exec(printed)!;
    const { page, problems } = await openPage(browser);
    await page.goto(`${url}/console/sign-in`);
    await page.getByLabel('E-mail').fill(email!);
    await page.getByLabel('Password').fill(password!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/console\/ops\/countries/);
    await screenshot(page, 'first-start-countries');
    if (process.env.UPDATE_DOCS_SHOTS === '1') await page.screenshot({ path: path.resolve('docs/screenshots/ops-countries.png') });
    const cards = page.locator('section.card.country');
    expect(await cards.count()).toBe(4);
    for (let i = 0; i < 4; i += 1) {
      const card = cards.nth(i);
      expect(await card.locator('figure.mini svg').count()).toBe(2);
      expect(await card.locator('dt:text-is("Source file") + dd').innerText()).toBe('listings.jsonl');
      expect(await card.locator('dt:text-is("Last run") + dd a').count()).toBe(1);
    }
    await cards.first().getByRole('link', { name: /^run / }).click();
    await page.waitForURL(/\/console\/ops\/runs\/[^/]+$/);
    expect(await page.locator('h1').innerText()).not.toMatch(/No such run/i);
    expect(await page.locator('main').innerText()).toContain('npm start (demo data)');
    await screenshot(page, 'first-start-run');
    await page.goto(`${url}/console/ops/runs`);
    expect(await page.content()).not.toMatch(/No run matches/);
    expect(problems).toEqual([]);
  }, BROWSER_TEST_TIMEOUT * 2);
});
