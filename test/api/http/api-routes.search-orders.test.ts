// sort, match and facets over REST: walks in each order give every match once, cursors carry the order, bad use is a 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_LISTINGS } from '../support/provider-listings.ts';
import { startTestApi } from '../support/test-api.ts';
import type { TestApi } from '../support/test-api.ts';
import { expectInvalidParameters, readJson, walkIds } from '../support/shapes.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

interface Listed {
  id: string;
  name: string;
  rating: number | null;
  lodgingType: string;
}

async function everything(query: string): Promise<Listed[]> {
  const ids = await walkIds(api.get, `${query}&limit=100`);
  const places: Listed[] = [];
  for (const id of ids) places.push((await readJson(api.get(`/api/v1/places/${encodeURIComponent(id)}`))).body.place);
  return places;
}

describe('orders, tolerant matching and facets', () => {
  it.each([
    ['sort=name', 'country=es&sort=name', 7],
    ['sort=rating', 'country=es&sort=rating', 5],
    ['sort=relevance with q', 'country=es&q=hotel&sort=relevance', 4],
    ['match=words', 'country=es&q=madrid%20hotel&match=words', 6],
    ['match=typo with sort=name', 'country=es&q=hotl&match=typo&sort=name', 3],
  ])('%s: a walk returns every match once, as one page does', async (_label, query, limit) => {
    const oneShot = await readJson(api.get(`/api/v1/places?${query}&limit=100`));
    expect(oneShot.status).toBe(200);
    const ids = await walkIds(api.get, `${query}&limit=${limit}`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(oneShot.body.places.map((p: { id: string }) => p.id));
    expect(ids.length).toBeGreaterThan(limit);
  });

  it('orders by name A to Z and by rating best first', async () => {
    const byName = (await readJson(api.get('/api/v1/places?country=es&sort=name&limit=100'))).body.places as Listed[];
    const names = byName.map((p) => p.name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim());
    expect(names).toEqual([...names].sort());
    const byRating = (await readJson(api.get('/api/v1/places?country=es&sort=rating&limit=100'))).body.places as Listed[];
    const ratings = byRating.map((p) => (p.rating === null ? -1 : p.rating));
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  it('finds a name typed with a mistake only with match=typo', async () => {
    const literal = await readJson(api.get('/api/v1/places?country=es&q=balnaerio'));
    expect(literal.body.places).toEqual([]);
    const typo = await readJson(api.get('/api/v1/places?country=es&q=balnaerio&match=typo'));
    expect(typo.body.places.map((p: Listed) => p.name)).toEqual(['Hotel Balneario Las Termas']);
  });

  it('counts facets over the whole result, the same on every page, as a count over the rows', async () => {
    const query = 'country=es&q=hotel&facets=lodgingType,city,whatsappEligible,verified';
    const first = await readJson(api.get(`${'/api/v1/places?'}${query}&limit=5`));
    const second = await readJson(api.get(`/api/v1/places?${query}&limit=5&cursor=${encodeURIComponent(first.body.page.nextCursor)}`));
    expect(second.body.facets).toEqual(first.body.facets);
    const rows = await everything('country=es&q=hotel');
    const counts: Record<string, number> = {};
    for (const place of rows) counts[place.lodgingType] = (counts[place.lodgingType] ?? 0) + 1;
    expect(first.body.facets.lodgingType).toEqual(counts);
    const total = (facet: Record<string, number>) => Object.values(facet).reduce((a, b) => a + b, 0);
    expect(total(first.body.facets.verified)).toBe(rows.length);
    expect(total(first.body.facets.whatsappEligible)).toBe(rows.length);
    expect(Object.keys(first.body.facets.city)).toContain('madrid');
    expect(rows.length).toBeGreaterThan(BULK_LISTINGS.length);
  });

  it('refuses orders and matching that do not apply, naming the parameter', async () => {
    expectInvalidParameters(await readJson(api.get('/api/v1/places?country=es&sort=relevance')), ['sort']);
    expectInvalidParameters(await readJson(api.get('/api/v1/places?country=es&sort=distance')), ['sort']);
    expectInvalidParameters(await readJson(api.get('/api/v1/places?country=es&near=40.4,-3.7&sort=name')), ['sort']);
    expectInvalidParameters(await readJson(api.get('/api/v1/places?country=es&match=typo')), ['match']);
    expectInvalidParameters(await readJson(api.get('/api/v1/places?country=es&sort=newest')), ['sort']);
    expectInvalidParameters(await readJson(api.get('/api/v1/places?country=es&facets=stars')), ['facets']);
    expectInvalidParameters(await readJson(api.get('/api/v1/places?country=es&bbox=-4,40,-3,41&facets=city')), ['facets']);
  });

  it('binds a cursor to its order: another order or matching refuses it', async () => {
    const first = await readJson(api.get('/api/v1/places?country=es&sort=name&limit=3'));
    const cursor = encodeURIComponent(first.body.page.nextCursor);
    expectInvalidParameters(await readJson(api.get(`/api/v1/places?country=es&sort=rating&limit=3&cursor=${cursor}`)), ['cursor']);
    expectInvalidParameters(await readJson(api.get(`/api/v1/places?country=es&limit=3&cursor=${cursor}`)), ['cursor']);
  });
});

describe('suggestions as one types', () => {
  it('suggests by the beginning of a word, with scores best first and the default fields', async () => {
    const res = await readJson(api.get('/api/v1/places/suggest?country=es&q=balne'));
    expect(res.status).toBe(200);
    expect(res.body.places[0].name).toBe('Hotel Balneario Las Termas');
    expect(Object.keys(res.body.places[0]).sort()).toEqual(['address', 'id', 'lodgingType', 'name']);
    expect(res.body.scores).toHaveLength(res.body.places.length);
    expect(res.body.scores).toEqual([...res.body.scores].sort((a: number, b: number) => b - a));
  });

  it('tolerates a mistake, takes limit up to 10 and fields', async () => {
    const res = await readJson(api.get('/api/v1/places/suggest?country=es&q=hotel%20blaneario&limit=2&fields=name'));
    expect(res.body.places).toEqual([{ id: expect.any(String), name: 'Hotel Balneario Las Termas' }]);
    expectInvalidParameters(await readJson(api.get('/api/v1/places/suggest?country=es&q=x&limit=11')), ['limit']);
    expectInvalidParameters(await readJson(api.get('/api/v1/places/suggest?country=es')), ['q']);
    expectInvalidParameters(await readJson(api.get('/api/v1/places/suggest?country=es&q=a&sort=name')), ['sort']);
  });
});
