// The change feed with include=fields: added and changed places carry their served record, changed ones the fields that differ.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedFields } from '../../../api/query/changed-fields.ts';
import { BULK_LISTINGS, ES_LISTINGS } from '../support/provider-listings.ts';
import { readJson } from '../support/shapes.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';

describe('changedFields', () => {
  it('names the Place fields whose values differ, nested ones compared whole, in field order', () => {
    const before = JSON.stringify({ id: 'a', name: 'A', address: { city: 'X' }, rating: 4, lodgingTypes: ['Hotel'] });
    const after = JSON.stringify({ id: 'a', name: 'B', address: { city: 'Y' }, rating: 4, lodgingTypes: ['Hotel'] });
    expect(changedFields(before, after)).toEqual(['name', 'address']);
    expect(changedFields(before, before)).toEqual([]);
  });
});

describe('GET /api/v1/changes?include=fields', () => {
  let api: TestApi;
  let first: string;
  const idOf = (listing: Record<string, unknown>) => `es-${String(listing.providerId)}`;
  const dropped = BULK_LISTINGS.slice(3, 5);
  const renamed = BULK_LISTINGS[10]!;
  const added = { ...BULK_LISTINGS[0]!, providerId: 'brand-new-listing', name: 'Hostal Recién Llegado' };

  beforeAll(async () => {
    api = await startTestApi({ exports: { es: [...ES_LISTINGS, ...BULK_LISTINGS] } });
    first = (await readJson(api.get('/api/v1/changes?country=es'))).body.to;
    const next = [...ES_LISTINGS, ...BULK_LISTINGS.filter((l) => !dropped.includes(l)), added].map((l) =>
      l === renamed ? { ...l, name: `${String(l.name)} Renamed` } : l,
    );
    await api.publish('es', next);
  }, 120_000);
  afterAll(async () => api?.close());

  it('gives added and changed places as GET /api/v1/places/{id} answers them, changedFields, and removed ids alone', async () => {
    const page = await readJson(api.get(`/api/v1/changes?country=es&since=${first}&include=fields`));
    expect(page.status).toBe(200);
    expect(page.body.added.map((a: { id: string }) => a.id)).toEqual([idOf(added)]);
    expect(page.body.changed).toHaveLength(1);
    expect(page.body.changed[0]).toMatchObject({ id: idOf(renamed), changedFields: ['name'] });
    expect(page.body.removed).toEqual(dropped.map(idOf).sort());
    for (const entry of [...page.body.added, ...page.body.changed] as { id: string; place: unknown }[]) {
      const answer = await readJson(api.get(`/api/v1/places/${encodeURIComponent(entry.id)}`));
      expect(entry.place).toEqual(answer.body.place);
    }
  });

  it('pages the same ids as without include, and without include the answer keeps its shape', async () => {
    const plain = await readJson(api.get(`/api/v1/changes?country=es&since=${first}`));
    expect(plain.body.changed).toEqual([idOf(renamed)]);
    expect(plain.body.added).toEqual([idOf(added)]);
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await readJson(api.get(`/api/v1/changes?country=es&since=${first}&include=fields&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`));
      ids.push(...page.body.added.map((a: { id: string }) => a.id), ...page.body.changed.map((c: { id: string }) => c.id), ...page.body.removed);
      cursor = page.body.page.nextCursor;
    } while (cursor !== null);
    expect(ids.sort()).toEqual([...plain.body.added, ...plain.body.changed, ...plain.body.removed].sort());
  });

  it('refuses another include value, naming it', async () => {
    const bad = await readJson(api.get(`/api/v1/changes?country=es&since=${first}&include=everything`));
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { parameter: string }) => e.parameter)).toEqual(['include']);
  });
});
