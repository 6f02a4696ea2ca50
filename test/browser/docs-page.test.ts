// /docs in a real Chromium, opened at the 127.0.0.1 address the server prints: Swagger UI renders the OpenAPI document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../api/support/test-api.ts';
import type { TestApi } from '../api/support/test-api.ts';
import { browserAvailable, launchChromium, screenshot, watchPageProblems } from './support/browser.ts';
import type { Browser } from './support/browser.ts';

describe.runIf(browserAvailable())('/docs in Chromium', () => {
  let api: TestApi;
  let browser: Browser;

  beforeAll(async () => {
    [api, browser] = await Promise.all([startTestApi(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  it('renders every operation of the OpenAPI document without a script or CSP error', async () => {
    expect(api.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const page = await browser.newPage();
    const problems = watchPageProblems(page);
    await page.goto(`${api.url}/docs`);
    await page.locator('.opblock-summary-path', { hasText: '/api/v1/places/{placeId}' }).waitFor();
    const paths = await page.locator('.opblock-summary-path').allTextContents();
    expect(paths.map((p) => p.replace(/\u200b/g, ''))).toEqual(expect.arrayContaining(['/api/v1/key', '/api/v1/places', '/api/v1/places/{placeId}']));
    await screenshot(page, 'docs');
    expect(problems).toEqual([]);
    await page.close();
  });
});
