// GET /api/v1/places/{placeId}: URL-encoded ids round-trip, exact field sets, 404 for everything not published, 400 for bad ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDS } from '../support/provider-listings.ts';
import { startTestApi } from '../support/test-api.ts';
import type { TestApi } from '../support/test-api.ts';
import { ADDRESS_KEYS, LOCATION_KEYS, PHONE_RECORD_KEYS, PLACE_KEYS, expectInvalidParameters, keysOf, readJson } from '../support/shapes.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const getPlace = (id: string) => readJson(api.get(`/api/v1/places/${encodeURIComponent(id)}`));

describe('published places', () => {
  it('returns { place } with every public field, nested objects included, and nothing else', async () => {
    const json = await getPlace(IDS.mint);
    expect(json.status).toBe(200);
    expect(keysOf(json.body)).toEqual(['place']);
    const place = json.body.place;
    expect(keysOf(place)).toEqual(PLACE_KEYS);
    expect(keysOf(place.address)).toEqual(ADDRESS_KEYS);
    expect(keysOf(place.location)).toEqual(LOCATION_KEYS);
    expect(place.additionalPhones.length).toBeGreaterThan(0);
    for (const phone of place.additionalPhones) expect(keysOf(phone)).toEqual(PHONE_RECORD_KEYS);
    expect(place).toMatchObject({
      id: IDS.mint,
      name: 'Vincci The Mint',
      address: { city: 'Madrid', country: 'es' },
      phone: '+34914902650',
      phoneType: 'landline',
      lodgingType: 'hotel',
      rating: 4.5,
      reviewCount: 1234,
      verified: true,
      whatsappEligible: false,
      profileUrl: `${api.publicUrl}/places/${encodeURIComponent(IDS.mint)}`,
    });
  });

  it('answers JSON, for the place and for a search page alike', async () => {
    for (const path of [`/api/v1/places/${encodeURIComponent(IDS.mint)}`, '/api/v1/places?country=es&limit=2']) {
      const res = await api.get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(typeof JSON.parse(await res.text())).toBe('object');
    }
  });

  it('a sparse place still has every field, as null or []', async () => {
    const { body } = await getPlace(IDS.coruna);
    expect(keysOf(body.place)).toEqual(PLACE_KEYS);
    expect(keysOf(body.place.address)).toEqual(ADDRESS_KEYS);
    expect(body.place).toMatchObject({
      location: null,
      phone: null,
      phoneType: null,
      additionalPhones: [],
      email: null,
      website: null,
      sourceMapsUrl: null,
      rating: null,
      reviewCount: null,
      openingHours: null,
      whatsappEligible: false,
      verified: false,
    });
  });

  it('never contains internal metadata', async () => {
    const { text } = await getPlace(IDS.mint);
    for (const internal of ['status', 'reasons', 'crawledAt', 'runId', 'providerId', 'citySlug', 'issues', 'businessStatus', 'search']) {
      expect(text).not.toContain(`"${internal}"`);
    }
  });

  it.each([
    ['reserved characters (/ ? # % space +)', IDS.reserved],
    ['a name with markup', IDS.script],
  ])('an id with %s round-trips URL encoding', async (_label, id) => {
    const json = await getPlace(id);
    expect(json.status).toBe(200);
    expect(json.body.place.id).toBe(id);
    const profile = new URL(json.body.place.profileUrl);
    expect(decodeURIComponent(profile.pathname.slice('/places/'.length))).toBe(id);
  });

  it('the id a search returns is the id the place endpoint accepts', async () => {
    const search = await readJson(api.get('/api/v1/places?country=es&q=odd'));
    const [hit] = search.body.places;
    expect(hit.id).toBe(IDS.reserved);
    expect((await getPlace(hit.id)).body.place).toEqual(hit);
  });
});

describe('not published → 404', () => {
  it.each([
    ['an unknown id', 'es-does-not-exist'],
    ['an id of a country with no snapshot', 'fr-anything'],
    ['an id without a country', 'nothing'],
    ['a closed listing', IDS.closed],
    ['a rejected (non-lodging) listing', IDS.rejected],
    ['a suppressed listing', IDS.suppressed],
    ['the raw, unencoded-reserved form of an id', 'es-odd'],
  ])('%s', async (_label, id) => {
    const json = await getPlace(id);
    expect(json.status).toBe(404);
    expect(json.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(json.body).toMatchObject({ status: 404, title: 'Not Found' });
  });

  it('a listing absent from a re-import is no longer published', async () => {
    expect((await getPlace(IDS.gbBelfast)).status).toBe(200);
    await api.publish('gb', [
      { providerId: 'other-1', name: 'Other Guest House', address: { city: 'Belfast', countryCode: 'GB' }, categories: ['Guest house'] },
    ]);
    expect((await getPlace(IDS.gbBelfast)).status).toBe(404);
    expect((await getPlace('gb-other-1')).status).toBe(200);
  });
});

describe('bad ids → 400', () => {
  it.each([
    ['301 characters', `es-${'x'.repeat(298)}`],
    ['301 non-ASCII characters', `es-${'ñ'.repeat(298)}`],
  ])('%s', async (_label, id) => {
    expectInvalidParameters(await getPlace(id), ['placeId']);
  });

  it('exactly 300 characters is a valid id (404 when unknown)', async () => {
    expect((await getPlace(`es-${'x'.repeat(297)}`)).status).toBe(404);
  });

  it('a malformed percent-escape', async () => {
    expectInvalidParameters(await readJson(api.get('/api/v1/places/es-%E0%A4%A')), ['placeId']);
  });
});
