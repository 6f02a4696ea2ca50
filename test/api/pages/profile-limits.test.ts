// Profile pages are limited per client address, more strictly for ids that are not published (guessing), with an HTML 429.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE_LIMITS } from '../../../api/pages/profile-limits.ts';
import { IDS } from '../support/provider-listings.ts';
import { startTestApi } from '../support/test-api.ts';
import type { TestApi } from '../support/test-api.ts';

const get = (api: TestApi, path: string) => fetch(`${api.url}${path}`, { redirect: 'manual' });

describe('the default limits', () => {
  it('are stricter on ids that are not published than on pages', () => {
    expect(DEFAULT_PROFILE_LIMITS.misses.limit).toBeLessThan(DEFAULT_PROFILE_LIMITS.pages.limit);
    expect(DEFAULT_PROFILE_LIMITS.pages.windowS).toBeGreaterThan(0);
  });
});

describe('guessing ids', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ start: { profileLimits: { pages: { limit: 50, windowS: 600 }, misses: { limit: 5, windowS: 600 } } } });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('answers 404 for the first unknown ids, then 429 with Retry-After for every profile page from that address', async () => {
    for (let i = 0; i < 5; i += 1) expect((await get(api, `/places/es-guess-${i}`)).status).toBe(404);
    const refused = await get(api, '/places/es-guess-5');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
    expect(refused.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await refused.text()).toContain('Too many requests');
    expect((await get(api, `/places/${IDS.mint}`)).status).toBe(429);
  });

  it('leaves the API, whose keys have their own limits, alone', async () => {
    expect((await api.get('/api/v1/places?country=es&limit=1')).status).toBe(200);
  });
});

describe('reading pages', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ start: { profileLimits: { pages: { limit: 8, windowS: 600 }, misses: { limit: 5, windowS: 600 } } } });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('serves published pages up to the page limit, then 429', async () => {
    for (let i = 0; i < 8; i += 1) expect((await get(api, `/places/${IDS.mint}`)).status).toBe(200);
    expect((await get(api, `/places/${IDS.mint}`)).status).toBe(429);
  });
});
