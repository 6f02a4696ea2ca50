// GET /api/v1/places: every filter of the spec's table, the page shape and the `lodging` filter that restricts nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDS } from '../support/provider-listings.ts';
import { startTestApi } from '../support/test-api.ts';
import type { TestApi } from '../support/test-api.ts';
import { PAGE_KEYS, PLACE_KEYS, keysOf, readJson, walkIds } from '../support/shapes.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const ES_PUBLISHED = 71;
const BULK = (predicate: (i: number) => boolean) =>
  Array.from({ length: 60 }, (_, i) => i).filter(predicate).map((i) => `es-bulk-${String(i).padStart(3, '0')}`);
const sorted = (ids: readonly string[]) => [...ids].sort();

describe('search filters', () => {
  it.each([
    ['a country with a snapshot', 'country=gb', [IDS.gbBelfast]],
    ['a country without a snapshot yet', 'country=fr', []],
    ['a city slug with the accent stripped', 'country=es&city=a-coruna', [IDS.coruna]],
    ['another city', 'country=es&city=barcelona', ['es-bcn-camping']],
    ['a city nobody is in', 'country=es&city=toledo', []],
    ['lodgingType apartment (an aparthotel)', 'country=es&lodgingType=apartment', [IDS.aparthotel]],
    ['lodgingType resort (a spa hotel)', 'country=es&lodgingType=resort', [IDS.spa]],
    ['lodgingType guesthouse', 'country=es&lodgingType=guesthouse', [IDS.coruna, IDS.hostal]],
    ['lodgingType hostel', 'country=es&lodgingType=hostel', ['es-mad-albergue']],
    ['lodgingType ruralHouse', 'country=es&lodgingType=ruralHouse', [IDS.unreachable]],
    ['lodgingType campsite', 'country=es&lodgingType=campsite', ['es-bcn-camping']],
    ['lodgingType bedAndBreakfast', 'country=gb&lodgingType=bedAndBreakfast', [IDS.gbBelfast]],
    ['lodgingType motorhomeArea', 'country=es&lodgingType=motorhomeArea', []],
    ['hotel excludes the aparthotel and the spa resort', 'country=es&city=madrid&lodgingType=hotel', [IDS.mint, IDS.reserved, IDS.script, ...BULK(() => true)]],
    ['whatsapp=true: primary number reachable', 'country=es&whatsapp=true', [IDS.hostal, ...BULK((i) => i % 2 === 0)]],
    ['verified=true', 'country=es&verified=true', [IDS.mint, IDS.spa, ...BULK((i) => i % 3 === 0)]],
    ['q matches a name, case-insensitively', 'country=es&q=VINCCI', [IDS.mint]],
    ['q matches without accents', 'country=es&q=pension%20maria', [IDS.coruna]],
    ['q matches a category label', 'country=es&q=apartahotel', [IDS.aparthotel]],
    ['q combined with a city', 'country=es&city=madrid&q=termas', [IDS.spa]],
  ])('%s', async (_label, query, expected) => {
    expect(sorted(await walkIds(api.get, query))).toEqual(sorted(expected));
  });

  it.each([
    ['whatsapp=false selects places whose whatsappEligible is false', 'whatsapp', 'false', false],
    ['whatsapp=true selects places whose whatsappEligible is true', 'whatsapp', 'true', true],
    ['verified=false selects unverified places', 'verified', 'false', false],
  ])('%s', async (_label, name, value, expected) => {
    const json = await readJson(api.get(`/api/v1/places?country=es&${name}=${value}&limit=100`));
    const field = name === 'whatsapp' ? 'whatsappEligible' : 'verified';
    expect(json.body.places.length).toBeGreaterThan(0);
    for (const place of json.body.places) expect(place[field]).toBe(expected);
    const other = await readJson(api.get(`/api/v1/places?country=es&${name}=${String(!expected)}&limit=100`));
    expect(json.body.places.length + other.body.places.length).toBe(ES_PUBLISHED);
  });

  it('lodgingType=lodging restricts nothing', async () => {
    const all = await walkIds(api.get, 'country=es&limit=100');
    expect(all).toHaveLength(ES_PUBLISHED);
    expect(await walkIds(api.get, 'country=es&lodgingType=lodging&limit=100')).toEqual(all);
  });

  it('places with no recognised label are published as lodging', async () => {
    const json = await readJson(api.get(`/api/v1/places/${encodeURIComponent(IDS.unknownLabels)}`));
    expect(json.body.place.lodgingType).toBe('lodging');
  });

  it.each(['%22', '100%25', 'hotel%20OR%20x', '*', '%3Cscript%3E', 'a%27b', 'NEAR(x)'])(
    'q=%s is literal text, never query syntax',
    async (q) => {
      const json = await readJson(api.get(`/api/v1/places?country=es&q=${q}`));
      expect(json.status).toBe(200);
      expect(Array.isArray(json.body.places)).toBe(true);
    },
  );
});

describe('pages', () => {
  it.each([
    ['default limit is 25', '', 25, true],
    ['limit=1', '&limit=1', 1, true],
    ['limit=100 holds everything', '&limit=100', ES_PUBLISHED, false],
  ])('%s', async (_label, extra, count, hasMore) => {
    const json = await readJson(api.get(`/api/v1/places?country=es${extra}`));
    expect(json.status).toBe(200);
    expect(keysOf(json.body)).toEqual(['page', 'places']);
    expect(keysOf(json.body.page)).toEqual(PAGE_KEYS);
    expect(json.body.page).toMatchObject({ count, hasMore });
    expect(json.body.places).toHaveLength(count);
    expect(json.body.page.nextCursor === null).toBe(!hasMore);
  });

  it('an empty result is a page with count 0 and a null cursor', async () => {
    const json = await readJson(api.get('/api/v1/places?country=pt'));
    expect(json.body).toEqual({ places: [], page: { count: 0, hasMore: false, nextCursor: null } });
  });

  it('orders places by id ascending', async () => {
    const ids = await walkIds(api.get, 'country=es&limit=7');
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('every place in a page has exactly the public fields', async () => {
    const json = await readJson(api.get('/api/v1/places?country=es&limit=100'));
    for (const place of json.body.places) expect(keysOf(place)).toEqual(PLACE_KEYS);
  });
});
