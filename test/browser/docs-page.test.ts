// /docs in a real Chromium, opened at the 127.0.0.1 address the server prints: "Try it out" works for every operation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDS } from '../api/support/provider-listings.ts';
import { startTestApi } from '../api/support/test-api.ts';
import type { TestApi } from '../api/support/test-api.ts';
import { BROWSER_TEST_TIMEOUT, browserAvailable, launchChromium, openPage, screenshot } from './support/browser.ts';
import type { Browser, Page } from './support/browser.ts';

describe.runIf(browserAvailable())('/docs in Chromium', () => {
  let api: TestApi;
  let browser: Browser;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    [api, browser] = await Promise.all([startTestApi(), launchChromium()]);
    ({ page, problems } = await openPage(browser));
    expect(api.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await page.goto(`${api.url}/docs`);
    await page.locator('#operations-Places-getPlace').waitFor({ timeout: 60_000 });
  }, BROWSER_TEST_TIMEOUT);
  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  it('renders every operation of the OpenAPI document, with this server as the only server', async () => {
    const paths = (await page.locator('.opblock-summary-path').allTextContents()).map((p) => p.replace(/\u200b/g, ''));
    expect(paths).toEqual([
      '/api/v1/key',
      '/api/v1/places',
      '/api/v1/places/{placeId}',
      '/api/v1/changes',
      '/api/v1/places/suggest',
      '/places/{placeId}',
      '/healthz',
      '/readyz',
      '/openapi.json',
      '/api/v1/exports',
      '/api/v1/exports/{country}',
      '/api/v1/exports/{country}/{file}',
    ]);
    await screenshot(page, 'docs');
    expect(problems).toEqual([]);
  }, BROWSER_TEST_TIMEOUT);

  it('takes the key under Authorize', async () => {
    await page.locator('.scheme-container .btn.authorize').click();
    const apiKeyForm = page.locator('.auth-container').filter({ hasText: 'X-API-Key' });
    await apiKeyForm.locator('#api_key_value').fill(api.secret);
    await apiKeyForm.locator('.btn.authorize').click();
    await expect.poll(() => apiKeyForm.innerText()).toContain('Authorized');
    await screenshot(page.locator('.modal-ux'), 'docs-authorize');
    await page.locator('.close-modal').click();
  }, BROWSER_TEST_TIMEOUT);

  async function tryItOut(operation: string, name: string, fill: Record<string, string> = {}): Promise<{ status: string; body: string; url: string }> {
    const block = page.locator(`#operations-${operation}`);
    await block.locator('.opblock-summary').first().click();
    await block.getByRole('button', { name: 'Try it out' }).click();
    for (const [param, value] of Object.entries(fill)) {
      const row = block.locator(`tr[data-param-name="${param}"]`);
      if ((await row.locator('select').count()) > 0) await row.locator('select').selectOption(value);
      else await row.locator('input').fill(value);
    }
    await block.getByRole('button', { name: 'Execute' }).click();
    const live = block.locator('.live-responses-table .response').first();
    await live.waitFor();
    const result = {
      status: (await live.locator('.response-col_status').innerText()).trim(),
      body: await block.locator('.live-responses-table .microlight, .live-responses-table pre').first().innerText(),
      url: (await block.locator('.request-url pre').innerText()).trim(),
    };
    await screenshot(block, `docs-try-${name}`);
    await block.locator('.opblock-summary').first().click();
    return result;
  }

  it.each([
    ['Keys-getKey', 'key', {}, '/api/v1/key', '"prefix"'],
    ['Places-searchPlaces', 'search', { country: 'es', city: 'madrid', limit: '2' }, '/api/v1/places?country=es&city=madrid&limit=2', '"nextCursor"'],
    ['Places-getPlace', 'get', { placeId: IDS.mint }, `/api/v1/places/${IDS.mint}`, '"Vincci The Mint"'],
    ['Public-getPlaceProfilePage', 'profile', { placeId: IDS.mint }, `/places/${IDS.mint}`, 'Vincci The Mint'],
    ['Operations-getHealth', 'healthz', {}, '/healthz', '"ok"'],
    ['Operations-getReadiness', 'readyz', {}, '/readyz', '"ready"'],
    ['Operations-getOpenApiDocument', 'openapi', {}, '/openapi.json', '"3.1.0"'],
  ])('"Try it out" on %s answers 200 from the 127.0.0.1 address', async (operation, name, fill, path, expected) => {
    const result = await tryItOut(operation, name, fill);
    expect(result.url).toBe(`${api.url}${path}`);
    expect(result.status).toBe('200');
    expect(result.body).toContain(expected);
    expect(problems).toEqual([]);
  }, BROWSER_TEST_TIMEOUT);
});
