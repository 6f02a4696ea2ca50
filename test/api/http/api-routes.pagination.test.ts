// Keyset cursors: a walk returns every match once (also across a snapshot swap); cursors are signed and bound to their filters.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../platform/environment.ts';
import { startServer } from '../../../api/server.ts';
import { BULK_LISTINGS, ES_LISTINGS } from '../support/provider-listings.ts';
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

async function firstCursor(query: string): Promise<string> {
  const json = await readJson(api.get(`/api/v1/places?${query}`));
  expect(json.body.page.nextCursor).toEqual(expect.any(String));
  return json.body.page.nextCursor;
}

const withCursor = (query: string, cursor: string) => readJson(api.get(`/api/v1/places?${query}&cursor=${encodeURIComponent(cursor)}`));

describe('a full walk', () => {
  it.each([
    ['all of a country, 7 per page', 'country=es&limit=7'],
    ['one per page', 'country=es&city=madrid&lodgingType=hotel&whatsapp=true&limit=1'],
    ['with q', 'country=es&q=hotel&limit=9'],
    ['with verified=false', 'country=es&verified=false&limit=25'],
  ])('%s returns every match exactly once', async (_label, query) => {
    const oneShot = await readJson(api.get(`/api/v1/places?${query.replace(/limit=\d+/, 'limit=100')}`));
    const ids = await walkIds(api.get, query);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(oneShot.body.places.map((p: { id: string }) => p.id));
  });

  it('may change the page size between pages', async () => {
    const cursor = await firstCursor('country=es&limit=10');
    const next = await withCursor('country=es&limit=50', cursor);
    expect(next.status).toBe(200);
    expect(next.body.places).toHaveLength(50);
  });

  it('returns every match exactly once when a new snapshot is published mid-walk', async () => {
    const query = 'country=es&limit=10';
    const before = await walkIds(api.get, 'country=es&limit=100');
    const removed = before.at(-5)!; // far ahead of the cursor when the swap happens
    const earlyAdded = { providerId: '000-early', name: 'Early Hotel', address: { city: 'Madrid', countryCode: 'ES' }, categories: ['Hotel'] };
    const lateAdded = { providerId: 'zzz-late', name: 'Late Hotel', address: { city: 'Madrid', countryCode: 'ES' }, categories: ['Hotel'] };
    const next = [...ES_LISTINGS, ...BULK_LISTINGS].filter((l) => `es-${String(l.providerId)}` !== removed);

    const ids = await walkIds(api.get, query, async (page) => {
      if (page === 2) await api.publish('es', [earlyAdded, ...next, lateAdded]);
    });

    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(before.filter((id) => id !== removed).concat('es-zzz-late'));
    expect(ids).not.toContain('es-000-early'); // inserted behind the cursor: the walk had passed that point
    await api.publish('es', [...ES_LISTINGS, ...BULK_LISTINGS]);
  });
});

describe('cursors that are not accepted → 400 naming cursor', () => {
  const base = 'country=es&city=madrid&limit=5';
  it.each([
    ['a different city', 'country=es&city=barcelona&limit=5'],
    ['an added q', `${base}&q=hotel`],
    ['an added lodgingType', `${base}&lodgingType=hotel`],
    ['an added whatsapp filter', `${base}&whatsapp=true`],
    ['an added verified filter', `${base}&verified=false`],
    ['a different country', 'country=gb&city=madrid&limit=5'],
    ['no city', 'country=es&limit=5'],
  ])('a cursor used with %s', async (_label, otherQuery) => {
    const cursor = await firstCursor(base);
    expectInvalidParameters(await withCursor(otherQuery, cursor), ['cursor']);
  });

  const tamper = (cursor: string, at: number) =>
    cursor.slice(0, at) + (cursor[at] === 'A' ? 'B' : 'A') + cursor.slice(at + 1);
  it.each([
    ['a changed payload character', (c: string) => tamper(c, 3)],
    ['a changed signature character', (c: string) => tamper(c, c.length - 3)],
    ['a cut signature', (c: string) => c.slice(0, -4)],
    ['no signature', (c: string) => c.split('.')[0]!],
    ['an extra segment', (c: string) => `${c}.x`],
    ['a payload swapped for a hand-made one', (c: string) => `${Buffer.from(JSON.stringify({ v: 1, a: 'es-z', f: 'x' })).toString('base64url')}.${c.split('.')[1]}`],
    ['random text', () => 'not-a-cursor'],
    ['non-base64 characters', () => '!!!.???'],
  ])('%s', async (_label, mutate) => {
    const cursor = await firstCursor(base);
    expectInvalidParameters(await withCursor(base, mutate(cursor)), ['cursor']);
  });

  it('a cursor signed by another server (another secret)', async () => {
    const other = await startTestApi({ exports: { es: ES_LISTINGS } });
    try {
      const foreign = (await readJson(other.get('/api/v1/places?country=es&limit=1'))).body.page.nextCursor;
      expect(foreign).toEqual(expect.any(String));
      expectInvalidParameters(await withCursor('country=es&limit=1', foreign), ['cursor']);
    } finally {
      await other.close();
    }
  });
});

describe('cursors that are accepted', () => {
  it('lodgingType=lodging binds like no lodgingType (it restricts nothing)', async () => {
    const cursor = await firstCursor('country=es&limit=5');
    expect((await withCursor('country=es&lodgingType=lodging&limit=5', cursor)).status).toBe(200);
  });

  it('survive a restart: the secret is kept in the data dir (0600) and cursors do not expire', async () => {
    const cursor = await firstCursor('country=es&limit=5');
    const expected = (await withCursor('country=es&limit=5', cursor)).body;
    const secretFile = path.join(api.dataDir, 'secrets', 'cursor-secret');
    expect((await stat(secretFile)).mode & 0o777).toBe(0o600);
    const again = await startServer(parseConfig({ LODGING_DATA_DIR: api.dataDir, PORT: '0', LOG_LEVEL: 'silent' }));
    try {
      const res = await fetch(`${again.url}/api/v1/places?country=es&limit=5&cursor=${encodeURIComponent(cursor)}`, {
        headers: { 'X-API-Key': api.secret },
      });
      const body = (await readJson(res)).body;
      expect(body.places.map((p: { id: string }) => p.id)).toEqual(expected.places.map((p: { id: string }) => p.id));
    } finally {
      await again.close();
    }
  });
});
