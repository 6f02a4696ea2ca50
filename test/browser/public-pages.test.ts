// The landing page and a profile page in a real Chromium: links that lead somewhere, no script or CSP error, screenshots.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDS } from '../api/support/provider-listings.ts';
import { startTestApi } from '../api/support/test-api.ts';
import type { TestApi } from '../api/support/test-api.ts';
import { BROWSER_TEST_TIMEOUT, browserAvailable, launchChromium, openPage, screenshot } from './support/browser.ts';
import type { Browser } from './support/browser.ts';

describe.runIf(browserAvailable())('public pages in Chromium', () => {
  let api: TestApi;
  let browser: Browser;

  beforeAll(async () => {
    [api, browser] = await Promise.all([startTestApi(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  it('the landing page links the docs, the OpenAPI document and the health checks, each answering 200', async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${api.url}/`);
    await expect.poll(() => page.title()).toBe('Lodging Directory');
    await screenshot(page, 'landing');
    const links = await page.locator('main a').evaluateAll((anchors) => anchors.map((a) => [a.textContent, (a as HTMLAnchorElement).href]));
    expect(links.map(([label]) => label)).toEqual(['API documentation', 'OpenAPI document', 'Health check', 'Readiness']);
    for (const [, href] of links) expect((await page.request.get(href!)).status(), href!).toBe(200);
    expect(await page.locator('pre').first().innerText()).toContain(`${api.url}/api/v1/places?country=es&limit=3`);
    await page.getByRole('link', { name: 'API documentation' }).click();
    await page.locator('#operations-Places-searchPlaces').waitFor({ timeout: 60_000 });
    expect(problems).toEqual([]);
    await page.context().close();
  }, BROWSER_TEST_TIMEOUT);

  it('a profile page shows tel:, mailto: and map links, phones as a person dials them', async () => {
    const { page, problems } = await openPage(browser, { viewport: { width: 800, height: 900 } });
    await page.goto(`${api.url}/places/${encodeURIComponent(IDS.mint)}`);
    await expect.poll(() => page.locator('h1').innerText()).toBe('Vincci The Mint');
    await screenshot(page, 'profile-mint');
    expect(await page.getByRole('link', { name: '914 90 26 50' }).getAttribute('href')).toBe('tel:+34914902650');
    expect(await page.getByRole('link', { name: 'reservas@vinccithemint.es' }).getAttribute('href')).toBe('mailto:reservas@vinccithemint.es');
    expect(await page.getByRole('link', { name: 'OpenStreetMap' }).getAttribute('href')).toMatch(
      /^https:\/\/www\.openstreetmap\.org\/\?mlat=40\.4195785&mlon=-3\.6985626#map=17\//,
    );
    expect(await page.locator('main').innerText()).toContain('The rating comes from a third-party listing provider');
    expect(problems).toEqual([]);
    await page.context().close();
  }, BROWSER_TEST_TIMEOUT);

  it('a profile page without a rating says nothing about ratings', async () => {
    const { page, problems } = await openPage(browser, { viewport: { width: 800, height: 700 } });
    await page.goto(`${api.url}/places/${encodeURIComponent(IDS.hostal)}`);
    await screenshot(page, 'profile-hostal');
    expect(await page.locator('main').innerText()).not.toMatch(/rating/i);
    expect(problems).toEqual([]);
    await page.context().close();
  }, BROWSER_TEST_TIMEOUT);
});
