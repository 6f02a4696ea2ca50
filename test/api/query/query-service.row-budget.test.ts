// Extension queries within the row budget, over real HTTP and a real snapshot: the pages a plain reading of the snapshot
// gives; past a tiny budget (LODGING_QUERY_ROW_BUDGET) bbox, near and changes answer 503 with Retry-After while a search
// the specification defines answers as always; since=<current> needs no diff; a diff walked once is kept; one request,
// one count against the key's limit.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../api/server.ts';
import { generateListingLines } from '../../../pipeline/generate/generate-listings.ts';
import { distanceMeters } from '../../../pipeline/snapshot/geo-cover.ts';
import { snapshotPath } from '../../../pipeline/snapshot/snapshot-paths.ts';
import { readPointer } from '../../../pipeline/snapshot/snapshot-pointer.ts';
import { parseConfig } from '../../../platform/environment.ts';
import type { ProviderListing } from '../support/provider-listings.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { registerPlaceTextFunctions } from '../../../pipeline/snapshot/place-text-sql.ts';

/** More located places than a box is read whole for (geo-search.ts): the whole country is walked in id order. */
const LISTINGS: ProviderListing[] = [...generateListingLines({ country: 'es', count: 4000, seed: 7 })].flatMap((line) => {
  try {
    const value: unknown = JSON.parse(line);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? [value as ProviderListing] : [];
  } catch {
    return []; // the generator writes some bad lines on purpose
  }
});
const TINY_BUDGET = 5;

let api: TestApi;
let tight: RunningServer;
let first: string;
let second: string;
beforeAll(async () => {
  // Walks and retries make many requests: the key's window is not what is tested (but for one count a request, below).
  api = await startTestApi({ exports: { es: LISTINGS }, env: { LODGING_RATE_LIMIT: '1000000' } });
  first = readPointer(api.dataDir, 'es')!.version;
  // The second version: some places gone, some renamed, some new.
  const next = LISTINGS.filter((_, i) => i % 9 !== 0).map((l, i) => (i % 13 === 0 ? { ...l, name: `${String(l.name)} Nuevo` } : l));
  await api.publish('es', [...next, ...LISTINGS.slice(0, 40).map((l, i) => ({ ...l, providerId: `budget-new-${i}` }))]);
  second = readPointer(api.dataDir, 'es')!.version;
  // A second server on the same data directory (same keys, same cursor secret) with a tiny row budget.
  const config = parseConfig({ LOG_LEVEL: 'silent', LODGING_DATA_DIR: api.dataDir, PORT: '0', LODGING_QUERY_ROW_BUDGET: String(TINY_BUDGET), LODGING_RATE_LIMIT: '1000000' });
  tight = await startServer(config, {
    refreshIntervalMs: 0,
    authFailureLimit: { limit: 1000, windowS: 60 },
    profileLimits: { pages: { limit: 100_000, windowS: 60 }, misses: { limit: 100_000, windowS: 60 } },
  });
}, 180_000);
afterAll(async () => {
  await tight?.close();
  await api?.close();
});

const getFrom = (base: string, pathAndQuery: string) => fetch(`${base}${pathAndQuery}`, { headers: { 'X-API-Key': api.secret } });

interface Page {
  places: { id: string }[];
  distancesMeters?: number[];
  page: { nextCursor: string | null };
}

/** Every id of a search, page after page. */
async function walkIds(query: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await api.get(`/api/v1/places?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status, query).toBe(200);
    const body = (await res.json()) as Page;
    ids.push(...body.places.map((p) => p.id));
    cursor = body.page.nextCursor;
  } while (cursor !== null);
  return ids;
}

interface Filters {
  city?: string;
  lodgingType?: string;
  whatsapp?: boolean;
  q?: string;
}

/** The served places passing the filters, read plainly from the current snapshot file: [id, latitude, longitude]. */
function reference(filters: Filters): [string, number, number][] {
  const db = new Database(snapshotPath(api.dataDir, 'es', second), { readonly: true });
  registerPlaceTextFunctions(db);
  try {
    let sql = `SELECT id, json_extract(served_json(place_json), '$.location.latitude'), json_extract(served_json(place_json), '$.location.longitude') FROM places
      WHERE json_extract(served_json(place_json), '$.location.latitude') IS NOT NULL`;
    const params: unknown[] = [];
    if (filters.city) (sql += ' AND city_slug = ?'), params.push(filters.city);
    if (filters.lodgingType) (sql += ' AND lodging_type = ?'), params.push(filters.lodgingType);
    if (filters.whatsapp !== undefined) (sql += ' AND whatsapp = ?'), params.push(filters.whatsapp ? 1 : 0);
    if (filters.q) (sql += ' AND instr(search_text, ?) > 0'), params.push(filters.q);
    return db.prepare(`${sql} ORDER BY id`).raw(true).all(...params) as [string, number, number][];
  } finally {
    db.close();
  }
}

const filterQuery = (filters: Filters): string =>
  Object.entries(filters)
    .map(([name, value]) => `&${name}=${encodeURIComponent(String(value))}`)
    .join('');

const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

const FILTERS: Filters[] = [{}, { city: 'nope' }, { q: 'zzq' }, { city: 'nope', q: 'zzq' }, { lodgingType: 'hotel' }, { whatsapp: true, q: 'sol' }, { q: 'ho' }, { city: 'madrid' }];

describe('map-area pages within the budget are the pages a plain reading gives', () => {
  const BOXES = [
    [-180, -90, 180, 90],
    [-10, 35, 5, 44],
    [-3.9, 40.3, -3.5, 40.6],
    [-4.5, 39.5, -2.5, 41.5],
    [10, 10, 11, 11],
  ] as const;
  it.each(BOXES.flatMap((box) => FILTERS.map((filters) => [box.join(','), filters] as const)))('bbox=%s %j', async (box, filters) => {
    const [minLng, minLat, maxLng, maxLat] = box.split(',').map(Number) as [number, number, number, number];
    const expected = reference(filters)
      .filter(([, lat, lng]) => lat >= minLat && lat <= maxLat && lng >= minLng && lng <= maxLng)
      .map(([id]) => id)
      .sort(byteOrder);
    expect(await walkIds(`country=es&bbox=${box}&limit=40${filterQuery(filters)}`)).toEqual(expected);
  });
});

describe('nearby pages within the budget are the pages a plain reading gives', () => {
  const POINTS = [
    [40.4168, -3.7038, 50_000],
    [41.3874, 2.1686, 5000],
    [37.26, 1.27, 12_000],
  ] as const;
  it.each(POINTS.flatMap((point) => FILTERS.map((filters) => [point.join(','), filters] as const)))('near=%s %j', async (point, filters) => {
    const [latitude, longitude, radius] = point.split(',').map(Number) as [number, number, number];
    const expected = reference(filters)
      .map(([id, lat, lng]) => [id, distanceMeters({ latitude, longitude }, { latitude: lat, longitude: lng })] as const)
      .filter(([, distance]) => distance <= radius)
      .sort((a, b) => a[1] - b[1] || byteOrder(a[0], b[0]))
      .map(([id]) => id);
    expect(await walkIds(`country=es&near=${latitude},${longitude}&radius=${radius}&limit=40${filterQuery(filters)}`)).toEqual(expected);
  });
});

describe('past the budget', () => {
  it.each([
    ['a map-area search', '/api/v1/places?country=es&bbox=-180,-90,180,90&whatsapp=true'],
    ['a nearby search', '/api/v1/places?country=es&near=40.4168,-3.7038&radius=50000'],
    // (Before the walks below, which leave this diff kept whole.)
    ['the change feed', `/api/v1/changes?country=es&since=${'FIRST'}`],
  ])('%s answers 503 over-budget with Retry-After, as problem+json', async (_name, pathAndQuery) => {
    const res = await getFrom(tight.url, pathAndQuery.replace('FIRST', first));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const body = (await res.json()) as { type: string; status: number; detail: string };
    expect(body.type).toBe(`${tight.publicUrl}/problems/over-budget`);
    expect(body.status).toBe(503);
    expect(body.detail).toMatch(new RegExp(`more than ${TINY_BUDGET} rows`));
  });

  it.each(['country=es&q=zq', 'country=es&q=zzq&city=nope', 'country=es&lodgingType=hotel&whatsapp=true&limit=100', 'country=es&q=sol'])(
    'a search the specification defines keeps its status and body: %s',
    async (query) => {
      const plain = await api.get(`/api/v1/places?${query}`);
      const cut = await getFrom(tight.url, `/api/v1/places?${query}`);
      expect(cut.status).toBe(200);
      // The same body but for the server's own address in each profileUrl.
      expect((await cut.text()).replaceAll(tight.publicUrl, 'BASE')).toBe((await plain.text()).replaceAll(api.publicUrl, 'BASE'));
    },
  );

  it('one request counts one against the key, whether it is answered or refused', async () => {
    const { secret } = await api.newKey('budget-count', 'count');
    const remaining = async (pathAndQuery: string) => {
      const res = await fetch(`${tight.url}${pathAndQuery}`, { headers: { 'X-API-Key': secret } });
      await res.arrayBuffer();
      return [res.status, Number(res.headers.get('ratelimit-remaining'))] as const;
    };
    const [, start] = await remaining('/api/v1/places?country=es&limit=1');
    expect(await remaining('/api/v1/places?country=es&bbox=-180,-90,180,90')).toEqual([503, start - 1]);
    expect(await remaining('/api/v1/places?country=es&bbox=10,10,11,11')).toEqual([200, start - 2]);
    expect(await remaining(`/api/v1/changes?country=es&since=${second}`)).toEqual([200, start - 3]);
  });
});

/** The ids that differ between two versions, read plainly from both files' hashes. */
function referenceDiff(from: string, to: string): { added: string[]; changed: string[]; removed: string[] } {
  const hashes = (version: string) => {
    const db = new Database(snapshotPath(api.dataDir, 'es', version), { readonly: true });
    try {
      return new Map(db.prepare('SELECT id, hash FROM place_hashes').raw(true).all() as [string, string][]);
    } finally {
      db.close();
    }
  };
  const before = hashes(from);
  const after = hashes(to);
  const added = [...after.keys()].filter((id) => !before.has(id)).sort(byteOrder);
  const changed = [...after.keys()].filter((id) => before.has(id) && before.get(id) !== after.get(id)).sort(byteOrder);
  const removed = [...before.keys()].filter((id) => !after.has(id)).sort(byteOrder);
  return { added, changed, removed };
}

interface ChangesBody {
  from: string;
  to: string;
  added: string[];
  changed: string[];
  removed: string[];
  page: { count: number; hasMore: boolean; nextCursor: string | null };
}

/** Walks the feed on one server; 503s are retried (counted) as Retry-After tells a client to. */
async function walkFeed(base: string, since: string, limit: number): Promise<{ lists: Omit<ChangesBody, 'page' | 'from' | 'to'>; refusals: number }> {
  const lists = { added: [] as string[], changed: [] as string[], removed: [] as string[] };
  let refusals = 0;
  let cursor: string | null = null;
  for (let attempts = 0; attempts < 5000; attempts += 1) {
    const res = await getFrom(base, `/api/v1/changes?country=es&since=${since}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    if (res.status === 503) {
      expect(res.headers.get('retry-after')).toBe('1');
      await res.arrayBuffer();
      refusals += 1;
      continue;
    }
    expect(res.status).toBe(200);
    const body = (await res.json()) as ChangesBody;
    lists.added.push(...body.added);
    lists.changed.push(...body.changed);
    lists.removed.push(...body.removed);
    cursor = body.page.nextCursor;
    if (cursor === null) return { lists, refusals };
  }
  throw new Error('the feed did not end');
}

describe('the change feed within the budget', () => {
  it('pages the diff a plain comparison of the two files gives', async () => {
    const expected = referenceDiff(first, second);
    expect(expected.added.length + expected.changed.length + expected.removed.length).toBeGreaterThan(300);
    const { lists, refusals } = await walkFeed(api.url, first, 37);
    expect(refusals).toBe(0);
    expect(lists).toEqual(expected);
  });

  it('past a tiny budget answers 503 with Retry-After, goes on from where it stopped when retried, and keeps the diff', async () => {
    const expected = referenceDiff(first, second);
    const walked = await walkFeed(tight.url, first, 50);
    expect(walked.lists).toEqual(expected);
    expect(walked.refusals).toBeGreaterThan(10);
    // Walked once, kept: the same walk again reads nothing, so the tiny budget never stops it.
    const again = await walkFeed(tight.url, first, 50);
    expect(again).toEqual({ lists: expected, refusals: 0 });
  });

  it('since the current version answers at once, empty, without comparing anything (a tiny budget could not)', async () => {
    const res = await getFrom(tight.url, `/api/v1/changes?country=es&since=${second}&limit=1000`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ from: second, to: second, added: [], changed: [], removed: [], page: { count: 0, hasMore: false, nextCursor: null } });
  });
});
