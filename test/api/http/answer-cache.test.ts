// Answers kept by URL for the snapshot version that gave them: sent again while that version answers, never after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerCache } from '../../../api/http/answer-cache.ts';
import type { Answer } from '../../../api/http/conditional-response.ts';
import { ES_LISTINGS, IDS } from '../support/provider-listings.ts';
import { startTestApi } from '../support/test-api.ts';
import type { TestApi } from '../support/test-api.ts';

const answer = (text: string, version: string | null): Answer => ({ body: text, length: Buffer.byteLength(text), version, tag: `"${text}"` });

describe('AnswerCache', () => {
  it('gives a kept answer back while its country is answered by the same version, and drops it after', () => {
    let version: string | null = 'v1';
    const cache = new AnswerCache(() => version);
    const kept = answer('{"a":1}', 'v1');
    cache.keep('/api/v1/places?country=es', 'es', kept);
    expect(cache.size).toBe(0); // answered once: not kept yet
    cache.keep('/api/v1/places?country=es', 'es', kept);
    expect(cache.size).toBe(1);
    const again = cache.get('/api/v1/places?country=es');
    expect(again).toEqual({ ...kept, body: Buffer.from('{"a":1}') }); // asked for again: its bytes from now on
    expect(cache.get('/api/v1/places?country=es')).toBe(again);
    expect(cache.get('/api/v1/places?country=es&limit=2')).toBeUndefined();
    version = 'v2';
    expect(cache.get('/api/v1/places?country=es')).toBeUndefined();
    expect(cache.size).toBe(0);
    version = 'v1'; // rolled back: the entry went with the move
    expect(cache.get('/api/v1/places?country=es')).toBeUndefined();
  });

  it('keeps nothing no version answered, and nothing for an id of no country', () => {
    const cache = new AnswerCache(() => null);
    for (let i = 0; i < 2; i += 1) {
      cache.keep('/api/v1/places?country=xx', 'es', answer('{"places":[]}', null));
      cache.keep('/api/v1/places/zz-1', null, answer('{}', 'v1'));
    }
    expect(cache.size).toBe(0);
  });

  it('asks for the version of the country the answer came from', () => {
    const asked: string[] = [];
    const cache = new AnswerCache((country) => {
      asked.push(country);
      return 'v1';
    });
    cache.keep('/api/v1/places/gb-1', 'gb', answer('{}', 'v1'));
    cache.keep('/api/v1/places/gb-1', 'gb', answer('{}', 'v1'));
    cache.get('/api/v1/places/gb-1');
    expect(asked).toEqual(['gb']);
  });
});

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ exports: { es: ES_LISTINGS } });
});
afterAll(async () => {
  await api?.close();
});

/** What must be the same between two answers to the same question: all but the request id and the rate limit left. */
async function comparable(response: Response): Promise<{ status: number; headers: [string, string][]; body: string }> {
  const varying = new Set(['x-request-id', 'ratelimit-remaining', 'ratelimit-reset', 'date']);
  const headers = [...response.headers].filter(([name]) => !varying.has(name));
  return { status: response.status, headers, body: await response.text() };
}

describe('a kept answer over HTTP', () => {
  it('is the same bytes and headers as the answer that was kept, for a search and a place', async () => {
    for (const url of ['/api/v1/places?country=es&city=madrid&limit=3', `/api/v1/places/${IDS.mint}`, `/api/v1/places/${IDS.mint}?fields=name`]) {
      const first = await comparable(await api.get(url));
      expect(first.status).toBe(200);
      expect(await comparable(await api.get(url))).toEqual(first); // answered again: kept
      expect(await comparable(await api.get(url))).toEqual(first); // the kept answer
      expect(await comparable(await api.get(url))).toEqual(first); // sent as bytes
    }
  });

  it('a spelling the routers take (an encoded id, another case) gets the same answer as the plain one', async () => {
    const plain = await comparable(await api.get(`/api/v1/places/${IDS.mint}`));
    const encoded = await comparable(await api.get(`/api/v1/places/${encodeURIComponent(IDS.mint).replace('-', '%2D')}`));
    const upper = await comparable(await api.get(`/API/v1/places/${IDS.mint}`));
    expect(encoded).toEqual(plain);
    expect(upper).toEqual(plain);
    const search = await comparable(await api.get('/api/v1/places?country=es&limit=2'));
    expect(await comparable(await api.get('/api/V1/places?country=es&limit=2'))).toEqual(search);
  });

  it('a refusal ahead of the router (no key, an unknown id, a bad parameter, a HEAD) is what the routers answer', async () => {
    const cases: [string, string, { secret?: string | null }][] = [
      [`/api/v1/places/${IDS.mint}`, `/api/v1/places/${encodeURIComponent(IDS.mint).replace('-', '%2D')}`, { secret: null }],
      ['/api/v1/places/es-nowhere-1', '/api/v1/places/es%2Dnowhere-1', {}],
      ['/api/v1/places?country=es&limit=0', '/API/v1/places?country=es&limit=0', {}],
      ['/api/v1/places?country=es&api_key=x', '/API/v1/places?country=es&api_key=x', {}],
    ];
    for (const [plain, routed, options] of cases) {
      const hot = await comparable(await api.get(plain, options));
      expect(hot.status).toBeGreaterThanOrEqual(400);
      expect(await comparable(await api.get(routed, options))).toEqual(hot);
    }
    const head = (url: string) => fetch(`${api.url}${url}`, { method: 'HEAD', headers: { 'X-API-Key': api.secret } });
    const hotHead = await comparable(await head(`/api/v1/places/${IDS.mint}`));
    expect(hotHead.status).toBe(200);
    expect(await comparable(await head(`/API/v1/places/${IDS.mint}`))).toEqual(hotHead);
  });

  it('is not sent once a new snapshot answers: the same URL gets the new version and its places', async () => {
    const url = '/api/v1/places?country=es&city=madrid&limit=50';
    await (await api.get(url)).arrayBuffer();
    await (await api.get(url)).arrayBuffer(); // kept from here
    const before = await api.get(url);
    const beforeVersion = before.headers.get('x-snapshot-version');
    const beforeIds = ((await before.json()) as { places: { id: string }[] }).places.map((p) => p.id);
    for (let i = 0; i < 3; i += 1) expect((await api.get(`/api/v1/places/${IDS.mint}`)).status).toBe(200);

    const added = { providerId: 'aaa-new', name: 'New Hotel', address: { city: 'Madrid', countryCode: 'ES' }, categories: ['Hotel'] };
    const kept = ES_LISTINGS.filter((listing) => `es-${String(listing.providerId)}` !== IDS.mint);
    await api.publish('es', [added, ...kept]);
    try {
      const after = await api.get(url);
      expect(after.headers.get('x-snapshot-version')).not.toBe(beforeVersion);
      expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
      const afterIds = ((await after.json()) as { places: { id: string }[] }).places.map((p) => p.id);
      expect(afterIds).toContain('es-aaa-new');
      expect(afterIds).not.toContain(IDS.mint);
      expect(beforeIds).toContain(IDS.mint);
      expect((await api.get(`/api/v1/places/${IDS.mint}`)).status).toBe(404);
    } finally {
      await api.publish('es', ES_LISTINGS);
    }
  });
});
