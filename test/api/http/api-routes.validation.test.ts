// 400s: every parameter rule, unknown/repeated/empty parameters, and keys pasted into the URL (never read or echoed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../support/test-api.ts';
import type { TestApi } from '../support/test-api.ts';
import { IDS } from '../support/provider-listings.ts';
import { PROBLEM_KEYS, expectInvalidParameters, keysOf, readJson } from '../support/shapes.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ exports: { es: [{ providerId: 'mad-78018', name: 'Vincci', address: { city: 'Madrid', countryCode: 'ES' }, categories: ['Hotel'] }] } });
});
afterAll(async () => {
  await api?.close();
});

const search = (query: string) => readJson(api.get(`/api/v1/places?${query}`));

describe('search parameter rules', () => {
  it.each([
    ['country missing', '', ['country']],
    ['country not published', 'country=xx', ['country']],
    ['country upper case', 'country=ES', ['country']],
    ['city with capitals', 'country=es&city=Madrid', ['city']],
    ['city with a double dash', 'country=es&city=a--b', ['city']],
    ['city with a leading dash', 'country=es&city=-madrid', ['city']],
    ['city with an underscore', 'country=es&city=a_b', ['city']],
    ['city with an accent', 'country=es&city=a-coru%C3%B1a', ['city']],
    ['q over 100 characters', `country=es&q=${'a'.repeat(101)}`, ['q']],
    ['lodgingType not in the enum', 'country=es&lodgingType=castle', ['lodgingType']],
    ['lodgingType in the wrong case', 'country=es&lodgingType=Hotel', ['lodgingType']],
    ['whatsapp=1', 'country=es&whatsapp=1', ['whatsapp']],
    ['whatsapp=TRUE', 'country=es&whatsapp=TRUE', ['whatsapp']],
    ['verified=yes', 'country=es&verified=yes', ['verified']],
    ['verified=False', 'country=es&verified=False', ['verified']],
    ['limit=0', 'country=es&limit=0', ['limit']],
    ['limit=101', 'country=es&limit=101', ['limit']],
    ['limit=-1', 'country=es&limit=-1', ['limit']],
    ['limit=1.5', 'country=es&limit=1.5', ['limit']],
    ['limit=1e2', 'country=es&limit=1e2', ['limit']],
    ['limit=abc', 'country=es&limit=abc', ['limit']],
    ['limit with a space', 'country=es&limit=%205', ['limit']],
    ['cursor over 2048 characters', `country=es&cursor=${'a'.repeat(2049)}`, ['cursor']],
    ['an unknown parameter', 'country=es&order=name', ['order']],
    ['a parameter in the wrong case', 'Country=es', ['Country', 'country']],
    ['a repeated parameter', 'country=es&country=gb', ['country']],
    ['a repeated boolean', 'country=es&verified=true&verified=true', ['verified']],
    ['an empty parameter', 'country=es&q=', ['q']],
    ['a parameter without "="', 'country=es&city', ['city']],
    ['an empty country', 'country=', ['country']],
    ['a badly encoded value', 'country=es&q=%E0%A4%A', ['q']],
    ['several problems at once', 'country=xx&limit=0&foo=1&city=A', ['country', 'limit', 'foo', 'city']],
  ])('%s → 400 naming it', async (_label, query, parameters) => {
    expectInvalidParameters(await search(query), parameters);
  });

  it.each([
    ['q of exactly 100 characters', `country=es&q=${'a'.repeat(100)}`],
    ['q of 100 non-ASCII characters', `country=es&q=${encodeURIComponent('ñ'.repeat(100))}`],
    ['limit=1', 'country=es&limit=1'],
    ['limit=100', 'country=es&limit=100'],
    ['every parameter at once', 'country=es&city=madrid&q=vincci&lodgingType=hotel&whatsapp=false&verified=false&limit=10'],
    ['"+" as a space in q', 'country=es&q=vincci+hotel'],
  ])('%s → 200', async (_label, query) => {
    expect((await search(query)).status).toBe(200);
  });
});

describe('other endpoints take no query parameters', () => {
  it.each([
    ['/api/v1/key?verbose=true', ['verbose']],
    [`/api/v1/places/${IDS.mint}?fields=secretSauce`, ['fields']],
  ])('%s → 400', async (path, parameters) => {
    expectInvalidParameters(await readJson(api.get(path)), parameters);
  });
});

describe('a key in the query string', () => {
  const leaked = 'lds_live_THISVALUEMUSTNEVERBEECHOEDxxxxxxxxxxxxxxxxxxxxx';
  it.each(['api_key', 'apikey', 'api-key', 'key', 'token', 'access_token', 'X-API-Key', 'auth', 'secret'])(
    '?%s=… is an unknown parameter whose value is never echoed',
    async (name) => {
      const json = await search(`country=es&${encodeURIComponent(name)}=${leaked}`);
      expectInvalidParameters(json, [name]);
      expect(json.text).not.toContain(leaked);
      expect(json.text).not.toContain('THISVALUE');
      expect(json.body.errors[0].message).toMatch(/X-API-Key header/);
    },
  );

  it('a secret used as a parameter name is not echoed either', async () => {
    const json = await search(`country=es&${leaked}`);
    expect(json.status).toBe(400);
    expect(json.text).not.toContain('THISVALUE');
  });

  it('is never read: a valid key in the URL without the header is a 401', async () => {
    for (const name of ['api_key', 'key', 'token', 'access_token']) {
      const json = await readJson(api.get(`/api/v1/places?country=es&${name}=${api.secret}`, { secret: null }));
      expect(json.status).toBe(401);
      expect(json.text).not.toContain(api.secret);
    }
  });
});

describe('problem+json bodies', () => {
  it.each([
    ['400', '/api/v1/places?country=xx', 400],
    ['401', '/api/v1/key', 401],
    ['404 (place)', '/api/v1/places/es-nothing-here', 404],
    ['404 (unknown route under /api/v1)', '/api/v1/hotels', 404],
    ['404 (unknown route)', '/wp-admin.php', 404],
    ['405 (write method)', '/api/v1/places', 405],
  ])('%s is RFC 9457 with no stack trace', async (_label, path, status) => {
    const headers: Record<string, string> = status === 401 ? {} : { 'X-API-Key': api.secret };
    const res = await fetch(`${api.url}${path}`, { headers, method: status === 405 ? 'POST' : 'GET' });
    const json = await readJson(res);
    expect(json.status).toBe(status);
    expect(json.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(keysOf(json.body).filter((k) => k !== 'errors')).toEqual(PROBLEM_KEYS);
    expect(json.body.status).toBe(status);
    expect(json.body.type).toBe(`${api.publicUrl}/problems/${json.body.type.split('/').pop()}`);
    expect(json.text).not.toMatch(/\bat \S+ \(|node_modules|\.ts:\d+/);
    if (status === 405) expect(json.headers.get('allow')).toBe('GET, HEAD');
  });

  it('each problem type URI resolves to a page describing it', async () => {
    const json = await readJson(api.get('/api/v1/places?country=xx'));
    const page = await fetch(json.body.type.replace(api.publicUrl, api.url));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Invalid parameter');
  });
});
