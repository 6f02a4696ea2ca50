// The browser test harness: Debian's Chromium driven by playwright-core, loud skips outside CI, screenshots under .tmp/.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';

export type { Browser, BrowserContext, Locator, Page } from 'playwright-core';

/** A test timeout for browser tests (pass as the last argument of `it`): page loads are slow on a busy machine. */
export const BROWSER_TEST_TIMEOUT = 90_000;

/** Debian's chromium package; a test tool's own browser download cannot work on these machines. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Where screenshot() writes: `.tmp/screenshots/` at the project root (git-ignored). */
export const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.tmp/screenshots');

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox', // CI and these machines run as root, where Chromium's sandbox cannot start
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Use with `describe.runIf(browserAvailable())`. Never a mock: under CI=true a missing Chromium fails the run
 * (`.ci/run` installs it); elsewhere the browser suites skip with a loud message.
 */
export function browserAvailable(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  const message = `Chromium is not installed at ${CHROMIUM_PATH}`;
  if (process.env.CI === 'true') throw new Error(`${message}: the browser suites must run under CI (.ci/run installs it with apt-get)`);
  console.warn(`\n*** SKIPPING the browser suites: ${message}. Install it with \`apt-get install chromium\` to run them. ***\n`);
  return false;
}

/**
 * A headless Chromium with a fresh profile: playwright's launch() makes a new temporary user-data-dir for every
 * browser and deletes it on close(), so no cookie, cache or storage survives between tests. Close it in afterAll.
 */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true, timeout: 30_000 });
}

/**
 * Saves a PNG as `.tmp/screenshots/<name>.png` and returns its path: open it and look. A page is shot whole
 * (full page); a locator just that element, for a part of a long page.
 */
export async function screenshot(target: Page | Locator, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^a-zA-Z0-9._-]+/g, '-')}.png`);
  if ('goto' in target) await target.screenshot({ path: file, fullPage: true });
  else await target.screenshot({ path: file });
  return file;
}

/**
 * Collects what a page reports as broken while a test drives it: uncaught exceptions, console errors (CSP
 * violations appear there) and failed requests. Assert `expect(problems).toEqual([])` at the end of a test.
 */
export function watchPageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'unknown';
    // A request still in flight when the page moves on (an icon, an event stream) is aborted by Chromium: not a fault.
    if (reason !== 'net::ERR_ABORTED') problems.push(`request failed: ${request.method()} ${request.url()} (${reason})`);
  });
  return problems;
}

/**
 * A new page (in its own context: no cookies shared with other pages) that fails an action after 20 s with a
 * message naming the locator, instead of the test timing out silently, and collects what the page reports as broken.
 * Give browser tests a test timeout above that (BROWSER_TEST_TIMEOUT): a loaded CI machine parses Swagger UI slowly.
 */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return { page, problems: watchPageProblems(page) };
}

/** Opens an invitation link on the test server, sets the password, then signs in with it (as a new user would). */
export async function acceptInvitationAndSignIn(
  page: Page,
  server: { url: string; publicUrl: string },
  inviteUrl: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(`${server.url}${inviteUrl.slice(server.publicUrl.length)}`);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('New password again').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.waitForURL(/\/console\/sign-in/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/sign-in'));
}
