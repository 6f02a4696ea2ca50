// Nearby and map-area search over generated places: exactly the places a separate haversine puts inside, walked without repeat or gap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateListingLines } from '../../../pipeline/generate/generate-listings.ts';
import type { ProviderListing } from '../support/provider-listings.ts';
import { expectInvalidParameters, readJson, walkIds } from '../support/shapes.ts';
import { startTestApi } from '../support/test-api.ts';
import type { TestApi } from '../support/test-api.ts';

interface Located {
  id: string;
  location: { latitude: number; longitude: number } | null;
}

/** Ten places on one spot, so a walk has to page through equal distances. */
const TWINS: ProviderListing[] = Array.from({ length: 10 }, (_, i) => ({
  providerId: `twin-${i}`,
  name: `Twin Hostel ${i}`,
  address: { city: 'Madrid', countryCode: 'ES' },
  location: { lat: 40.4168, lng: -3.7038 },
  categories: ['Hostel'],
}));

let api: TestApi;
let located: Located[] = [];
beforeAll(async () => {
  // The generator writes some broken lines on purpose: the import would reject them anyway.
  const generated = [...generateListingLines({ country: 'es', count: 2500, seed: 7 })].flatMap((line) => {
    try {
      const value: unknown = JSON.parse(line);
      return value !== null && typeof value === 'object' && !Array.isArray(value) ? [value as ProviderListing] : [];
    } catch {
      return [];
    }
  });
  api = await startTestApi({ exports: { es: [...generated, ...TWINS] } });
  let cursor: string | null = null;
  do {
    const json = await readJson(api.get(`/api/v1/places?country=es&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`));
    located.push(...(json.body.places as Located[]));
    cursor = json.body.page.nextCursor;
  } while (cursor !== null);
  located = located.filter((place) => place.location !== null);
}, 120_000);
afterAll(async () => {
  await api?.close();
});

/** An independent great-circle distance (haversine, mean Earth radius). */
function haversine(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const r = (deg: number) => (deg * Math.PI) / 180;
  const h = Math.sin(r(b.latitude - a.latitude) / 2) ** 2 + Math.cos(r(a.latitude)) * Math.cos(r(b.latitude)) * Math.sin(r(b.longitude - a.longitude) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

async function walkNear(query: string): Promise<{ ids: string[]; distances: number[] }> {
  const ids: string[] = [];
  const distances: number[] = [];
  let cursor: string | null = null;
  do {
    const json = await readJson(api.get(`/api/v1/places?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`));
    expect(json.status).toBe(200);
    expect(json.body.distancesMeters).toHaveLength(json.body.places.length);
    ids.push(...json.body.places.map((p: Located) => p.id));
    distances.push(...json.body.distancesMeters);
    cursor = json.body.page.nextCursor;
  } while (cursor !== null);
  return { ids, distances };
}

describe('near', () => {
  it.each([
    ['Madrid, 5 km, 7 per page', { latitude: 40.4168, longitude: -3.7038 }, 5000, 7],
    ['Madrid, the default radius', { latitude: 40.4168, longitude: -3.7038 }, undefined, 3],
    ['Barcelona, 12 km, 25 per page', { latitude: 41.3874, longitude: 2.1686 }, 12000, 25],
  ])('%s: exactly the places within the radius, nearest first, each once', async (_label, center, radius, limit) => {
    const radiusParam = radius === undefined ? '' : `&radius=${radius}`;
    const { ids, distances } = await walkNear(`country=es&near=${center.latitude},${center.longitude}${radiusParam}&limit=${limit}`);
    const inside = located.filter((p) => haversine(center, p.location!) <= (radius ?? 1000));
    expect(inside.length).toBeGreaterThan(limit * 2);
    expect(new Set(ids).size).toBe(ids.length);
    // Places within a few centimetres of the edge may fall either way between two haversine implementations.
    const clear = inside.filter((p) => Math.abs(haversine(center, p.location!) - (radius ?? 1000)) > 0.5);
    for (const place of clear) expect(ids).toContain(place.id);
    expect(ids.length - inside.length).toBeLessThanOrEqual(inside.length - clear.length);
    for (let i = 1; i < distances.length; i += 1) expect(distances[i]).toBeGreaterThanOrEqual(distances[i - 1]!);
    const byId = new Map(located.map((p) => [p.id, p]));
    ids.forEach((id, i) => {
      const expected = haversine(center, byId.get(id)!.location!);
      expect(Math.abs(distances[i]! - expected)).toBeLessThanOrEqual(2 + expected * 0.005);
    });
  });

  it('pages through places at the same distance in id order, with no repeat and no gap', async () => {
    const { ids, distances } = await walkNear('country=es&near=40.4168,-3.7038&radius=1&limit=3');
    expect(ids).toEqual(TWINS.map((t) => `es-${String(t.providerId)}`).sort());
    expect(distances.every((d) => d === 0)).toBe(true);
  });

  it('combines with the other filters', async () => {
    const query = 'country=es&near=40.4168,-3.7038&radius=20000&lodgingType=hostel&limit=5';
    const { ids } = await walkNear(query);
    const all = await walkIds(api.get, 'country=es&lodgingType=hostel&limit=100');
    const near = new Set((await walkNear('country=es&near=40.4168,-3.7038&radius=20000&limit=100')).ids);
    expect([...ids].sort()).toEqual(all.filter((id) => near.has(id)).sort());
  });

  it.each([
    ['radius without near', 'country=es&radius=500', ['radius']],
    ['a latitude above 90', 'country=es&near=91,0', ['near']],
    ['a longitude beyond 180', 'country=es&near=40,181', ['near']],
    ['a malformed pair', 'country=es&near=40.4', ['near']],
    ['a radius over the maximum', 'country=es&near=40,-3&radius=50001', ['radius']],
    ['near with bbox', 'country=es&near=40,-3&bbox=-4,40,-3,41', ['bbox']],
  ])('%s → 400 naming the parameter', async (_label, query, parameters) => {
    const json = await readJson(api.get(`/api/v1/places?${query}`));
    expectInvalidParameters(json, parameters);
  });

  it('says near is latitude first', async () => {
    const json = await readJson(api.get('/api/v1/places?country=es&near=abc'));
    expect(json.body.errors[0].message).toMatch(/latitude first/);
    const range = await readJson(api.get('/api/v1/places?country=es&near=91,0'));
    expect(range.body.errors[0].message).toMatch(/latitude/);
  });
});

describe('bbox', () => {
  const box = { minLng: -3.75, minLat: 40.39, maxLng: -3.65, maxLat: 40.45 };
  it('returns exactly the places inside, in id order', async () => {
    const ids = await walkIds(api.get, `country=es&bbox=${box.minLng},${box.minLat},${box.maxLng},${box.maxLat}&limit=9`);
    const inside = located
      .filter(({ location: l }) => l!.longitude >= box.minLng && l!.longitude <= box.maxLng && l!.latitude >= box.minLat && l!.latitude <= box.maxLat)
      .map((p) => p.id);
    expect(inside.length).toBeGreaterThan(20);
    expect(ids).toEqual(inside);
  });

  it.each([
    ['crossing the antimeridian', 'country=es&bbox=170,-10,-170,10', /antimeridian/],
    ['a latitude beyond 90', 'country=es&bbox=-3,40,-2,91', /longitude first/],
    ['south above north', 'country=es&bbox=-3,41,-2,40', /MIN_LAT/],
    ['three numbers', 'country=es&bbox=1,2,3', /longitude first/],
  ])('%s → 400 naming bbox', async (_label, query, message) => {
    const json = await readJson(api.get(`/api/v1/places?${query}`));
    expectInvalidParameters(json, ['bbox']);
    expect(json.body.errors[0].message).toMatch(message);
  });
});
