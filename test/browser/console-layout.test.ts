// Console layout in Chromium: a 100-character key name keeps Revoke on screen at 1280 px, tables are stacked cards at
// 390 px, navigation stays one row per group; screenshots of every table page at both widths (docs/screenshots/).
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../api/accounts/account-service.ts';
import { CLI_ACTOR } from '../../api/accounts/audit.ts';
import { main } from '../../bin/commands.ts';
import { listRuns } from '../../pipeline/runs/run-store.ts';
import { startTestApi } from '../api/support/test-api.ts';
import type { TestApi } from '../api/support/test-api.ts';
import { acceptInvitationAndSignIn, BROWSER_TEST_TIMEOUT, browserAvailable, launchChromium, screenshot } from './support/browser.ts';
import type { Browser, Page } from './support/browser.ts';

const PASSWORD = 'a long and sunny passphrase';
const quiet = { stdout: () => undefined, stderr: () => undefined, interactive: false };
const LONG_NAME = `booking-site-${'x'.repeat(87)}`;
const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Committed with the docs: docs/screenshots/layout-<page>-<width>.png, rewritten only when UPDATE_DOCS_SHOTS=1 (so a test run leaves the tree clean). */
const DOCS_SHOTS = path.resolve('docs/screenshots');
const UPDATE_DOCS_SHOTS = process.env.UPDATE_DOCS_SHOTS === '1';

describe.runIf(browserAvailable())('console layout in Chromium', () => {
  let api: TestApi;
  let browser: Browser;
  let files: string;
  let runId = '';

  beforeAll(async () => {
    api = await startTestApi({ exports: {} });
    browser = await launchChromium();
    files = await mkdtemp(path.join(tmpdir(), 'lodging-layout-browser-'));
    const env = { LODGING_DATA_DIR: api.dataDir, LODGING_THREADS: '0' };
    expect(await main(['generate', '--country', 'es', '--count', '300', '--seed', '1', path.join(files, 'es.jsonl.gz')], { ...quiet, env })).toBe(0);
    expect(await main(['import', '--country', 'es', path.join(files, 'es.jsonl.gz')], { ...quiet, env })).toBe(0);
    await writeFile(path.join(files, 'empty.jsonl'), '');
    await main(['import', '--country', 'es', path.join(files, 'empty.jsonl')], { ...quiet, env });
    await main(['suppress', '--domain', 'closed-hotel.example', '--note', 'owner asked by e-mail, ticket 4411'], { ...quiet, env });
    await main(['suppress', '--phone', '+34911234567', '--note', 'takedown request'], { ...quiet, env });
    runId = listRuns(api.dataDir, { country: 'es' }).find((run) => run.outcome === 'published')?.runId ?? '';
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await api?.close();
    if (files) await rm(files, { recursive: true, force: true });
  });

  async function signIn(email: string, role: 'developer' | 'operator', viewport = WIDE): Promise<Page> {
    const { inviteUrl } = await createAccount(api.server.stores.accounts, { email, role }, api.publicUrl, CLI_ACTOR);
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await acceptInvitationAndSignIn(page, api, inviteUrl, email, PASSWORD);
    return page;
  }

  async function docsShot(page: Page, name: string): Promise<void> {
    const file = await screenshot(page, name);
    if (!UPDATE_DOCS_SHOTS) return;
    await mkdir(DOCS_SHOTS, { recursive: true });
    await copyFile(file, path.join(DOCS_SHOTS, `${name}.png`));
  }

  const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

  it('a 100-character key name keeps Revoke on screen at 1280 px, and the navigation is one row per group', async () => {
    const page = await signIn(`layout-wide-${process.pid}@example.com`, 'operator');
    await page.goto(`${api.url}/console/keys`);
    for (const name of [LONG_NAME, 'mobile app', 'nightly export']) {
      await page.getByLabel('Name').fill(name);
      await page.getByRole('button', { name: 'Create key' }).click();
      await page.getByRole('heading', { name: 'Copy your new key' }).waitFor();
      await page.goto(`${api.url}/console/keys`);
    }
    const revoke = page.getByRole('link', { name: `Revoke… “${LONG_NAME}”` });
    const box = (await revoke.boundingBox())!;
    const wrap = (await page.locator('.table-wrap').first().boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(wrap.x);
    expect(box.x + box.width).toBeLessThanOrEqual(wrap.x + wrap.width);
    // The table fits its box: nothing is hidden behind a sideways scroll.
    expect(await page.locator('.table-wrap').first().evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // And the link is the element on top at its centre (not covered, not clipped).
    expect(await revoke.evaluate((el) => { const r = el.getBoundingClientRect(); return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)); })).toBe(true);
    // The visible button is short: the name is for screen readers only.
    expect(box.width).toBeLessThan(150);
    expect(await pageWidth(page)).toBeLessThanOrEqual(WIDE.width);
    // Each navigation group sits on one line.
    for (const list of await page.locator('.nav-group ul').all()) expect(await list.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    for (const group of await page.locator('.nav-group ul').all()) {
      const heights = await group.locator('li').evaluateAll((items) => items.map((li) => (li as HTMLElement).offsetTop));
      expect(new Set(heights).size).toBe(1);
    }
    const groupTops = await page.locator('.nav-group').evaluateAll((groups) => groups.map((g) => (g as HTMLElement).offsetTop));
    expect(new Set(groupTops).size).toBe(1);
    await docsShot(page, 'layout-keys-long-name-1280');
  }, BROWSER_TEST_TIMEOUT);

  it('a rolled key names its replacement, offers no second roll, and the banner does not nag about it', async () => {
    const page = await signIn(`layout-roll-${process.pid}@example.com`, 'developer');
    await page.goto(`${api.url}/console/keys`);
    await page.getByLabel('Name').fill('partner feed');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('heading', { name: 'Copy your new key' }).waitFor();
    await page.goto(`${api.url}/console/keys`);
    await page.getByRole('link', { name: 'Details and roll “partner feed”' }).click();
    await page.getByLabel('Old key stops working').selectOption('24h');
    await page.getByRole('button', { name: 'Roll' }).click();
    await page.getByRole('heading', { name: 'Copy your new key' }).waitFor();
    await page.goto(`${api.url}/console/keys`);
    // The old key: "Details" only (no roll), a one-line "rolled" badge, and no reminder to roll what is ending on purpose.
    const old = page.getByRole('link', { name: 'Details “partner feed”' });
    await expect.poll(() => old.count()).toBe(1);
    expect(await page.locator('body').innerText()).not.toMatch(/expires within 7 days/i);
    await old.click();
    const replaced = page.locator('dt:has-text("Replaced by") + dd a');
    expect(await replaced.innerText()).toMatch(/partner feed/);
    expect(await page.getByRole('button', { name: 'Roll' }).count()).toBe(0);
    expect(await page.locator('#roll-heading + p').innerText()).toMatch(/rolled already/);
    await docsShot(page, 'layout-key-rolled-1280');
  }, BROWSER_TEST_TIMEOUT);

  it('every table is stacked cards at 390 px and no page is wider than the phone', async () => {
    const wide = await signIn(`layout-ops-${process.pid}@example.com`, 'operator', WIDE);
    const phone = await signIn(`layout-phone-${process.pid}@example.com`, 'operator', PHONE);
    for (const p of [wide, phone]) {
      await p.goto(`${api.url}/console/keys`);
      await p.getByLabel('Name').fill(LONG_NAME);
      await p.getByRole('button', { name: 'Create key' }).click();
      await p.getByRole('heading', { name: 'Copy your new key' }).waitFor();
    }
    const pages: [string, string][] = [
      ['keys', '/console/keys'],
      ['audit', '/console/audit'],
      ['accounts', '/console/ops/accounts'],
      ['runs', '/console/ops/runs'],
      ['snapshots', '/console/ops/snapshots/es'],
      ['suppressions', '/console/ops/suppressions'],
    ];
    for (const [name, url] of pages) {
      await phone.goto(`${api.url}${url}`);
      const display = await phone.locator('.table-wrap tbody tr').first().evaluate((row) => getComputedStyle(row).display);
      expect(display, name).toBe('block');
      expect(await phone.locator('.table-wrap thead').first().evaluate((head) => head.getBoundingClientRect().height), name).toBeLessThanOrEqual(1);
      await docsShot(phone, `layout-${name}-390`);
      expect(await pageWidth(phone), name).toBeLessThanOrEqual(PHONE.width);
      await wide.goto(`${api.url}${url}`);
      expect(await pageWidth(wide), name).toBeLessThanOrEqual(WIDE.width);
      await docsShot(wide, `layout-${name}-1280`);
    }
    if (runId) {
      for (const [p, width] of [[phone, 390], [wide, 1280]] as const) {
        await p.goto(`${api.url}/console/ops/runs/${runId}/report`);
        await docsShot(p, `layout-report-${width}`);
        expect(await pageWidth(p)).toBeLessThanOrEqual(width);
      }
    }
    await phone.goto(`${api.url}/console/keys`);
    const keyId = /\/console\/keys\/(key_[\w-]+)/.exec(await phone.content())![1];
    await phone.goto(`${api.url}/console/keys/${keyId}`);
    expect(await phone.locator('.chart .daily').isVisible()).toBe(true);
    expect(await phone.locator('.chart .hourly').isVisible()).toBe(false);
    await docsShot(phone, 'layout-key-usage-390');
  }, 4 * BROWSER_TEST_TIMEOUT);
});
