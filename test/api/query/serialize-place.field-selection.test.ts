// fields=…: places hold id and exactly the fields asked for, on search and get; an unknown or repeated field is a 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDS } from '../support/provider-listings.ts';
import { expectInvalidParameters, keysOf, readJson } from '../support/shapes.ts';
import { startTestApi } from '../support/test-api.ts';
import type { TestApi } from '../support/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe('fields', () => {
  it('fields=name,phone on a search returns only id, name and phone', async () => {
    const json = await readJson(api.get('/api/v1/places?country=es&limit=10&fields=name,phone'));
    expect(json.status).toBe(200);
    expect(json.body.places).toHaveLength(10);
    for (const place of json.body.places) expect(keysOf(place)).toEqual(['id', 'name', 'phone']);
    const full = await readJson(api.get('/api/v1/places?country=es&limit=10'));
    expect(json.body.places.map((p: { name: string }) => p.name)).toEqual(full.body.places.map((p: { name: string }) => p.name));
    expect(json.body.page).toEqual(full.body.page);
  });

  it('fields on get keeps the values of the full place', async () => {
    const full = await readJson(api.get(`/api/v1/places/${IDS.mint}`));
    const json = await readJson(api.get(`/api/v1/places/${IDS.mint}?fields=location,profileUrl,address`));
    expect(json.status).toBe(200);
    expect(json.body.place).toEqual({
      id: IDS.mint,
      address: full.body.place.address,
      location: full.body.place.location,
      profileUrl: full.body.place.profileUrl,
    });
  });

  it('a cursor walk may change fields between pages', async () => {
    const first = await readJson(api.get('/api/v1/places?country=es&limit=5&fields=name'));
    const next = await readJson(api.get(`/api/v1/places?country=es&limit=5&cursor=${encodeURIComponent(first.body.page.nextCursor)}`));
    expect(next.status).toBe(200);
  });

  it.each([
    ['an unknown field', 'fields=name,secretSauce', /"secretSauce" is not a Place field/],
    ['a repeated field', 'fields=name,phone,name', /"name" is listed twice/],
    ['an empty entry', 'fields=name,,phone', /not a Place field/],
  ])('%s → 400 naming it', async (_label, query, message) => {
    for (const path of [`/api/v1/places?country=es&${query}`, `/api/v1/places/${IDS.mint}?${query}`]) {
      const json = await readJson(api.get(path));
      expectInvalidParameters(json, ['fields']);
      expect(json.body.errors[0].message).toMatch(message);
    }
  });
});
