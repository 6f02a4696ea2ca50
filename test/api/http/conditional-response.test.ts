// X-Snapshot-Version on country-scoped answers; strong ETags on get and search, answered by 304 while they hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ES_LISTINGS, IDS } from '../support/provider-listings.ts';
import { startTestApi } from '../support/test-api.ts';
import type { TestApi } from '../support/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ exports: { es: ES_LISTINGS } });
});
afterAll(async () => {
  await api?.close();
});

const VERSION = /^\d{8}T\d{9}Z-[0-9a-f]{6}$/;

describe('conditional requests', () => {
  it("a place's ETag answers 304 with no body, still counted and with its rate limit headers", async () => {
    const first = await api.get(`/api/v1/places/${IDS.mint}`);
    expect(first.status).toBe(200);
    const tag = first.headers.get('etag');
    expect(tag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect(first.headers.get('x-snapshot-version')).toMatch(VERSION);
    const remaining = Number(first.headers.get('ratelimit-remaining'));

    const again = await api.get(`/api/v1/places/${IDS.mint}`, { headers: { 'If-None-Match': tag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(tag);
    expect(again.headers.get('x-snapshot-version')).toBe(first.headers.get('x-snapshot-version'));
    expect(Number(again.headers.get('ratelimit-remaining'))).toBe(remaining - 1);
    expect(again.headers.get('ratelimit-policy')).not.toBeNull();
  });

  it('a search page has an ETag of its own; another tag gets the full body', async () => {
    const first = await api.get('/api/v1/places?country=es&limit=3');
    const tag = first.headers.get('etag')!;
    expect((await api.get('/api/v1/places?country=es&limit=3', { headers: { 'If-None-Match': tag } })).status).toBe(304);
    const other = await api.get('/api/v1/places?country=es&limit=4', { headers: { 'If-None-Match': tag } });
    expect(other.status).toBe(200);
    expect(other.headers.get('etag')).not.toBe(tag);
    const stale = await api.get('/api/v1/places?country=es&limit=3', { headers: { 'If-None-Match': '"stale"' } });
    expect(stale.status).toBe(200);
    expect(await stale.json()).toEqual(await first.json());
  });

  it('the key endpoint and errors carry no snapshot version', async () => {
    expect((await api.get('/api/v1/key')).headers.get('x-snapshot-version')).toBeNull();
    expect((await api.get('/api/v1/places?country=xx')).headers.get('x-snapshot-version')).toBeNull();
  });
});
