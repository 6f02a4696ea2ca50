// Every console page, developer and operator, at 390 px in Chromium: none is wider than the phone, with long file,
// key and account names in them. The pages are found by following every console link from where each role lands.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../api/accounts/account-service.ts';
import { CLI_ACTOR } from '../../api/accounts/audit.ts';
import { main } from '../../bin/commands.ts';
import { startTestApi } from '../api/support/test-api.ts';
import type { TestApi } from '../api/support/test-api.ts';
import { acceptInvitationAndSignIn, BROWSER_TEST_TIMEOUT, browserAvailable, launchChromium, screenshot } from './support/browser.ts';
import type { Browser, Page } from './support/browser.ts';

const PASSWORD = 'a long and sunny passphrase';
const quiet = { stdout: () => undefined, stderr: () => undefined, interactive: false };
const PHONE = { width: 390, height: 844 };
/** Names with no space in them, as exports and keys are often named. */
const LONG_FILE = 'es-registro-oficial-de-alojamientos-turisticos-comunidad-de-madrid-2026-11-27-export-completo.jsonl.gz';
const LONG_KEY = `booking-site-${'x'.repeat(87)}`;
const LONG_EMAIL = `a.developer.with.a.rather.long.address.${process.pid}@subdomain.example-lodging-company.com`;
/** Pages of one kind (an id in the path) visited at most this many times; links that stream or leave the console are not pages. */
const PER_KIND = 2;
const EMPTY_FILE = 'es-empty-export-with-a-long-name-from-the-provider-portal.jsonl';
const NOT_PAGES = /\/events$|\/static\/|\/sign-out|\.(json|html|gz|jsonl)$/;

describe.runIf(browserAvailable())('every console page at 390 px', () => {
  let api: TestApi;
  let browser: Browser;
  let files: string;

  beforeAll(async () => {
    api = await startTestApi({ exports: {} });
    browser = await launchChromium();
    files = await mkdtemp(path.join(tmpdir(), 'lodging-phone-width-'));
    const env = { LODGING_DATA_DIR: api.dataDir, LODGING_THREADS: '0' };
    const long = path.join(files, LONG_FILE);
    expect(await main(['generate', '--country', 'es', '--count', '200', '--seed', '3', long], { ...quiet, env })).toBe(0);
    expect(await main(['import', '--country', 'es', long], { ...quiet, env })).toBe(0);
    await writeFile(path.join(files, EMPTY_FILE), '');
    await main(['suppress', '--domain', 'a-very-long-registrable-domain-name-of-a-closed-hotel.example', '--note', 'owner asked by e-mail'], { ...quiet, env });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await api?.close();
    if (files) await rm(files, { recursive: true, force: true });
  });

  async function signIn(email: string, role: 'developer' | 'operator'): Promise<Page> {
    const { inviteUrl } = await createAccount(api.server.stores.accounts, { email, role }, api.publicUrl, CLI_ACTOR);
    const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 1 });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await acceptInvitationAndSignIn(page, api, inviteUrl, email, PASSWORD);
    return page;
  }

  async function createKey(page: Page, name: string): Promise<void> {
    await page.goto(`${api.url}/console/keys`);
    await page.getByLabel('Name').fill(name);
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('heading', { name: 'Copy your new key' }).waitFor();
  }

  const kindOf = (url: URL) => url.pathname.replace(/\/(key_[\w-]+|acct_[\w-]+|\d{8}T[\w-]+|[0-9a-f-]{20,}|[\w.%-]*@[\w.%-]+)(?=\/|$)/g, '/:id');

  /** Follows every /console link from the landing page, breadth first; returns each page's width. */
  async function crawl(page: Page, shotPrefix: string): Promise<Map<string, number>> {
    const widths = new Map<string, number>();
    const seenKinds = new Map<string, number>();
    const queue = [`${api.url}/console`];
    const queued = new Set(queue);
    while (queue.length > 0) {
      const address = queue.shift()!;
      const response = await page.goto(address);
      if (!response || !(response.headers()['content-type'] ?? '').startsWith('text/html')) continue;
      const here = new URL(page.url());
      widths.set(`${here.pathname}${here.search}`, await page.evaluate(() => document.documentElement.scrollWidth));
      if (widths.get(`${here.pathname}${here.search}`)! > PHONE.width) await screenshot(page, `${shotPrefix}-too-wide-${widths.size}`);
      const links = await page.locator('a[href]').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
      for (const link of links) {
        const url = new URL(link);
        url.hash = '';
        if (url.origin !== new URL(api.url).origin || !url.pathname.startsWith('/console') || NOT_PAGES.test(url.pathname)) continue;
        if (queued.has(url.href)) continue;
        const kind = kindOf(url);
        if ((seenKinds.get(kind) ?? 0) >= PER_KIND) continue;
        seenKinds.set(kind, (seenKinds.get(kind) ?? 0) + 1);
        queued.add(url.href);
        queue.push(url.href);
      }
    }
    return widths;
  }

  it('signed out: the sign-in page and an invitation are no wider than 390 px', async () => {
    const { inviteUrl } = await createAccount(api.server.stores.accounts, { email: `invited.${LONG_EMAIL}`, role: 'developer' }, api.publicUrl, CLI_ACTOR);
    const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 1 });
    const page = await context.newPage();
    for (const address of [`${api.url}/console/sign-in`, `${api.url}${inviteUrl.slice(api.publicUrl.length)}`]) {
      await page.goto(address);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), address).toBeLessThanOrEqual(PHONE.width);
    }
    await context.close();
  }, BROWSER_TEST_TIMEOUT);

  it('a developer: keys, a key, its revoke page, the audit trail and the account are no wider than 390 px', async () => {
    const page = await signIn(LONG_EMAIL, 'developer');
    await createKey(page, LONG_KEY);
    await screenshot(page, 'phone-width-developer-secret');
    expect(await page.evaluate(() => document.documentElement.scrollWidth), '/console/keys/secret').toBeLessThanOrEqual(PHONE.width);
    const widths = await crawl(page, 'phone-width-developer');
    expect([...widths.keys()]).toEqual(expect.arrayContaining(['/console/keys', '/console/audit', '/console/account']));
    expect([...widths.keys()].some((p) => /^\/console\/keys\/key_[\w-]+\/revoke$/.test(p))).toBe(true);
    expect([...widths].filter(([, width]) => width > PHONE.width)).toEqual([]);
  }, 4 * BROWSER_TEST_TIMEOUT);

  it('an operator: every operator page, with a long export name, key name and e-mail, is no wider than 390 px', async () => {
    const page = await signIn(`an.operator.with.a.long.address.${process.pid}@subdomain.example-lodging-company.com`, 'operator');
    await createKey(page, LONG_KEY);
    await page.goto(`${api.url}/console/ops/imports`);
    await page.getByLabel('Country').first().selectOption('es');
    await page.getByLabel('Export file').setInputFiles(path.join(files, LONG_FILE));
    await page.getByRole('button', { name: 'Upload and import' }).click();
    await page.getByRole('status').filter({ hasText: 'Published' }).waitFor({ timeout: 60_000 });
    await screenshot(page, 'phone-width-operator-import');
    // An empty file is refused and held (after the upload, which would supersede it): the held page and its discard page have something to show.
    await main(['import', '--country', 'es', path.join(files, EMPTY_FILE)], { ...quiet, env: { LODGING_DATA_DIR: api.dataDir, LODGING_THREADS: '0' } });
    const widths = await crawl(page, 'phone-width-operator');
    const visited = [...widths.keys()];
    for (const expected of ['/console/ops/countries', '/console/ops/runs', '/console/ops/imports', '/console/ops/held', '/console/ops/snapshots/es', '/console/ops/suppressions', '/console/ops/labels', '/console/ops/accounts']) {
      expect(visited, expected).toContain(expected);
    }
    for (const kind of [/^\/console\/ops\/held\/[^/]+\/discard$/, /^\/console\/ops\/runs\/[^/]+$/, /^\/console\/ops\/runs\/[^/]+\/report$/, /^\/console\/ops\/imports\/[^/]+$/, /^\/console\/ops\/accounts\/[^/]+$/]) {
      expect(visited.some((p) => kind.test(p)), String(kind)).toBe(true);
    }
    await page.goto(`${api.url}/console/ops/runs`);
    await screenshot(page, 'phone-width-operator-runs');
    expect([...widths].filter(([, width]) => width > PHONE.width)).toEqual([]);
  }, 6 * BROWSER_TEST_TIMEOUT);
});
