// Per-key fixed windows: draft-6 RateLimit headers on every authenticated response (200, 400, 404, 429), Retry-After on 429.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../support/test-api.ts';
import type { TestApi } from '../support/test-api.ts';
import { readJson } from '../support/shapes.ts';

const RATE_HEADERS = ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'ratelimit-policy'];

function expectRateHeaders(headers: Headers, limit: number, windowS: number, remaining: number): void {
  for (const name of RATE_HEADERS) expect(headers.get(name), name).not.toBeNull();
  expect(headers.get('ratelimit-policy')).toBe(`${limit};w=${windowS}`);
  expect(headers.get('ratelimit-limit')).toBe(String(limit));
  expect(headers.get('ratelimit-remaining')).toBe(String(remaining));
  const reset = Number(headers.get('ratelimit-reset'));
  expect(reset).toBeGreaterThanOrEqual(0);
  expect(reset).toBeLessThanOrEqual(windowS);
}

describe('defaults: 600 requests per 60 s', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ exports: {} });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('announces RateLimit-Policy 600;w=60 and counts down', async () => {
    const first = await readJson(api.get('/api/v1/key'));
    expectRateHeaders(first.headers, 600, 60, 599);
    const second = await readJson(api.get('/api/v1/key'));
    expectRateHeaders(second.headers, 600, 60, 598);
  });
});

describe('a small configured window', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ env: { LODGING_RATE_LIMIT: '4', LODGING_RATE_WINDOW_S: '120' } });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('puts the headers on 200, 400, 404 and 429 alike, and Retry-After on 429', async () => {
    const { secret } = await api.newKey('window', 'window');
    const get = (path: string) => readJson(api.get(path, { secret }));
    const answers = [
      await get('/api/v1/key'),
      await get('/api/v1/places?country=xx'),
      await get('/api/v1/places/es-none'),
      await get('/api/v1/places?country=es&limit=1'),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 400, 404, 200]);
    answers.forEach((answer, i) => expectRateHeaders(answer.headers, 4, 120, 3 - i));

    const limited = await get('/api/v1/places?country=es');
    expect(limited.status).toBe(429);
    expectRateHeaders(limited.headers, 4, 120, 0);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(120);
    expect(limited.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(limited.body).toMatchObject({ status: 429, title: 'Too Many Requests' });
  });

  it('counts per key: another key has its own window', async () => {
    const a = await api.newKey('per-key-a', 'a');
    const b = await api.newKey('per-key-b', 'b');
    for (let i = 0; i < 4; i += 1) await api.get('/api/v1/key', { secret: a.secret });
    expect((await api.get('/api/v1/key', { secret: a.secret })).status).toBe(429);
    const other = await readJson(api.get('/api/v1/key', { secret: b.secret }));
    expect(other.status).toBe(200);
    expectRateHeaders(other.headers, 4, 120, 3);
  });

  it('does not limit or label public routes', async () => {
    for (let i = 0; i < 6; i += 1) {
      const res = await fetch(`${api.url}/healthz`);
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-policy')).toBeNull();
    }
  });
});
