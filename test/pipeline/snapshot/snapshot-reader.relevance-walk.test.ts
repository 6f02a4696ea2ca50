// Walks of a literal q by relevance, filters and page sizes varied: every match once, in a brute-force (score, id) order.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRandom } from '../../../pipeline/generate/prng.ts';
import { openSnapshotReader } from '../../../pipeline/snapshot/snapshot-reader.ts';
import type { SearchQuery, SnapshotReader } from '../../../pipeline/snapshot/reader-types.ts';
import type { NormalisedListing } from '../../../pipeline/normalise/normalised-listing.ts';
import { searchWords } from '../../../pipeline/snapshot/search-words.ts';
import { makeListing } from './support/make-listing.ts';
import { publishListings } from './support/snapshot-test-kit.ts';

const FIRST = ['Hotel', 'Hostal', 'Casa', 'Apartamentos', 'Casa Rural'];
const SECOND = ['Marina', 'Marinas', 'Sol', 'Hotelito', 'Casa Marina', 'Mar'];
const CITIES = ['Madrid', 'Marina de Cudeyo', 'Casas del Sol', 'Hotel de Ville'];

/** 300 places whose names, legal names, cities and labels hold the searched words whole, as part of others, or not. */
function places(): NormalisedListing[] {
  const random = createRandom(11);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random.next() * items.length)]!;
  return Array.from({ length: 300 }, (_, i) =>
    makeListing({
      providerId: `r${String((i * 7919) % 10_007).padStart(5, '0')}`,
      place: {
        name: `${pick(FIRST)} ${pick(SECOND)}`,
        legalName: i % 5 === 0 ? `${pick(SECOND)} S.L.` : null,
        address: { street: 'Calle 1', city: pick(CITIES), state: null, postalCode: '28013', country: 'es' },
        lodgingType: i % 3 === 0 ? 'hostel' : 'hotel',
        lodgingTypes: [i % 3 === 0 ? 'Hostal' : 'Casa rural'],
      },
      source: { line: i + 1 },
    }),
  );
}

/** The relevance rule written out: per typed word, 9 in a name, else 6 in the city, else 3 in a label, else 0. */
function scoreOf(listing: NormalisedListing, q: string): number {
  const { place } = listing;
  const name = new Set([...searchWords(String(place.name)), ...searchWords(String(place.legalName ?? ''))]);
  const city = new Set(searchWords(String(place.address.city)));
  const labels = new Set(place.lodgingTypes.flatMap((label) => searchWords(label)));
  return searchWords(q).reduce((sum, word) => sum + (name.has(word) ? 9 : city.has(word) ? 6 : labels.has(word) ? 3 : 0), 0);
}

function walk(reader: SnapshotReader, base: Omit<SearchQuery, 'limit'>, limits: readonly number[]): { ids: string[]; keys: unknown[] } {
  const ids: string[] = [];
  const keys: unknown[] = [];
  let after: SearchQuery['sortAfter'];
  let afterId: string | undefined;
  for (let page = 0; page < 1000; page += 1) {
    const limit = limits[page % limits.length]!;
    const result = reader.searchRows({ ...base, limit, ...(after ? { sortAfter: after } : {}), ...(afterId ? { afterId } : {}) });
    ids.push(...result.rows.map((row) => row.id));
    if (!result.hasMore) return { ids, keys };
    expect(result.rows).toHaveLength(limit);
    keys.push(result.sortKey);
    const last = result.rows.at(-1)!.id;
    if (base.sort === 'relevance') after = { key: result.sortKey!, id: last };
    else afterId = last;
  }
  throw new Error('the walk did not end');
}

describe('relevance walks of a literal q', () => {
  const listings = places();
  let dataDir = '';
  let reader: SnapshotReader;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'lodging-relevance-walk-'));
    publishListings(dataDir, listings);
    reader = openSnapshotReader(dataDir);
  });
  afterAll(() => {
    reader.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const filters: Omit<SearchQuery, 'limit' | 'country'>[] = [{}, { lodgingType: 'hostel' }, { citySlug: 'marina-de-cudeyo' }, { citySlug: 'madrid', lodgingType: 'hotel' }];
  const queries = ['marina', 'casa marina', 'hotel', 'sol', 'mar', 'ma', 'otel', 'casa rural', 'hostal', 'de', 'zzz', 'marina casa', 'marina marina'];

  it.each(queries)('q=%s: the literal matches, best score first, ties by id, with every page size and filter', (q) => {
    for (const filter of filters) {
      const base = { country: 'es' as const, q, ...filter };
      // The literal result in id order is the set a relevance walk orders.
      const matched = walk(reader, base, [50]).ids;
      const byId = new Map(listings.map((l) => [l.place.id, l]));
      const score = (id: string) => scoreOf(byId.get(id)!, q);
      const expected = [...matched].sort((a, b) => score(b) - score(a) || (a < b ? -1 : a > b ? 1 : 0));
      for (const limits of [[1], [4, 9], [25]]) {
        const found = walk(reader, { ...base, sort: 'relevance' }, limits);
        expect(found.ids, `${q} ${JSON.stringify(filter)} ${limits.join(',')}`).toEqual(expected);
      }
      if (q === 'marina' && Object.keys(filter).length === 0) {
        // Every tier is met: name, city, label-free partial matches (score 0).
        expect(new Set(expected.map(score))).toEqual(new Set([9, 6, 0]));
      }
    }
  });

  it('gives each page the score of its last place as the cursor key', () => {
    const { ids, keys } = walk(reader, { country: 'es', q: 'casa marina', sort: 'relevance' }, [3]);
    const byId = new Map(listings.map((l) => [l.place.id, l]));
    keys.forEach((key, page) => expect(key).toBe(scoreOf(byId.get(ids[page * 3 + 2]!)!, 'casa marina')));
  });
});
