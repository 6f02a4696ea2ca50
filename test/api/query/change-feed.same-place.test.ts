// The change feed with include=fields: a place merged into another (same place) is removed with replacedBy; other removals stay ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST, REPEAT, TWIN } from '../../support/same-place-listings.ts';
import { readJson } from '../support/shapes.ts';
import { startTestApi } from '../support/test-api.ts';
import type { TestApi } from '../support/test-api.ts';

/** REPEAT in the first version: another place far away with its own phone, so both camp sites are served. */
const ELSEWHERE = { ...REPEAT, name: 'Hostal Mirador', phone: '+34 973 00 11 22', website: 'www.hostal-mirador.example', location: { lat: 42.5, lng: 1.5 } };

let api: TestApi;
let first = '';
beforeAll(async () => {
  api = await startTestApi({ exports: { es: [FIRST, ELSEWHERE, TWIN] } });
  first = (await readJson(api.get('/api/v1/changes?country=es'))).body.to;
  // Now REPEAT is the camp site FIRST is: one place, kept under the smaller id (es-fageda-a); TWIN leaves.
  await api.publish('es', [FIRST, REPEAT]);
});
afterAll(async () => {
  await api?.close();
});

describe('the change feed over a merge', () => {
  it('with include=fields, the merged place names the id it is served under; the place that left stays an id', async () => {
    const json = await readJson(api.get(`/api/v1/changes?country=es&since=${first}&include=fields`));
    expect(json.status).toBe(200);
    expect(json.body.removed).toEqual([{ id: 'es-fageda-b', replacedBy: 'es-fageda-a' }, 'es-fageda-b-2']);
    expect(json.body.changed.map((entry: { id: string }) => entry.id)).toEqual(['es-fageda-a']);
    expect((await api.get('/api/v1/places/es-fageda-a')).status).toBe(200);
  });

  it('without include, removed stays a list of ids', async () => {
    const json = await readJson(api.get(`/api/v1/changes?country=es&since=${first}`));
    expect(json.body.removed).toEqual(['es-fageda-b', 'es-fageda-b-2']);
  });

  it('pages of one entry carry replacedBy as well', async () => {
    const removed: unknown[] = [];
    let cursor: string | null = null;
    do {
      const json = await readJson(api.get(`/api/v1/changes?country=es&since=${first}&include=fields&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`));
      removed.push(...json.body.removed);
      cursor = json.body.page.nextCursor;
    } while (cursor !== null);
    expect(removed).toEqual([{ id: 'es-fageda-b', replacedBy: 'es-fageda-a' }, 'es-fageda-b-2']);
  });
});
